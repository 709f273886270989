package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.threadline.avro.Abort;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ApprovalDecision;
import dev.threadline.avro.CancelEffect;
import dev.threadline.avro.Compact;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.Origin;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.Steer;
import dev.threadline.avro.Terminate;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.UserMessage;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** The HTTP API against the real broker and registry; every produced record is read back. */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IngestApiTest {
  private static final String AGENT =
      """
      {"model": {"provider": "scripted", "script": [{"toolCalls":[{"name":"echo","arguments":{"n":1}}]}, {"text":"done"}]},
       "systemPrompt": "You are a test agent for {{threadId}}.",
       "tools": [{"name": "echo", "permission": "allow"}],
       "stop": {"stopOnResponse": true, "maxSteps": 20}}""";
  private final Topics topics = ClusterResource.topics();

  private static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  @BeforeEach
  void agentExists() {
    as("key-a").body(AGENT).put("/v1/agents/helper").then().statusCode(200);
  }

  private String newThread() {
    return as("key-a")
        .body("{\"agent\":\"helper\",\"message\":\"hi\",\"metadata\":{\"source\":\"test\"}}")
        .post("/v1/threads")
        .then()
        .statusCode(201)
        .extract()
        .path("threadId");
  }

  private List<ThreadCommand> commands(String threadId, int atLeast) {
    return CommandTopic.commands(topics, threadId, atLeast);
  }

  @Test
  @Order(1)
  void putAndGetAnAgentDefinitionPublishedToTheCompactedTopic() {
    as("key-a")
        .get("/v1/agents/helper")
        .then()
        .statusCode(200)
        .body("model.provider", equalTo("scripted"))
        .body("tools[0].name", equalTo("echo"))
        .body("stop.maxSteps", equalTo(20));

    AgentDefinition stored = CommandTopic.agent(topics, "tenant-a", "helper");
    assertThat(stored.getTenantId()).isEqualTo("tenant-a");
    assertThat(stored.getModel().getProvider()).isEqualTo("scripted");
    assertThat(stored.getSystemPrompt()).contains("{{threadId}}");
  }

  @Test
  @Order(2)
  void anotherTenantDoesNotSeeTheAgent() {
    as("key-b").get("/v1/agents/helper").then().statusCode(404).contentType(Problem.MEDIA_TYPE);
  }

  @Test
  @Order(3)
  void invalidAgentDefinitionsAre422NamingTheField() {
    as("key-a")
        .body("{\"systemPrompt\":\"x\"}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .contentType(Problem.MEDIA_TYPE)
        .body("errors[0].field", equalTo("model.provider"));
    as("key-a")
        .body(
            "{\"model\":{\"provider\":\"scripted\"},\"tools\":[{\"name\":\"x\",\"permission\":\"sometimes\"}]}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("tools[0].permission"));
    as("key-a")
        .body("{\"model\":{\"provider\":\"scripted\"},\"stop\":{\"maxSteps\":0}}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("stop.maxSteps"));
    // A session may not ask for more turns than the operator's budget allows.
    as("key-a")
        .body(
            "{\"type\":\"dual_ai\",\"model\":{\"provider\":\"scripted\"},"
                + "\"stop\":{\"maxSessionTurns\":2147483647},\"sideB\":{\"systemPrompt\":\"r\"}}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("stop.maxSessionTurns"))
        .body("errors[0].message", containsString("threadline.budget.session.turns"));
    // A subagent's agent is checked when the parent is stored: define it first.
    as("key-a")
        .body(
            "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\",\"agent\":\"nobody\"}]}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("subagents[0].agent"))
        .body("errors[0].message", containsString("no agent 'nobody'"));
    // Another tenant's agent of that name does not count.
    as("key-b").body(AGENT).put("/v1/agents/only-b-has-me").then().statusCode(200);
    as("key-a")
        .body(
            "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\",\"agent\":\"only-b-has-me\"}]}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("subagents[0].agent"));
    // So is a handoff's.
    as("key-a")
        .body("{\"model\":{\"provider\":\"scripted\"},\"handoffs\":[{\"agent\":\"nobody\"}]}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("handoffs[0].agent"));
    // A handoff hands the thread to an ai_human agent, never to a dual_ai one.
    as("key-a")
        .body(
            "{\"type\":\"dual_ai\",\"model\":{\"provider\":\"scripted\"},"
                + "\"stop\":{\"maxSessionTurns\":2},\"sideB\":{\"systemPrompt\":\"r\"}}")
        .put("/v1/agents/a-pair")
        .then()
        .statusCode(200);
    as("key-a")
        .body("{\"model\":{\"provider\":\"scripted\"},\"handoffs\":[{\"agent\":\"a-pair\"}]}")
        .put("/v1/agents/broken")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("handoffs[0].agent"))
        .body("errors[0].message", containsString("dual_ai"));
  }

  @Test
  @Order(4)
  void aThreadFreezesTheAgentsItsSubagentsRun() {
    as("key-a")
        .body(
            "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\",\"agent\":\"helper\"}]}")
        .put("/v1/agents/lead")
        .then()
        .statusCode(200);
    String threadId =
        as("key-a")
            .body("{\"agent\":\"lead\",\"message\":\"hi\"}")
            .post("/v1/threads")
            .then()
            .statusCode(201)
            .extract()
            .path("threadId");

    CreateThread payload = (CreateThread) commands(threadId, 1).getFirst().getPayload();
    assertThat(payload.getAgent().getTeam())
        .singleElement()
        .satisfies(a -> assertThat(a.getName()).isEqualTo("helper"));
  }

  @Test
  @Order(4)
  void createAThreadWithAFirstMessage() {
    String threadId = newThread();

    ThreadCommand create = commands(threadId, 1).getFirst();
    assertThat(create.getTenantId()).isEqualTo("tenant-a");
    CreateThread payload = (CreateThread) create.getPayload();
    assertThat(payload.getAgentName()).isEqualTo("helper");
    // the frozen snapshot travels with the command
    assertThat(payload.getAgent().getSystemPrompt())
        .isEqualTo("You are a test agent for {{threadId}}.");
    assertThat(payload.getMessage().getText()).isEqualTo("hi");
    assertThat(payload.getMetadata()).containsEntry("source", "test");
  }

  @Test
  @Order(5)
  void creatingAThreadForAnUnknownAgentIs404() {
    as("key-a")
        .body("{\"agent\":\"ghost\"}")
        .post("/v1/threads")
        .then()
        .statusCode(404)
        .body("detail", containsString("ghost"));
  }

  @Test
  @Order(6)
  void messagesInEveryModeBecomeCommands() {
    String threadId = newThread();
    as("key-a")
        .body(
            "{\"text\":\"hello\",\"origin\":\"chat\",\"channel\":\"slack\",\"sender\":\"ann\",\"meta\":{\"k\":\"v\"},\"attachments\":[{\"path\":\"a/b.png\",\"mediaType\":\"image/png\"}]}")
        .post("/v1/threads/" + threadId + "/messages")
        .then()
        .statusCode(202)
        .body("commandId", notNullValue());
    as("key-a")
        .body("{\"text\":\"later\",\"mode\":\"queue\"}")
        .post("/v1/threads/" + threadId + "/messages")
        .then()
        .statusCode(202);
    as("key-a")
        .body("{\"text\":\"this way\",\"mode\":\"steer\",\"origin\":\"task\"}")
        .post("/v1/threads/" + threadId + "/messages")
        .then()
        .statusCode(202);

    List<ThreadCommand> commands = commands(threadId, 4);
    UserMessage chat = (UserMessage) commands.get(1).getPayload();
    assertThat(chat.getOrigin()).isEqualTo(Origin.CHAT);
    assertThat(chat.getChannel()).isEqualTo("slack");
    assertThat(chat.getMeta()).containsEntry("k", "v");
    assertThat(chat.getAttachments().getFirst().getPath()).isEqualTo("a/b.png");
    assertThat(((QueueMessage) commands.get(2).getPayload()).getMessage().getOrigin())
        .isEqualTo(Origin.INVOKE);
    assertThat(((Steer) commands.get(3).getPayload()).getMessage().getSender()).isEqualTo("self");
  }

  @Test
  @Order(7)
  void theMessageModelIsEnforcedNamingTheField() {
    String threadId = newThread();
    String url = "/v1/threads/" + threadId + "/messages";
    as("key-a")
        .body("{\"text\":\"x\",\"origin\":\"chat\"}")
        .post(url)
        .then()
        .statusCode(400)
        .contentType(Problem.MEDIA_TYPE)
        .body("errors[0].field", equalTo("channel"));
    as("key-a")
        .body("{\"text\":\"x\",\"origin\":\"task\",\"channel\":\"c\"}")
        .post(url)
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("channel"));
    as("key-a")
        .body("{\"text\":\"x\",\"origin\":\"chore\",\"sender\":\"bob\"}")
        .post(url)
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("sender"));
    as("key-a")
        .body("{\"text\":\"x\",\"origin\":\"gossip\"}")
        .post(url)
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("origin"));
    as("key-a")
        .body("{\"origin\":\"invoke\"}")
        .post(url)
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("text"));
    as("key-a")
        .body("{\"text\":\"  \"}")
        .post(url)
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("text"))
        .body("errors[0].message", containsString("must not be empty"));
    as("key-a")
        .body("{\"text\":\"x\",\"mode\":\"shout\"}")
        .post(url)
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("mode"));
    as("key-a")
        .body("{\"text\": \"unclosed")
        .post(url)
        .then()
        .statusCode(400)
        .body("detail", containsString("malformed JSON"));
    as("key-a")
        .body("{\"text\":\"" + "x".repeat(262_145) + "\"}")
        .post(url)
        .then()
        .statusCode(413)
        .body("errors[0].field", equalTo("text"));

    assertThat(commands(threadId, 1)).hasSize(1); // only the creation: nothing invalid was written
  }

  @Test
  @Order(8)
  void toolsEffectsAndControlCommands() {
    String threadId = newThread();
    String base = "/v1/threads/" + threadId;
    as("key-a")
        .body("{\"name\":\"echo\",\"arguments\":{\"n\":1}}")
        .post(base + "/tools")
        .then()
        .statusCode(202);
    String effectId =
        as("key-a")
            .body("{\"delaySeconds\":30,\"message\":\"remind me\"}")
            .post(base + "/effects")
            .then()
            .statusCode(202)
            .extract()
            .path("effectId");
    as("key-a").delete(base + "/effects/" + effectId).then().statusCode(202);
    as("key-a")
        .body("{\"approve\":false,\"reason\":\"no\",\"requestId\":\"r-7\",\"epoch\":2}")
        .post(base + "/approvals/call-7")
        .then()
        .statusCode(202);
    as("key-a")
        .body("{\"approve\":true,\"epoch\":\"two\"}")
        .post(base + "/approvals/call-7")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("epoch"));
    as("key-a").body("{\"reason\":\"stop\"}").post(base + "/abort").then().statusCode(202);
    as("key-a").post(base + "/compact").then().statusCode(202);
    as("key-a").post(base + "/terminate").then().statusCode(202);
    as("key-a").delete(base).then().statusCode(202);

    List<Object> payloads = commands(threadId, 9).stream().map(ThreadCommand::getPayload).toList();
    assertThat(payloads.get(1))
        .isInstanceOfSatisfying(
            QueueTool.class,
            t -> {
              assertThat(t.getName()).isEqualTo("echo");
              assertThat(t.getArgumentsJson()).isEqualTo("{\"n\":1}");
            });
    assertThat(payloads.get(2))
        .isInstanceOfSatisfying(
            ScheduleEffect.class,
            e -> {
              assertThat(e.getEffectId()).isEqualTo(effectId);
              assertThat(((QueueMessage) e.getAction()).getMessage().getText())
                  .isEqualTo("remind me");
            });
    assertThat(payloads.get(3)).isEqualTo(new CancelEffect(effectId));
    assertThat(payloads.get(4)).isEqualTo(new ApprovalDecision("call-7", false, "no", "r-7", 2L));
    assertThat(payloads.get(5)).isEqualTo(new Abort("stop"));
    assertThat(payloads.get(6)).isInstanceOf(Compact.class);
    assertThat(payloads.get(7)).isInstanceOf(Terminate.class);
    assertThat(payloads.get(8)).isInstanceOf(dev.threadline.avro.DeleteThread.class);
  }

  @Test
  @Order(9)
  void badEffectAndToolRequestsAre422() {
    String base = "/v1/threads/" + newThread();
    as("key-a")
        .body("{\"message\":\"x\"}")
        .post(base + "/effects")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("at"));
    as("key-a")
        .body("{\"at\":\"tomorrow\",\"message\":\"x\"}")
        .post(base + "/effects")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("at"));
    as("key-a")
        .body("{\"arguments\":{}}")
        .post(base + "/tools")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("name"));
    as("key-a")
        .body("{}")
        .post(base + "/approvals/c1")
        .then()
        .statusCode(422)
        .body("errors[0].field", equalTo("approve"));
  }

  @Test
  @Order(10)
  void requestsWithoutAValidKeyAre401() {
    given()
        .contentType("application/json")
        .body("{\"agent\":\"helper\"}")
        .post("/v1/threads")
        .then()
        .statusCode(401)
        .contentType(Problem.MEDIA_TYPE);
    as("wrong").get("/v1/agents/helper").then().statusCode(401);
  }

  @Test
  @Order(11)
  void anotherTenantsThreadIsAnsweredAsOneThatDoesNotExist() {
    String theirs = newThread();
    String missing = "no-such-thread-" + UUID.randomUUID();

    for (String threadId : List.of(theirs, missing)) {
      as("key-b")
          .body("{\"text\":\"mine now\"}")
          .post("/v1/threads/" + threadId + "/messages")
          .then()
          .statusCode(202);
    }

    // Both go to the step processor under the caller's tenant, which rejects both alike as
    // "unknown thread" (ThreadLifecycleTest): no answer here tells them apart.
    assertThat(commands(theirs, 2))
        .extracting(ThreadCommand::getTenantId)
        .containsExactly("tenant-a", "tenant-b");
    assertThat(commands(missing, 1))
        .extracting(ThreadCommand::getTenantId)
        .containsExactly("tenant-b");
  }

  @Test
  @Order(11)
  void aThreadIdNoThreadCanHaveIs404AndWritesNothing() {
    as("key-a")
        .body("{\"text\":\"hello\"}")
        .post("/v1/threads/not a thread id!/messages")
        .then()
        .statusCode(404)
        .contentType(Problem.MEDIA_TYPE);

    assertThat(commands("not a thread id!", 0)).isEmpty();
  }

  @Test
  @Order(12)
  void aRetryWithTheSameIdempotencyKeyProducesOneCommand() {
    String threadId = newThread();
    String first =
        as("key-a")
            .header("Idempotency-Key", "retry-1")
            .body("{\"text\":\"once\"}")
            .post("/v1/threads/" + threadId + "/messages")
            .then()
            .statusCode(202)
            .extract()
            .path("commandId");
    String second =
        as("key-a")
            .header("Idempotency-Key", "retry-1")
            .body("{\"text\":\"once\"}")
            .post("/v1/threads/" + threadId + "/messages")
            .then()
            .statusCode(202)
            .extract()
            .path("commandId");

    assertThat(second).isEqualTo(first);
    assertThat(commands(threadId, 2))
        .extracting(ThreadCommand::getCommandId)
        .containsOnlyOnce(first)
        .hasSize(2);
  }

  @Test
  @Order(13)
  void openApiHealthAndMetricsAreServed() {
    given().get("/q/openapi").then().statusCode(200).body(containsString("/v1/threads"));
    given().get("/q/health/ready").then().statusCode(200);
    given().get("/q/health/live").then().statusCode(200);
    given().get("/q/metrics").then().statusCode(200);
  }

  @Test
  @Order(100)
  void aStoppedBrokerGives503WithRetryAfterAndNothingHalfWritten() {
    String threadId = newThread();
    ThreadlineCluster.shared().broker().stop();
    try {
      as("key-a")
          .body("{\"text\":\"anyone?\"}")
          .post("/v1/threads/" + threadId + "/messages")
          .then()
          .statusCode(503)
          .header("Retry-After", "5")
          .contentType(Problem.MEDIA_TYPE);
    } finally {
      ThreadlineCluster.shared().broker().start();
    }
    as("key-a")
        .body("{\"text\":\"back\"}")
        .post("/v1/threads/" + threadId + "/messages")
        .then()
        .statusCode(202);
  }
}
