package dev.threadline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolCall;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Test;

/** Kept contexts hold as few objects of their own as their values allow. */
class KeptMessagesTest {
  @Test
  void keptContextsShareOneEmptyListAndOneStringPerRepeatedName() {
    ModelContexts contexts = new ModelContexts(1 << 20);

    List<ChatMessage> first = whole(contexts.resolve(decoded(request("t-1", "c-1"))));
    List<ChatMessage> second = whole(contexts.resolve(decoded(request("t-2", "c-2"))));

    ChatMessage call = first.get(0);
    ChatMessage answer = first.get(1);
    assertThat(answer.getToolCalls()).isSameAs(List.of());
    assertThat(answer.getAttachments()).isSameAs(List.of());
    assertThat(call.getAttachments()).isSameAs(List.of());
    assertThat(call.getToolCalls().get(0).getName()).isSameAs(answer.getToolName());
    assertThat(second.get(1).getToolName()).isSameAs(answer.getToolName());
    assertThat(second.get(1).getChannel()).isSameAs(answer.getChannel());
    assertThat(second.get(1).getSender()).isSameAs(answer.getSender());
    // What is not a repeated name stays the message's own.
    assertThat(second.get(1).getContent()).isNotSameAs(answer.getContent());
  }

  @Test
  void compactingChangesNoMessagesValueHashOrEncoding() {
    for (ChatMessage message : decoded(request("t-1", "c-1")).getMessages()) {
      ChatMessage before = ChatMessage.newBuilder(message).build();
      byte[] encoded = encode(message);

      new KeptMessages().compact(message);

      assertThat(message).isEqualTo(before);
      assertThat(ContextDigest.hash(message)).isEqualTo(ContextDigest.hash(before));
      assertThat(encode(message)).isEqualTo(encoded);
    }
  }

  @Test
  void namesPastTheBoundAreKeptAsTheyCame() {
    KeptMessages kept = new KeptMessages();
    for (int i = 0; i < KeptMessages.MAX_NAMES; i++) {
      kept.name("tool-" + i);
    }

    String late = new String("one-too-many");
    assertThat(kept.name(late)).isSameAs(late);
    assertThat(kept.name(new String("one-too-many"))).isNotSameAs(late);
    String pooled = kept.name("tool-7");
    assertThat(kept.name(new String("tool-7"))).isSameAs(pooled);
    String content = "x".repeat(KeptMessages.MAX_NAME_CHARS + 1);
    assertThat(kept.name(content)).isSameAs(content);
    assertThat(kept.name(null)).isNull();
  }

  private static List<ChatMessage> whole(ModelContexts.Resolved resolved) {
    assertThat(resolved).isInstanceOf(ModelContexts.Whole.class);
    return ((ModelContexts.Whole) resolved).messages();
  }

  /** A step request whose model called the tool {@code echo}, and the tool's answer. */
  private static ModelRequest request(String thread, String callId) {
    ChatMessage call =
        ChatMessage.newBuilder()
            .setRole(Role.ASSISTANT)
            .setToolCalls(List.of(new ToolCall(callId, "echo", "{\"text\":\"hi\"}")))
            .build();
    ChatMessage answer =
        ChatMessage.newBuilder()
            .setRole(Role.TOOL)
            .setContent("hi from " + thread)
            .setToolCallId(callId)
            .setToolName("echo")
            .setChannel("main")
            .setSender("helper")
            .build();
    return ModelRequests.step(thread, thread + "-r1", List.of(call, answer));
  }

  /** {@code request} as an executor has it: decoded from its record, every string its own. */
  private static ModelRequest decoded(ModelRequest request) {
    try {
      return new SpecificDatumReader<>(ModelRequest.class)
          .read(null, DecoderFactory.get().binaryDecoder(encode(request), null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static <T extends org.apache.avro.specific.SpecificRecord> byte[] encode(T value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Encoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    try {
      new SpecificDatumWriter<T>(value.getSchema()).write(value, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
