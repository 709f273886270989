package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ToolEffect;
import dev.threadline.config.KvLimits;
import dev.threadline.config.Limits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tool SDK's ThreadState: its writes on the wire, and its reads. */
class ThreadStateTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<String> reads = new ArrayList<>();
  private final ThreadReader reader =
      path -> {
        reads.add(path);
        return Optional.of(json("{\"value\": \"from the thread\"}"));
      };
  private final ThreadState state = new ThreadState("t-1/t1/s1/c0", Limits.defaults(), reader);

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theRunCodeExampleOfTheToolsPageAnswersWhatItSays() throws Exception {
    var result =
        state
            .runCode(
                "export default async function (a: number) { return (await twice(a)) + offset; }",
                dev.threadline.executor.code.CodeOptions.defaults()
                    .withGlobals(
                        java.util.Map.of(
                            "offset",
                            1,
                            "twice",
                            (dev.threadline.executor.code.HostFunction)
                                args ->
                                    java.util.concurrent.CompletableFuture.completedFuture(
                                        ((Number) args.get(0)).intValue() * 2)))
                    .withExecute("default", List.of(20)))
            .result()
            .get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(result.status().wire()).isEqualTo("ok");
    assertThat(result.result()).isEqualTo(41);
  }

  @Test
  void runCodeRunsTypeScriptInASandboxAndSettlesTheHandle() throws Exception {
    var result =
        state
            .runCode(
                "const n: number = 20; export default (x: number) => n + x;",
                dev.threadline.executor.code.CodeOptions.defaults()
                    .withExecute("default", List.of(22)))
            .result()
            .get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(result.status().wire()).isEqualTo("ok");
    assertThat(result.result()).isEqualTo(42);
  }

  @Test
  void writesGoOnTheWireInTheOrderMade() {
    state.setValue("k", json("{\"a\":1}"));
    state.queueMessage("follow up");
    String effectId = state.scheduleMessage(Duration.ofMinutes(1), "ping");
    state.emit("progress", json("{\"pct\":40}"));

    List<ToolEffect> writes = state.writes();
    assertThat(writes)
        .extracting(ToolEffect::getKind)
        .containsExactly("set_value", "queue_message", "schedule_effect", "emit");
    assertThat(json(writes.get(0).getContent()))
        .isEqualTo(json("{\"key\":\"k\",\"value\":{\"a\":1}}"));
    assertThat(json(writes.get(2).getContent()))
        .isEqualTo(
            json("{\"text\":\"ping\",\"effectId\":\"" + effectId + "\",\"delaySeconds\":60}"));
    assertThat(effectId).doesNotContain("|").startsWith("t-1/t1/s1/c0");
  }

  @Test
  void aLogLineIsAnEventNamedLogWithItsLevelAndMessageCutToItsLength() {
    state.log("warn", "the quota is nearly spent");
    state.log("info", "x".repeat(5_000));

    List<ToolEffect> writes = state.writes();
    assertThat(json(writes.get(0).getContent()))
        .isEqualTo(
            json(
                "{\"name\":\"log\",\"data\":{\"level\":\"warn\","
                    + "\"message\":\"the quota is nearly spent\"}}"));
    assertThat(json(writes.get(1).getContent()).path("data").path("message").asText())
        .hasSize(ThreadState.LOG_CHARS);
    assertThatThrownBy(() -> state.log("loud", "hey")).hasMessageContaining("info, warn or error");
  }

  @Test
  void aValueThisCallWroteIsReadBackWithoutAsking() {
    state.setValue("k", json("2"));

    assertThat(state.getValue("k")).contains(json("2"));
    assertThat(reads).isEmpty();
    state.setValue("k", null);
    assertThat(state.getValue("k")).isEmpty();
  }

  @Test
  void otherValuesAreReadFromTheThread() {
    assertThat(state.getValue("a key/with slash")).contains(json("\"from the thread\""));
    assertThat(reads).containsExactly("/values/a+key%2Fwith+slash");
  }

  @Test
  void aWriteOverTheStoresCapsFailsAtOnce() {
    assertThatThrownBy(() -> state.setValue("k".repeat(KvLimits.MAX_KEY_CHARS + 1), json("1")))
        .hasMessageContaining("the key limit is 256");
    assertThatThrownBy(() -> state.queueMessage(" ")).hasMessageContaining("needs text");
    assertThat(state.writes()).isEmpty();
  }

  @Test
  void aCallMakesAtMostSoManyWrites() {
    for (int i = 0; i < ThreadState.MAX_WRITES; i++) {
      state.emit("tick", null);
    }
    assertThatThrownBy(() -> state.emit("tick", null)).hasMessageContaining("at most 64 writes");
  }

  @Test
  void withoutAReaderReadsSayHowToSetOneUp() {
    ThreadState unread = new ThreadState("r", Limits.defaults(), ThreadReader.NONE);

    assertThatThrownBy(() -> unread.getValue("k")).hasMessageContaining("threadline.projector.url");
  }

  private static ThreadState withEnv(
      java.util.Map<String, dev.threadline.avro.EnvValue> env,
      Optional<dev.threadline.config.SecretBox> box) {
    return new ThreadState(
        "r", Limits.defaults(), ThreadReader.NONE, new CallEnv(env, "acme", "t-1", box, null));
  }

  @Test
  void aToolReadsTextVariablesAndOpensSecretsWithTheOperatorsKey() {
    String key = dev.threadline.config.SecretBox.newKey();
    var box = dev.threadline.config.SecretBox.of(key);
    ThreadState withEnv =
        withEnv(
            java.util.Map.of(
                "CITY", new dev.threadline.avro.EnvValue("Lisbon", false),
                "TOKEN", new dev.threadline.avro.EnvValue(box.seal("s3cr3t", "acme/TOKEN"), true)),
            Optional.of(box));

    assertThat(withEnv.env("CITY")).contains("Lisbon");
    assertThat(withEnv.env("TOKEN")).contains("s3cr3t");
    assertThat(withEnv.env("NOPE")).isEmpty();
    assertThat(withEnv.envNames()).containsExactly("CITY", "TOKEN");

    ThreadState withoutKey =
        withEnv(
            java.util.Map.of(
                "TOKEN", new dev.threadline.avro.EnvValue(box.seal("s3cr3t", "acme/TOKEN"), true)),
            Optional.empty());
    assertThatThrownBy(() -> withoutKey.env("TOKEN"))
        .hasMessageContaining("threadline.secrets.key")
        .hasMessageNotContaining("s3cr3t");
  }

  @Test
  void aWrittenFileIsStagedNowAndASecretVariableSealedBeforeItLeaves() throws Exception {
    var box = dev.threadline.config.SecretBox.of(dev.threadline.config.SecretBox.newKey());
    var files =
        new dev.threadline.files.FolderThreadFiles(
            java.nio.file.Files.createTempDirectory("tool-files-"));
    ThreadState writer =
        new ThreadState(
            "t-1/t1/s1/c0",
            Limits.defaults(),
            ThreadReader.NONE,
            new CallEnv(java.util.Map.of(), "acme", "t-1", Optional.of(box), files));

    writer.writeFile("/attachments/report.md", "text/markdown", "# report".getBytes());
    writer.setEnv("TOKEN", "s3cr3t", true);

    List<ToolEffect> writes = writer.writes();
    JsonNode file = json(writes.get(0).getContent());
    assertThat(file.path("path").asText()).isEqualTo("/attachments/report.md");
    files.place("acme", "t-1", file.path("staged").asText(), "/attachments/report.md");
    assertThat(files.stat("acme", "t-1", "/attachments/report.md").orElseThrow().contentType())
        .isEqualTo("text/markdown");
    JsonNode env = json(writes.get(1).getContent());
    assertThat(env.path("value").asText()).startsWith("tlsec1:").doesNotContain("s3cr3t");
    assertThat(box.open(env.path("value").asText(), "acme/TOKEN")).isEqualTo("s3cr3t");
  }

  /** A tool's file counts against the thread's and the tenant's files as an upload does. */
  @Test
  void aFileOverTheRoomLeftOrOutsideTheAttachmentsIsTheToolsErrorAndNothingStaged()
      throws Exception {
    var root = java.nio.file.Files.createTempDirectory("tool-files-");
    var files =
        new dev.threadline.files.FolderThreadFiles(
            root, new dev.threadline.files.FileQuota(1_000, 10, 100, 10, 1_000));
    ThreadState writer =
        new ThreadState(
            "t-1/t1/s1/c0",
            Limits.defaults(),
            ThreadReader.NONE,
            new CallEnv(java.util.Map.of(), "acme", "t-1", Optional.empty(), files));

    assertThatThrownBy(() -> writer.writeFile("/attachments/big.bin", "x/y", new byte[101]))
        .hasMessageContaining("threadline.files.bytes.per.thread");
    assertThatThrownBy(() -> writer.writeFile("/notes/x.md", "text/plain", new byte[1]))
        .hasMessageContaining("/attachments/");
    assertThat(writer.writes()).isEmpty();
    assertThat(dev.threadline.files.FileQuota.usage(files.folder("acme", "t-1"), 0).files())
        .isZero();
  }
}
