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
 * New metadata for a thread: the change sent as it was asked — entries set, a null removing one —
 * and refused, naming the field, past its limits (what the projector makes of it: SummariesTest;
 * LangGraph's threads.update on a whole stack: LangGraphSdkAcceptance).
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
