package dev.threadline.deploy;

import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicProvisioner;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.GroupState;

/**
 * The local stack behind {@code ./threadline up}: a real Apache Kafka broker (KRaft, its own JVM,
 * from the Kafka jars), Apicurio Registry (its own JVM, schemas stored in Kafka so they survive
 * restarts), then the step processor and the tool executor as separate processes. Data lives under
 * {@code .threadline/}; a second {@code up} reuses it. Ctrl-C stops everything; {@code ./threadline
 * down} stops a stack left running elsewhere.
 */
public final class LocalStack {
  private final Path home;
  private final String classpath;
  private final Path registryJar;
  private final int kafkaPort;
  private final int registryPort;
  private final Path ingestJar;
  private final int ingestPort;
  private final int projectorPort;
  private final String apiKey;
  private final List<Process> processes = new ArrayList<>();
  private final Map<String, Process> named = new LinkedHashMap<>();

  /**
   * Heap and collector of the step processor, executor and projector. A fixed heap (minimum =
   * maximum) and the throughput collector: with {@code -Xms64m} and G1 the heaps grew slowly and G1
   * ran concurrent cycles through a saturated run, and the parallel collector's cheaper write
   * barriers suit services whose live data is small and whose garbage dies young (every record
   * decoded, mapped and encoded once). Measured in docs/benchmarks.md; {@code
   * THREADLINE_SERVICE_JVM_OPTIONS} replaces them.
   */
  static final List<String> SERVICE_JVM_OPTIONS =
      List.of("-Xms768m", "-Xmx768m", "-XX:+UseParallelGC");

  /** The broker's, replaced by {@code THREADLINE_BROKER_JVM_OPTIONS}. */
  static final List<String> BROKER_JVM_OPTIONS = List.of("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC");

