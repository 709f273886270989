package dev.threadline.projector.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.ThreadSummary;
import org.junit.jupiter.api.Test;

class AvroJsonTest {
  private static ThreadSummary.Builder summary() {
    return ThreadSummary.newBuilder()
        .setThreadId("t-1")
        .setTenantId("acme")
        .setAgentName("researcher")
        .setStatus(ThreadStatus.IDLE)
        .setCreatedAt(0)
        .setLastActivity(0)
        .setLastSeq(3)
        .setLastEventType("TurnCompleted");
  }

  @Test
  void aChildCarriesTheNameItsParentGaveItAsANameTag() {
    var json = AvroJson.summary(summary().setParentThreadId("p-1").setChildName("alice").build());

    assertThat(json.get("tags")).hasSize(1);
    assertThat(json.get("tags").get(0).asText()).isEqualTo("name:alice");
    assertThat(json.get("childName").asText()).isEqualTo("alice");
  }

  @Test
  void aThreadNobodyNamedHasNoTags() {
    assertThat(AvroJson.summary(summary().build()).get("tags")).isEmpty();
  }
}
