package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.FreePorts;
import dev.threadline.testkit.OtlpReceiver;
import dev.threadline.testkit.S3Server;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.StrictChatCompletions;
import dev.threadline.testkit.StrictMessages;
import dev.threadline.testkit.StrictResponses;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * What {@code ./threadline up} runs, end to end: the launcher starts a broker, a registry, the step
 * processor, the executor and the ingest service as separate processes, runs the demo thread
 * through the HTTP API to completion, the acceptance scenarios run through the HTTP APIs (with the
 * scripted model, then the {@code openai} provider against a strict stand-in for the endpoint), and
 * {@code down} stops every process.
 */
class LocalStackIT {
  private static final String STRICT_KEY = "sk-operator-strict-key";
  private static final String CLAUDE_KEY = "sk-ant-operator-claude-key";

  @Test
  void upRunsTheDemoThreadToCompletionAndDownStopsEverything() throws Exception {
    Path data = ScratchDirs.create("local-stack-it-");
    Path classpathFile = StackLaunch.classpathFile(data);
    // The openai acceptance's endpoint is one of the operator's, named "strict", with its own key;
    // agents name it and never see its URL or key.
    AtomicReference<StrictChatCompletions.Script> script = new AtomicReference<>();
    StrictChatCompletions endpoint =
        StrictChatCompletions.start(request -> script.get().answer(request), STRICT_KEY);
    // The anthropic acceptance's endpoint: "claude", of kind anthropic.
    AtomicReference<StrictMessages.Script> claudeScript = new AtomicReference<>();
    StrictMessages claude =
        StrictMessages.start(request -> claudeScript.get().answer(request), CLAUDE_KEY);
    // The openai-responses acceptance's endpoint: "responses", of kind openai-responses.
    AtomicReference<StrictResponses.Script> responsesScript = new AtomicReference<>();
    StrictResponses responses =
        StrictResponses.start(request -> responsesScript.get().answer(request), STRICT_KEY);
    // The endpoint binds first, so the ports picked next cannot be the one it takes; the broker
    // and the registry take a port and the next one.
    int kafkaPort = FreePorts.range(2);
    int registryPort = FreePorts.range(2);
    int ingestPort = FreePorts.next();
    int projectorPort = FreePorts.next();
    int opsPort = FreePorts.range(3);
    List<String> common =
        new ArrayList<>(
            List.of(
                "--data",
                data.toString(),
                "--classpath-file",
                classpathFile.toString(),
                "--kafka-port",
                String.valueOf(kafkaPort),
                "--registry-port",
                String.valueOf(registryPort),
                "--ingest-port",
                String.valueOf(ingestPort),
                "--projector-port",
                String.valueOf(projectorPort),
                "--ops-port",
                String.valueOf(opsPort),
                "--analytics",
                // The Node executor of PolyglotExecutorsAcceptance serves this tool.
                "--set",
                "threadline.executor.tools.elsewhere="
                    + PolyglotExecutorsAcceptance.NODE_TOOL
                    // The hostile tenant may run code: what it does with it is the test.
                    + ",threadline.tools.tenant."
                    + HostileTenantAcceptance.TENANT
                    + ".granted=run_code"
                    // Small enough for HostileSpendAcceptance to spend; no other thread nears it.
                    + ",threadline.budget.model.calls.per.thread.per.hour="
                    + HostileSpendAcceptance.CALLS_PER_THREAD
                    // The provider acceptances' models that see images.
                    + ",threadline.model.profile."
                    + AnthropicAcceptance.VISION
                    + ".vision=true,threadline.model.profile."
                    + ResponsesAcceptance.VISION
                    + ".vision=true"));
    common.addAll(StackLaunch.jars());

    // The services export their spans, the standard way, to a collector in this process.
    OtlpReceiver collector = OtlpReceiver.start();
    int oidcPort = FreePorts.next();
    // Threads' files on a real S3-compatible server: every service reads and writes them there.
    S3Server s3 = S3Server.start();
    String bucket = s3.bucket("threadline-files");
    Map<String, String> environment =
        Map.ofEntries(
            Map.entry("THREADLINE_FILES_STORE", "s3"),
            Map.entry("THREADLINE_FILES_S3_ENDPOINT", s3.endpoint()),
            Map.entry("THREADLINE_FILES_S3_BUCKET", bucket),
            Map.entry("THREADLINE_FILES_S3_ACCESS_KEY", S3Server.ACCESS_KEY),
            Map.entry("THREADLINE_FILES_S3_SECRET_KEY", S3Server.SECRET_KEY),
            Map.entry("THREADLINE_MODEL_ENDPOINTS", "default,strict,claude,responses"),
            Map.entry("THREADLINE_MODEL_ENDPOINT_RESPONSES_URL", responses.baseUrl()),
            Map.entry("THREADLINE_MODEL_ENDPOINT_RESPONSES_PROVIDER", "openai-responses"),
            Map.entry("THREADLINE_MODEL_ENDPOINT_RESPONSES_KEY_ENV", "STRICT_ENDPOINT_KEY"),
            Map.entry("THREADLINE_MODEL_ENDPOINT_STRICT_URL", endpoint.baseUrl()),
            Map.entry("THREADLINE_MODEL_ENDPOINT_STRICT_KEY_ENV", "STRICT_ENDPOINT_KEY"),
            Map.entry("STRICT_ENDPOINT_KEY", STRICT_KEY),
            Map.entry("THREADLINE_MODEL_ENDPOINT_CLAUDE_URL", claude.baseUrl()),
            Map.entry("THREADLINE_MODEL_ENDPOINT_CLAUDE_PROVIDER", "anthropic"),
            Map.entry("THREADLINE_MODEL_ENDPOINT_CLAUDE_KEY_ENV", "CLAUDE_ENDPOINT_KEY"),
            Map.entry("CLAUDE_ENDPOINT_KEY", CLAUDE_KEY),
            Map.entry("OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint()),
            Map.entry("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"),
            Map.entry("OTEL_BSP_SCHEDULE_DELAY", "200"),
            // A second tenant, which HostileTenantAcceptance has attack the stack's own.
            Map.entry(
                "THREADLINE_API_KEYS",
                HostileTenantAcceptance.KEY
                    + ":"
                    + HostileTenantAcceptance.TENANT
                    // A key of the stack's own tenant for one agent's threads.
                    + ","
                    + ScopedKeysAcceptance.KEY
                    + ":local:agents="
                    + ScopedKeysAcceptance.AGENT),
            // End users' tokens, from the OpenID provider EndUsersAcceptance starts there later.
            Map.entry("THREADLINE_AUTH_OIDC_ISSUER", "http://127.0.0.1:" + oidcPort),
            Map.entry("THREADLINE_AUTH_OIDC_AUDIENCE", EndUsersAcceptance.AUDIENCE),
            Map.entry(
                "THREADLINE_LIMITS_THREADS_STORED_PER_USER",
                String.valueOf(EndUsersAcceptance.THREADS_PER_USER)));
    Process up = launcher("up", common, environment);
    List<String> output = new CopyOnWriteArrayList<>();
    Thread reader =
        Thread.ofPlatform()
            .daemon()
            .start(
                () -> {
                  try (var in =
                      new BufferedReader(
                          new InputStreamReader(up.getInputStream(), StandardCharsets.UTF_8))) {
                    in.lines().forEach(output::add);
                  } catch (java.io.IOException e) {
                    output.add("read failed: " + e);
                  }
                });
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      // The banner's last line: the lines before it are read by then (another thread reads them).
      while (output.stream().noneMatch(l -> l.startsWith("Ctrl-C stops it"))
          && up.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertThat(output)
          .as(String.join("\n", output))
          .anyMatch(l -> l.startsWith("Threadline is running"));
      assertThat(output)
          .anyMatch(
              l -> l.contains("created with POST http://127.0.0.1:" + ingestPort + "/v1/threads"));
      assertThat(output).anyMatch(l -> l.contains("ToolCallCompleted current_time"));
      assertThat(output)
          .anyMatch(l -> l.contains("↳ researcher-1.1.1") && l.contains("ThreadTerminated"));
      assertThat(output).anyMatch(l -> l.contains("TurnStarted (subagent"));
      assertThat(output)
          .anyMatch(l -> l.contains("Dashboard        http://127.0.0.1:" + ingestPort));

      assertThat(output).anyMatch(l -> l.contains("step-processor :" + opsPort));
      OpsPorts.assertServing(opsPort, opsPort + 1, opsPort + 2);

      String apiKey = Files.readString(data.resolve("api-key")).trim();
      StackClient stack =
          new StackClient(
              "http://127.0.0.1:" + ingestPort, "http://127.0.0.1:" + projectorPort, apiKey);
      new Acceptance(stack).run();
      new BlockingSubagentAcceptance(stack).run();
      new SubagentLifecycleAcceptance(stack).run();
      new HandoffAcceptance(stack).run();
      new KeyValuesAcceptance(stack).run();
      new ForkAcceptance(stack).run();
      new HooksAcceptance(stack).run();
      new TracesAcceptance(stack, collector).run();
      new RunsAcceptance(stack).run();
      new BrowserOriginsAcceptance(stack).run();
      ThreadStateAcceptance.DeletedUsage deleted = new ThreadStateAcceptance(stack).run();
      SecretsAcceptance secrets = new SecretsAcceptance(stack);
      secrets.run();
      new PartitionAttackAcceptance(stack).run();
      new HostileTenantAcceptance(stack, "127.0.0.1:" + kafkaPort).run();
      new HostileSpendAcceptance(stack).run();
      RecoveryAcceptance recovery = new RecoveryAcceptance(stack, data, output);
      recovery.run("tool-executor");
      recovery.run("step-processor");
      for (ScriptedAcceptance scripted :
          List.of(
              new OpenAiAcceptance(stack),
              new OpenAiAgentGraphAcceptance(stack),
              new FilesAcceptance(stack),
              new ScopedVariablesAcceptance(stack),
              new LangGraphSdkAcceptance(stack),
              new UseStreamChatAcceptance(stack),
              new McpClientAcceptance(stack),
              new RunCodeAcceptance(stack))) {
        script.set(scripted);
        scripted.run(endpoint);
      }
      new ObjectStoreFiles(s3, bucket, data).assertAllInTheBucket();
      AnthropicAcceptance anthropic = new AnthropicAcceptance(stack);
      claudeScript.set(anthropic);
      anthropic.run(claude);
      ResponsesAcceptance openAiResponses = new ResponsesAcceptance(stack);
      responsesScript.set(openAiResponses);
      openAiResponses.run(responses);

      OpsPorts.assertDashboardSeries(opsPort, opsPort + 1, opsPort + 2);
      new PolyglotExecutorsAcceptance(
              stack,
              "127.0.0.1:" + kafkaPort,
              "http://127.0.0.1:" + registryPort + "/apis/ccompat/v7",
              "threadline.")
          .run();
      new RegistryOAuthAcceptance("http://127.0.0.1:" + registryPort + "/apis/ccompat/v7").run();
      new EndUsersAcceptance(stack, oidcPort).run();
      new ScopedKeysAcceptance(stack).run();
      new TopicsDecodeAcceptance(
              "127.0.0.1:" + kafkaPort,
              "http://127.0.0.1:" + registryPort + "/apis/ccompat/v7",
              "threadline.")
          .run();
      new AnalyticsAcceptance(stack, data, deleted).run();
      // After the analytics check: it deletes a thread, whose events analytics then cannot read.
      new CliAcceptance(stack, "http://127.0.0.1:" + ingestPort, apiKey, data).run();
      new DashboardAcceptance(stack, "http://127.0.0.1:" + ingestPort, apiKey).run();
      new TenantPurgeAcceptance(stack, "local").run();
      new ShreddingAcceptance(
              "127.0.0.1:" + kafkaPort,
              "http://127.0.0.1:" + registryPort + "/apis/ccompat/v7",
              data)
          .run();

      secrets.assertNotOnAnyTopic("127.0.0.1:" + kafkaPort);
      Process down = launcher("down", common, Map.of());
      assertThat(down.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(up.waitFor(60, TimeUnit.SECONDS))
          .as("the launcher stops with its processes")
          .isTrue();
      assertThat(Files.exists(data.resolve("pids"))).isFalse();
      // Stopped, every store and log is on disk: the secret is in none of the stack's files.
      secrets.assertInNoFile(data, apiKey);
    } finally {
      up.destroy();
      reader.join(5_000);
      endpoint.close();
      claude.close();
      responses.close();
      collector.close();
      s3.close();
    }
  }

  private static Process launcher(
      String command, List<String> options, Map<String, String> environment) throws Exception {
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(options);
    ProcessBuilder builder =
        new ProcessBuilder(StackLaunch.java(List.of(), LocalStack.class, args))
            .redirectErrorStream(true);
    builder.environment().putAll(environment);
    return builder.start();
  }
}
