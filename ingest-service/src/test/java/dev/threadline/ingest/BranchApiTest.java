package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadCommand;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code POST /v1/threads/{id}/branch} against the real broker and registry, read back. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class BranchApiTest {
  private static final String AGENT =
      "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\": \"hello\"}]}}";

  private String newThread() {
    put("key-a", "/v1/agents/brancher", AGENT).statusCode(200);
    return post("key-a", "/v1/threads", "{\"agent\":\"brancher\",\"message\":\"hi\"}")
        .statusCode(201)
        .extract()
        .path("threadId");
  }

  private List<ThreadCommand> commands(String threadId, int atLeast) {
    return CommandTopic.commands(ClusterResource.topics(), threadId, atLeast);
  }

  @Test
  void aBranchIsSentAsABranchCommandAndOneWithoutItsPointIs422() {
    String threadId = newThread();
    String base = "/v1/threads/" + threadId;
    post("key-a", base + "/branch", "{\"atMessageSeq\":2,\"message\":\"edited\"}").statusCode(202);
    post("key-a", base + "/branch", "{\"atMessageSeq\":3}").statusCode(202);
    post("key-a", base + "/branch", "{}").spec(unprocessable("atMessageSeq"));
    post("key-a", base + "/branch", "{\"atMessageSeq\":-1}").spec(unprocessable("atMessageSeq"));

    List<Object> payloads = commands(threadId, 3).stream().map(ThreadCommand::getPayload).toList();
    assertThat(payloads.get(1))
        .isInstanceOfSatisfying(
            dev.threadline.avro.Branch.class,
            b -> {
              assertThat(b.getAtMessageSeq()).isEqualTo(2);
              assertThat(b.getMessage().getText()).isEqualTo("edited");
            });
    assertThat(payloads.get(2)).isEqualTo(new dev.threadline.avro.Branch(3L, null));
  }
}
