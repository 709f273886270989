package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * ThreadState.getMessage finds a message by its own seq through the projector's pages, which are
 * paged by event seq and may come back short, and says when there is none.
 */
class MessageLookupTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern QUERY = Pattern.compile("/messages\\?after=(\\d+)&limit=(\\d+)");

  /** A log of {@code events} events in which every {@code every}-th one appends a message. */
  private static ThreadReader projector(int events, int every, List<String> asked) {
    return path -> {
      asked.add(path);
      Matcher m = QUERY.matcher(path);
      assertThat(m.matches()).as(path).isTrue();
      long after = Long.parseLong(m.group(1));
      int limit = Integer.parseInt(m.group(2));
      ObjectNode page = JSON.createObjectNode();
      ArrayNode messages = page.putArray("messages");
      long last = after;
      int scanned = 0;
      for (long seq = after + 1; seq <= events && messages.size() < limit; seq++) {
        if (scanned++ >= limit * 20) {
          break;
        }
        if (seq % every == 0) {
          messages
              .addObject()
              .put("content", "m" + seq / every)
              .put("messageSeq", seq / every)
              .put("eventSeq", seq);
        }
        last = seq;
      }
      page.put("lastSeq", last);
      return Optional.of(page);
    };
  }

  @Test
  void aMessageFarIntoALongLogIsFoundAcrossShortPages() {
    List<String> asked = new ArrayList<>();
    ThreadState state =
        new ThreadState(
            "t-1/t1/s1/c0", dev.threadline.config.Limits.defaults(), projector(50_000, 7, asked));

    assertThat(state.getMessage(5_000))
        .hasValueSatisfying(
            m -> {
              assertThat(m.path("content").asText()).isEqualTo("m5000");
              assertThat(m.path("eventSeq").asLong()).isEqualTo(35_000);
            });
    assertThat(asked).first().isEqualTo("/messages?after=4999&limit=" + MessageLookup.PAGE);
    assertThat(asked).hasSizeGreaterThan(1);
  }

  @Test
  void aMessageThatIsNotThereIsEmptyWhetherPastTheEndOrBeforeTheStart() {
    List<String> asked = new ArrayList<>();
    ThreadState state =
        new ThreadState(
            "t-1/t1/s1/c0", dev.threadline.config.Limits.defaults(), projector(100, 2, asked));

    assertThat(state.getMessage(51)).isEmpty();
    assertThat(state.getMessage(0)).isEmpty();
    assertThat(state.getMessage(50)).map(m -> m.path("content").asText()).contains("m50");
  }
}