  private static List<String> jvmOptions(String variable, List<String> defaults) {
    String given = System.getenv(variable);
    return given == null || given.isBlank() ? defaults : List.of(given.trim().split("\\s+"));
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  /**
   * Extra {@code -D} settings for the step processor, executor and projector (the bench's knobs).
   */
  final List<String> serviceProperties = new ArrayList<>();

  LocalStack(
      Path home,
      String classpath,
      Path registryJar,
      int kafkaPort,
      int registryPort,
      Path ingestJar,
      int ingestPort,
      int projectorPort,
      String apiKey) {
    this.home = home;
    this.classpath = classpath;
    this.registryJar = registryJar;
    this.kafkaPort = kafkaPort;
    this.registryPort = registryPort;
    this.ingestJar = ingestJar;
    this.ingestPort = ingestPort;
    this.projectorPort = projectorPort;
    this.apiKey = apiKey;
  }

  /** The {@code -Dkey=value} entries of {@link #serviceProperties} as settings. */
  Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String property : serviceProperties) {
      if (property.startsWith("-D")) {
        String[] kv = property.substring(2).split("=", 2);
        settings.put(kv[0], kv.length == 2 ? kv[1] : "");
      }
    }
    return settings;
  }

  /**
   * The topics every process of the stack uses: the defaults, or {@code threadline.topic.*} given
   * as settings (bench {@code --set}), so that provisioning and the services agree.
   */
  TopicsConfig topicsConfig() {
    return TopicsConfig.from(settings());
  }

  /** The directory holding this stack's data, logs and pid files. */
  Path home() {
    return home;
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = Options.parse(args);
    Path home = Path.of(options.getOrDefault("data", ".threadline")).toAbsolutePath();
    String command = options.getOrDefault("command", "up");
    if (command.equals("down")) {
      System.exit(Pids.stopAll(home) ? 0 : 1);
    }
    LocalStack stack =
        new LocalStack(
            home,
            Files.readString(Path.of(options.get("classpath-file"))).trim(),
            Path.of(options.get("registry-jar")).toAbsolutePath(),
            Integer.parseInt(options.getOrDefault("kafka-port", "9092")),
            Integer.parseInt(options.getOrDefault("registry-port", "8085")),
            Path.of(options.get("ingest-jar")).toAbsolutePath(),
            Integer.parseInt(options.getOrDefault("ingest-port", "8080")),
            Integer.parseInt(options.getOrDefault("projector-port", "8081")),
            ApiKey.load(home));
    if (Pids.anyAlive(home)) {
      System.err.println(
          "A Threadline stack is already running from "
              + home
              + "; stop it with ./threadline down");
      System.exit(1);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(stack::stop, "local-stack-stop"));
    Pids.record(home, "launcher", ProcessHandle.current().pid());
    stack.up();
    if (!options.containsKey("no-demo")) {
      new Demo(stack.bootstrap(), stack.registryUrl(), stack.ingestUrl(), stack.apiKey).run();
    }
    System.out.println();
    System.out.println("Threadline is running:");
    System.out.println("  Dashboard        " + stack.projectorUrl() + "/#key=" + stack.apiKey);
    System.out.println(
        "  HTTP API         "
            + stack.ingestUrl()
            + " (write; OpenAPI at /q/openapi), "
            + stack.projectorUrl()
            + " (read: /v1/threads, /v1/stats)");
    System.out.println(
        "  API key          " + stack.apiKey + "  (THREADLINE_API_KEY; tenant 'local')");
    System.out.println("  Kafka            " + stack.bootstrap());
    System.out.println("  Schema registry  " + stack.registryUrl());
    System.out.println("  Logs             " + home.resolve("logs"));
    System.out.println("Ctrl-C stops it (or ./threadline down from another terminal).");
    // Runs until Ctrl-C, ./threadline down, or one of the processes dies (then all are stopped).
    java.util.concurrent.CompletableFuture.anyOf(
            stack.processes.stream()
                .map(Process::onExit)
                .toArray(java.util.concurrent.CompletableFuture[]::new))
        .join();
    System.err.println(
        "a stack process stopped; stopping the rest (logs in " + home.resolve("logs") + ")");
    System.exit(1);
  }

  String bootstrap() {
    return "127.0.0.1:" + kafkaPort;
  }

  String ingestUrl() {
    return "http://127.0.0.1:" + ingestPort;
  }

  String projectorUrl() {
    return "http://127.0.0.1:" + projectorPort;
  }

  String apiKey() {
    return apiKey;
  }

  /** The process id of each process this stack started, by name (kafka, registry, …). */
  Map<String, Long> pids() {
    Map<String, Long> pids = new LinkedHashMap<>();
    named.forEach((name, process) -> pids.put(name, process.pid()));
    return pids;
  }

  String registryUrl() {
    return "http://127.0.0.1:" + registryPort + "/apis/ccompat/v7";
  }

  void up() throws Exception {
    Files.createDirectories(home.resolve("logs"));
    step("Kafka broker (KRaft) on " + bootstrap(), this::startBroker);
    step("schema registry on " + registryUrl(), this::startRegistry);
    step("topics", this::provisionTopics);
    step(
        "step processor",
        () ->
            startService(
                "step-processor",
                "dev.threadline.step.StepProcessorApp",
                "-Dthreadline.step.state.dir=" + home.resolve("step-state"),
                "-Dthreadline.blobs.dir=" + home.resolve("blobs")));
    step(
        "tool executor",
        () -> startService("tool-executor", "dev.threadline.executor.ExecutorApp"));
    step("projector (read API, dashboard) on " + projectorUrl(), this::startProjector);
    step("ingest service (HTTP API) on " + ingestUrl(), this::startIngest);
    step("services to join their groups", this::awaitGroups);
  }

  private interface Step {
    void run() throws Exception;
  }

  private static void step(String what, Step action) throws Exception {
    long start = System.nanoTime();
    System.out.print("starting " + what + " … ");
    System.out.flush();
    action.run();
    System.out.printf("ok (%.1f s)%n", (System.nanoTime() - start) / 1e9);
  }

  private void startBroker() throws Exception {
    Path dir = home.resolve("kafka");
    Files.createDirectories(dir);
    Path config = dir.resolve("server.properties");
    Properties p = new Properties();
    p.setProperty("process.roles", "broker,controller");
    p.setProperty("node.id", "1");
    p.setProperty("controller.quorum.bootstrap.servers", "127.0.0.1:" + (kafkaPort + 1));
    p.setProperty(
        "listeners",
        "PLAINTEXT://127.0.0.1:" + kafkaPort + ",CONTROLLER://127.0.0.1:" + (kafkaPort + 1));
    p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + kafkaPort);
    p.setProperty("controller.listener.names", "CONTROLLER");
    p.setProperty("inter.broker.listener.name", "PLAINTEXT");
    p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.setProperty("log.dirs", dir.resolve("data").toString());
    // A single node: every internal topic has one replica, or transactions (EOS) cannot work.
    for (String key :
        List.of(
            "offsets.topic.replication.factor",
            "transaction.state.log.replication.factor",
            "transaction.state.log.min.isr",
            "share.coordinator.state.topic.replication.factor",
            "share.coordinator.state.topic.min.isr")) {
      p.setProperty(key, "1");
    }
    p.setProperty("group.initial.rebalance.delay.ms", "0");
    p.setProperty("auto.create.topics.enable", "false");
    // Settings given as broker.<key>=<value> (e.g. bench --set broker.num.io.threads=2) go to the
    // broker; services ignore them.
    settings()
        .forEach(
            (key, value) -> {
              if (key.startsWith("broker.")) {
                p.setProperty(key.substring("broker.".length()), value);
              }
            });
    try (Writer w = Files.newBufferedWriter(config)) {
      p.store(w, "Threadline local broker");
    }
    if (!Files.exists(dir.resolve("data").resolve("meta.properties"))) {
      Process format =
          new ProcessBuilder(
                  java(),
                  "-cp",
                  classpath,
                  "kafka.tools.StorageTool",
                  "format",
                  "--standalone",
                  "-t",
                  UUID.randomUUID().toString().replace("-", "").substring(0, 22),
                  "-c",
                  config.toString())
              .redirectErrorStream(true)
              .redirectOutput(home.resolve("logs/kafka-format.log").toFile())
              .start();
      if (format.waitFor() != 0) {
        throw new IllegalStateException(
            "formatting Kafka storage failed; see " + home.resolve("logs/kafka-format.log"));
      }
    }
    spawn(
        "kafka",
        concat(
            jvmOptions("THREADLINE_BROKER_JVM_OPTIONS", BROKER_JVM_OPTIONS),
            List.of("-cp", classpath, "kafka.Kafka", config.toString())));
    await(
        Duration.ofSeconds(60),
        "the broker",
        () -> {
          try (Admin admin =
              Admin.create(
                  Map.of(
                      AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                      bootstrap(),
                      AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                      3000,
                      AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                      2000))) {
            admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
            return true;
          } catch (Exception e) {
            return false;
          }
        });
  }

  private void startRegistry() throws Exception {
    Path dir = home.resolve("registry");
    Files.createDirectories(dir);
    spawnIn(
        dir,
        "registry",
        List.of(
            "-Xmx256m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Dquarkus.http.host=127.0.0.1",
            "-Dquarkus.http.port=" + registryPort,
            "-Dquarkus.management.host=127.0.0.1",
            "-Dquarkus.management.port=" + (registryPort + 1),
            "-Dapicurio.rules.global.compatibility=BACKWARD",
            // Schemas live in a Kafka topic, so ids stay valid for the records across restarts.
            "-Dapicurio.storage.kind=kafkasql",
            "-Dapicurio.kafkasql.bootstrap.servers=" + bootstrap(),
            "-Dcom.arjuna.ats.arjuna.common.CoreEnvironmentBean.processImplementationClassName=com.arjuna.ats.internal.arjuna.utils.UuidProcessId",
            "-jar",
            registryJar.toString()));
    awaitHttp(Duration.ofSeconds(120), "the schema registry", registryUrl() + "/subjects");
  }

  private void provisionTopics() {
    Topics topics =
        new Topics(topicsConfig(), new SerdeFactory(Map.of("schema.registry.url", registryUrl())));
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()))) {
      TopicProvisioner.provision(admin, topics);
    }
  }

  private void startService(String name, String mainClass, String... extra) throws IOException {
    List<String> args =
        concat(
            jvmOptions("THREADLINE_SERVICE_JVM_OPTIONS", SERVICE_JVM_OPTIONS),
            List.of(
                "--enable-native-access=ALL-UNNAMED",
                "-Dorg.slf4j.simpleLogger.log.dev.threadline=info",
                "-Dbootstrap.servers=" + bootstrap(),
                "-Dschema.registry.url=" + registryUrl()));
    args.addAll(List.of(extra));
    args.addAll(serviceProperties);
    args.addAll(List.of("-cp", classpath, mainClass));
    spawn(name, args);
  }

  private void startProjector() throws Exception {
    startService(
        "projector",
        "dev.threadline.projector.ProjectorApp",
        "-Dthreadline.projector.port=" + projectorPort,
        "-Dthreadline.projector.state.dir=" + home.resolve("projector-state"));
    awaitHttp(Duration.ofSeconds(90), "the projector", projectorUrl() + "/q/health/ready");
  }

  private void startIngest() throws Exception {
    spawn(
        "ingest-service",
        List.of(
            "-Xms64m",
            "-Xmx256m",
            "-Dkafka.bootstrap.servers=" + bootstrap(),
            "-Dthreadline.schema.registry.url=" + registryUrl(),
            "-Dquarkus.http.port=" + ingestPort,
            "-Dthreadline.topic.prefix=" + topicsConfig().prefix(),
            "-jar",
            ingestJar.toString()));
    awaitHttp(Duration.ofSeconds(60), "the ingest service", ingestUrl() + "/q/health/ready");
  }

  private void awaitGroups() throws Exception {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()))) {
      for (String group :
          List.of(
              "threadline-step-processor", "threadline-tool-executor", "threadline-projector")) {
        await(
            Duration.ofSeconds(90),
            "group " + group,
            () -> {
              try {
                var description =
                    admin
                        .describeConsumerGroups(List.of(group))
                        .all()
                        .get(5, TimeUnit.SECONDS)
                        .get(group);
                return description.groupState() == GroupState.STABLE
                    && !description.members().isEmpty();
              } catch (Exception e) {
                return false;
              }
            });
      }
    }
  }

  private void spawn(String name, List<String> args) throws IOException {
    spawnIn(home, name, args);
  }

  private void spawnIn(Path dir, String name, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command);
    // The key goes by environment, not on the command line where ps would show it.
    builder.environment().put("THREADLINE_API_KEY", apiKey);
    Process process =
        builder
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(home.resolve("logs/" + name + ".log").toFile()))
            .start();
    processes.add(process);
    named.put(name, process);
    Pids.record(home, name, process.pid());
    process
        .onExit()
        .thenRun(
            () -> {
              if (processes.contains(process)
                  && process.exitValue() != 0
                  && process.exitValue() != 143) {
                System.err.println(
                    name
                        + " exited with "
                        + process.exitValue()
                        + "; see "
                        + home.resolve("logs/" + name + ".log"));
              }
            });
  }

  /** Waits until {@code url} answers 200. */
  private void awaitHttp(Duration timeout, String what, String url) throws InterruptedException {
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest probe =
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build();
    await(
        timeout,
        what,
        () -> {
          try {
            return http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
          } catch (IOException e) {
            return false;
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
          }
        });
  }

  private void await(Duration timeout, String what, BooleanSupplier ready)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!ready.getAsBoolean()) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IllegalStateException(
              "a process exited while waiting for " + what + "; see " + home.resolve("logs"));
        }
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            what
                + " was not ready after "
                + timeout.toSeconds()
                + " s; see "
                + home.resolve("logs"));
      }
      Thread.sleep(250);
    }
  }

  /** Stops the services first, the registry and the broker last. */
  void stop() {
    List<Process> reversed = new ArrayList<>(processes);
    java.util.Collections.reverse(reversed);
    for (Process p : reversed) {
      p.destroy();
      try {
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    processes.clear();
    named.clear();
    Pids.clear(home);
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The model of the demo agents: scripted, or a real model if OPENAI_API_KEY is set. */
  static String demoModel(String turns) {
    String key = System.getenv("OPENAI_API_KEY");
    if (key != null && !key.isBlank()) {
      return "{\"provider\": \"openai\", \"model\": \""
          + System.getenv().getOrDefault("THREADLINE_MODEL", "gpt-4o-mini")
          + "\", \"stream\": true}";
    }
    return "{\"provider\": \"scripted\", \"latencyMs\": 150, \"stream\": true, \"turns\": "
        + turns
        + "}";
  }

  /**
   * The demo agent as the HTTP API takes it: it reads the clock and hands a question to its {@code
   * researcher} subagent (a child thread), then echoes a note and stores a greeting.
   */
  static String demoAgentJson() {
    return """
        {"model": %s,
         "systemPrompt": "You are the Threadline demo agent on thread {{threadId}}. Use the tools and your researcher, then reply briefly.",
         "tools": [{"name": "current_time", "permission": "allow"}, {"name": "echo", "permission": "allow"}],
         "subagents": [{"name": "researcher", "agent": "demo-researcher", "description": "Looks up one fact and reports back."}],
         "stop": {"stopOnResponse": true, "maxSteps": 10},
         "group": "chat"}"""
        .formatted(
            demoModel(
                """
                [[
                  {"toolCalls": [{"name": "current_time", "arguments": {}},
                                 {"name": "researcher", "arguments": {"message": "Why do Threadline threads stay ordered?"}}], "usage": {"input": 40, "output": 16}},
                  {"text": "It is past the hour. I asked my researcher why threads stay ordered; I will tell you when it reports.", "usage": {"input": 90, "output": 24}}
                ], [
                  {"toolCalls": [{"name": "echo", "arguments": {"note": "Kafka keeps every step"}},
                                 {"name": "set_value", "arguments": {"key": "greeting", "value": "hello"}}], "usage": {"input": 120, "output": 20}},
                  {"text": "My researcher reports: each thread is a Kafka key, and a partition keeps its records in order. Greeting stored.", "usage": {"input": 150, "output": 26}}
                ]]"""));
  }

  /** The demo's subagent: one tool call, then sessionStop with its result for the parent. */
  static String demoResearcherJson() {
    return """
        {"model": %s,
         "systemPrompt": "You research one question for your parent agent and answer in one sentence.",
         "tools": [{"name": "echo", "permission": "allow"}],
         "stop": {"stopOnResponse": true, "maxSteps": 5},
         "group": "task"}"""
        .formatted(
            demoModel(
                """
                [[
                  {"toolCalls": [{"name": "echo", "arguments": {"looked_up": "topic partitions"}}], "usage": {"input": 30, "output": 10}},
                  {"toolCalls": [{"name": "sessionStop", "arguments": {"result": "Each thread is a Kafka key, and one partition keeps a key's records in order."}}], "usage": {"input": 50, "output": 18}}
                ]]"""));
  }

  /** Registers the demo agent and starts a thread through the HTTP API, then prints its events. */
  record Demo(String bootstrap, String registryUrl, String ingestUrl, String apiKey) {
    void run() throws Exception {
      IngestClient ingest = new IngestClient(ingestUrl, apiKey);
      ingest.call("PUT", "/v1/agents/demo-researcher", demoResearcherJson(), 200);
      ingest.call("PUT", "/v1/agents/demo", demoAgentJson(), 200);
      String created =
          ingest.call(
              "POST",
              "/v1/threads",
              "{\"agent\": \"demo\", \"message\": \"What time is it? Also remember to greet me.\", \"metadata\": {\"source\": \"./threadline up\"}}",
              201);
      String threadId = created.replaceAll(".*\"threadId\"\\s*:\\s*\"([^\"]+)\".*", "$1");
      Topics topics =
          new Topics(
              TopicsConfig.defaults(),
              new SerdeFactory(Map.of("schema.registry.url", registryUrl)));
      System.out.println();
      System.out.println(
          "demo thread "
              + threadId
              + " (created with POST "
              + ingestUrl
              + "/v1/threads; events from "
              + topics.threadEvents().name()
              + "):");
      new EventTail(bootstrap, topics).printUntilSettled(threadId, Duration.ofSeconds(120));
    }
  }
}
