package dev.threadline.projector.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadEvent;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What an event weighs on a page: its text, field by field, nested records and lists included. */
class PageBytesTest {
  @Test
  void anEventWeighsAtLeastTheTextItCarries() {
    ThreadEvent event =
        new ThreadEvent(
            "t-1",
            "acme",
            1L,
            1,
            1,
            0L,
            Instant.EPOCH,
            new MessageAppended(
                1L,
                ChatMessage.newBuilder().setRole(Role.USER).setContent("x".repeat(300_000)).build(),
                null));
    assertThat(PageBytes.of(event)).isBetween(300_000L, 301_000L);
    assertThat(PageBytes.MAX).isEqualTo(4L << 20);
  }
}
