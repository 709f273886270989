package dev.threadline.ingest;

import static dev.threadline.ingest.Door.as;
import static dev.threadline.ingest.Door.badRequest;
import static dev.threadline.ingest.Door.delete;
import static dev.threadline.ingest.Door.get;
import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
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

  @BeforeEach
  void agentExists() {
    put("key-a", "/v1/agents/helper", AGENT).statusCode(200);
  }

  private String newThread() {
    return post(
            "key-a",
            "/v1/threads",
            "{\"agent\":\"helper\",\"message\":\"hi\",\"metadata\":{\"source\":\"test\"}}")
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
    get("key-a", "/v1/agents/helper")
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
    get("key-b", "/v1/agents/helper").statusCode(404).contentType(Problem.MEDIA_TYPE);
  }

  @Test
  @Order(3)
  void invalidAgentDefinitionsAre422NamingTheField() {
    refusedAgent("{\"systemPrompt\":\"x\"}", "model.provider");
    refusedAgent(
        "{\"model\":{\"provider\":\"scripted\"},\"tools\":[{\"name\":\"x\",\"permission\":\"sometimes\"}]}",
        "tools[0].permission");
    refusedAgent(
        "{\"model\":{\"provider\":\"scripted\"},\"stop\":{\"maxSteps\":0}}", "stop.maxSteps");
    // A session may not ask for more turns than the operator's budget allows.
    refusedAgent(
            "{\"type\":\"dual_ai\",\"model\":{\"provider\":\"scripted\"},"
                + "\"stop\":{\"maxSessionTurns\":2147483647},\"sideB\":{\"systemPrompt\":\"r\"}}",
            "stop.maxSessionTurns")
        .body("errors[0].message", containsString("threadline.budget.session.turns"));
    // A subagent's agent is checked when the parent is stored: define it first.
    refusedAgent(
            "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\",\"agent\":\"nobody\"}]}",
            "subagents[0].agent")
        .body("errors[0].message", containsString("no agent 'nobody'"));
    // Another tenant's agent of that name does not count.
    put("key-b", "/v1/agents/only-b-has-me", AGENT).statusCode(200);
    refusedAgent(
        "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\",\"agent\":\"only-b-has-me\"}]}",
        "subagents[0].agent");
    // So is a handoff's.
    refusedAgent(
        "{\"model\":{\"provider\":\"scripted\"},\"handoffs\":[{\"agent\":\"nobody\"}]}",
        "handoffs[0].agent");
    // A handoff hands the thread to an ai_human agent, never to a dual_ai one.
    put(
            "key-a",
            "/v1/agents/a-pair",
            "{\"type\":\"dual_ai\",\"model\":{\"provider\":\"scripted\"},"
                + "\"stop\":{\"maxSessionTurns\":2},\"sideB\":{\"systemPrompt\":\"r\"}}")
        .statusCode(200);
    refusedAgent(
            "{\"model\":{\"provider\":\"scripted\"},\"handoffs\":[{\"agent\":\"a-pair\"}]}",
            "handoffs[0].agent")
        .body("errors[0].message", containsString("dual_ai"));
  }

  @Test
  @Order(4)
  void aThreadFreezesTheAgentsItsSubagentsRun() {
    put(
            "key-a",
            "/v1/agents/lead",
            "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\",\"agent\":\"helper\"}]}")
        .statusCode(200);
    String threadId =
        post("key-a", "/v1/threads", "{\"agent\":\"lead\",\"message\":\"hi\"}")
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
    post("key-a", "/v1/threads", "{\"agent\":\"ghost\"}")
        .statusCode(404)
        .body("detail", containsString("ghost"));
  }

  @Test
  @Order(6)
  void messagesInEveryModeBecomeCommands() {
    String threadId = newThread();
    post(
            "key-a",
            "/v1/threads/" + threadId + "/messages",
            "{\"text\":\"hello\",\"origin\":\"chat\",\"channel\":\"slack\",\"sender\":\"ann\",\"meta\":{\"k\":\"v\"},\"attachments\":[{\"path\":\"a/b.png\",\"mediaType\":\"image/png\"}]}")
        .statusCode(202)
        .body("commandId", notNullValue());
    post(
            "key-a",
            "/v1/threads/" + threadId + "/messages",
            "{\"text\":\"later\",\"mode\":\"queue\"}")
        .statusCode(202);
    post(
            "key-a",
            "/v1/threads/" + threadId + "/messages",
            "{\"text\":\"this way\",\"mode\":\"steer\",\"origin\":\"task\"}")
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
    post("key-a", url, "{\"text\":\"x\",\"origin\":\"chat\"}").spec(badRequest("channel"));
    post("key-a", url, "{\"text\":\"x\",\"origin\":\"task\",\"channel\":\"c\"}")
        .spec(badRequest("channel"));
    post("key-a", url, "{\"text\":\"x\",\"origin\":\"chore\",\"sender\":\"bob\"}")
        .spec(badRequest("sender"));
    post("key-a", url, "{\"text\":\"x\",\"origin\":\"gossip\"}").spec(badRequest("origin"));
    post("key-a", url, "{\"origin\":\"invoke\"}").spec(badRequest("text"));
    post("key-a", url, "{\"text\":\"  \"}")
        .spec(badRequest("text"))
        .body("errors[0].message", containsString("must not be empty"));
    post("key-a", url, "{\"text\":\"x\",\"mode\":\"shout\"}").spec(badRequest("mode"));
    post("key-a", url, "{\"text\": \"unclosed")
        .statusCode(400)
        .body("detail", containsString("malformed JSON"));
    post("key-a", url, "{\"text\":\"" + "x".repeat(262_145) + "\"}")
        .statusCode(413)
        .body("errors[0].field", equalTo("text"));

    assertThat(commands(threadId, 1)).hasSize(1); // only the creation: nothing invalid was written
  }

  @Test
  @Order(8)
  void toolsEffectsAndControlCommands() {
    String threadId = newThread();
    String base = "/v1/threads/" + threadId;
    post("key-a", base + "/tools", "{\"name\":\"echo\",\"arguments\":{\"n\":1}}").statusCode(202);
    String effectId =
        post("key-a", base + "/effects", "{\"delaySeconds\":30,\"message\":\"remind me\"}")
            .statusCode(202)
            .extract()
            .path("effectId");
    delete("key-a", base + "/effects/" + effectId).statusCode(202);
    post(
            "key-a",
            base + "/approvals/call-7",
            "{\"approve\":false,\"reason\":\"no\",\"requestId\":\"r-7\",\"epoch\":2}")
        .statusCode(202);
    post("key-a", base + "/approvals/call-7", "{\"approve\":true,\"epoch\":\"two\"}")
        .spec(unprocessable("epoch"));
    post("key-a", base + "/abort", "{\"reason\":\"stop\"}").statusCode(202);
    as("key-a").post(base + "/compact").then().statusCode(202);
    as("key-a").post(base + "/terminate").then().statusCode(202);
    delete("key-a", base).statusCode(202);

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
    assertThat(payloads.get(4))
        .isEqualTo(new ApprovalDecision("call-7", false, "no", "r-7", 2L, null));
    assertThat(payloads.get(5)).isEqualTo(new Abort("stop"));
    assertThat(payloads.get(6)).isInstanceOf(Compact.class);
    assertThat(payloads.get(7)).isInstanceOf(Terminate.class);
    assertThat(payloads.get(8)).isInstanceOf(dev.threadline.avro.DeleteThread.class);
  }

  @Test
  @Order(9)
  void badEffectAndToolRequestsAre422() {
    String base = "/v1/threads/" + newThread();
    post("key-a", base + "/effects", "{\"message\":\"x\"}").spec(unprocessable("at"));
    post("key-a", base + "/effects", "{\"at\":\"tomorrow\",\"message\":\"x\"}")
        .spec(unprocessable("at"));
    post("key-a", base + "/tools", "{\"arguments\":{}}").spec(unprocessable("name"));
    post("key-a", base + "/approvals/c1", "{}").spec(unprocessable("approve"));
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
    get("wrong", "/v1/agents/helper").statusCode(401);
  }

  @Test
  @Order(11)
  void anotherTenantsThreadIsAnsweredAsOneThatDoesNotExist() {
    String theirs = newThread();
    String missing = "no-such-thread-" + UUID.randomUUID();

    for (String threadId : List.of(theirs, missing)) {
      post("key-b", "/v1/threads/" + threadId + "/messages", "{\"text\":\"mine now\"}")
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
    post("key-a", "/v1/threads/not a thread id!/messages", "{\"text\":\"hello\"}")
        .statusCode(404)
        .contentType(Problem.MEDIA_TYPE);

    assertThat(commands("not a thread id!", 0)).isEmpty();
  }

  @Test
  @Order(12)
  void aRetryWithTheSameIdempotencyKeyProducesOneCommand() {
    String threadId = newThread();
    java.util.function.Supplier<String> send =
        () ->
            as("key-a")
                .header("Idempotency-Key", "retry-1")
                .body("{\"text\":\"once\"}")
                .post("/v1/threads/" + threadId + "/messages")
                .then()
                .statusCode(202)
                .extract()
                .path("commandId");
    String first = send.get();
    String second = send.get();

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
      post("key-a", "/v1/threads/" + threadId + "/messages", "{\"text\":\"anyone?\"}")
          .statusCode(503)
          .header("Retry-After", "5")
          .contentType(Problem.MEDIA_TYPE);
    } finally {
      ThreadlineCluster.shared().broker().start();
    }
    post("key-a", "/v1/threads/" + threadId + "/messages", "{\"text\":\"back\"}").statusCode(202);
  }

  /** An agent {@code body} that PUT refuses as 422 naming {@code field}. */
  private static io.restassured.response.ValidatableResponse refusedAgent(
      String body, String field) {
    return put("key-a", "/v1/agents/broken", body).spec(unprocessable(field));
  }
}
