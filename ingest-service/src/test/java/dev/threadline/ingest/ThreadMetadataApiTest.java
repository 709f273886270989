package dev.threadline.ingest;

import static dev.threadline.ingest.Door.patch;
import static dev.threadline.ingest.Door.unprocessable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.SetMetadata;
import dev.threadline.topics.Topics;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * New metadata for a thread, and messages added to one: each sent as it was asked — entries set, a
 * null removing one; a user's and an assistant's words — and refused, naming the field, past their
 * limits (what the projector makes of it: SummariesTest; LangGraph's threads.update on a whole
 * stack: LangGraphSdkAcceptance).
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ThreadMetadataApiTest {
  private final Topics topics = ClusterResource.topics();

  @Test
  void aMetadataChangeIsSentAsAskedEntriesSetAndRemoved() {
    String threadId = "meta-" + UUID.randomUUID();

    patch(
            "key-a",
            "/v1/threads/" + threadId,
            "{\"metadata\":{\"topic\":\"billing\",\"stale\":null}}")
        .statusCode(202);

    assertThat(CommandTopic.commands(topics, threadId, 1).getFirst().getPayload())
        .isInstanceOfSatisfying(
            SetMetadata.class,
            m -> {
              assertThat(m.getMetadata()).containsEntry("topic", "billing").containsKey("stale");
              assertThat(m.getMetadata().get("stale")).isNull();
            });
  }

  @Test
  void messagesAddedAreSentAsAUsersAndAnAssistantsAndBadOnesRefusedNamingTheField() {
    String threadId = "append-" + UUID.randomUUID();
    String base = "/v1/threads/" + threadId + "/messages/append";

    Door.post(
            "key-a",
            base,
            "{\"messages\":[{\"role\":\"user\",\"text\":\"tea\"},"
                + "{\"role\":\"assistant\",\"text\":\"noted\"}]}")
        .statusCode(202);
    assertThat(CommandTopic.commands(topics, threadId, 1).getFirst().getPayload())
        .isInstanceOfSatisfying(
            dev.threadline.avro.AppendMessages.class,
            a ->
                assertThat(a.getMessages())
                    .extracting(m -> m.getRole().name(), m -> m.getText())
                    .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("USER", "tea"),
                        org.assertj.core.groups.Tuple.tuple("ASSISTANT", "noted")));

    Door.post("key-a", base, "{\"messages\":[]}").spec(unprocessable("messages"));
    Door.post("key-a", base, "{\"messages\":[{\"role\":\"tool\",\"text\":\"x\"}]}")
        .spec(unprocessable("messages[0].role"));
    Door.post("key-a", base, "{\"messages\":[{\"role\":\"user\",\"text\":\"\"}]}").statusCode(422);
  }

  @Test
  void aChangeOfNothingOrPastItsLimitsIsRefusedNamingMetadata() {
    String thread = "/v1/threads/meta-" + UUID.randomUUID();
    patch("key-a", thread, "{}").spec(unprocessable("metadata"));
    patch("key-a", thread, "{\"metadata\":{}}").spec(unprocessable("metadata"));
    patch("key-a", thread, "{\"metadata\":{\"note\":\"" + "x".repeat(4_097) + "\"}}")
        .spec(unprocessable("metadata"));
    StringBuilder many = new StringBuilder("{\"metadata\":{");
    for (int i = 0; i < 65; i++) {
      many.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"v\"");
    }
    patch("key-a", thread, many.append("}}").toString()).spec(unprocessable("metadata"));
    patch("key-a", "/threads/" + UUID.randomUUID(), "{\"metadata\":[1]}")
        .spec(unprocessable("metadata"));
  }
}
