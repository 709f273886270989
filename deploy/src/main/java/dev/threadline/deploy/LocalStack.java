package dev.threadline.deploy;

import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The local stack behind {@code ./threadline up}: a real Apache Kafka broker ({@link LocalBroker}),
 * a schema registry ({@link LocalRegistry}), then the Threadline services ({@link LocalServices}),
 * each a process of its own ({@link StackProcesses}), and the demo ({@link DemoAgents}). Data lives
 * under {@code .threadline/}; a second {@code up} reuses it. Ctrl-C stops everything; {@code
 * ./threadline down} stops a stack left running elsewhere.
 */
public final class LocalStack {
  private final Path home;
  private final StackBuild build;
  private final StackPorts ports;
  private final String apiKey;
  private final StackProcesses processes;
  private int brokers = 1;
  private int instances = 1;
  private final List<Integer> projectorPorts = new ArrayList<>();

  /**
   * Extra {@code -D} settings for the step processor, executor and projector (the bench's knobs).
   */
  final List<String> serviceProperties = new ArrayList<>();

  LocalStack(Path home, StackBuild build, StackPorts ports, String apiKey) {
    this.home = home;
    this.build = build;
    this.ports = ports;
    this.apiKey = apiKey;
    this.processes = new StackProcesses(home, apiKey);
    this.projectorPorts.add(ports.projector());
  }

  /**
   * Adds the launcher's {@code --set key=value,key=value} to {@link #serviceProperties}: settings
   * of the step processor, executor and projector.
   */
  void set(String settings) {
    for (String setting : settings.split(",")) {
      if (!setting.isBlank()) {
        serviceProperties.add("-D" + setting.trim());
      }
    }
  }

  /**
   * A cluster instead: {@code brokers} KRaft nodes on consecutive port pairs from the Kafka port
   * (topics replicated to 3, 2 in sync) and {@code instances} of the step processor, executor and
   * projector (the further projectors on the given ports).
   */
  LocalStack cluster(int brokers, int instances, List<Integer> moreProjectorPorts) {
    this.brokers = brokers;
    this.instances = instances;
    projectorPorts.addAll(moreProjectorPorts.subList(0, instances - 1));
    if (brokers >= 3) {
      serviceProperties.add("-Dthreadline.topic.replication.factor=3");
    }
    return this;
  }

  int instances() {
    return instances;
  }

  /** Where each service's health and metrics are: {@code step-processor :9464, …}. */
  private String opsPorts() {
    List<String> where = new ArrayList<>();
    for (int i = 1; i <= instances; i++) {
      for (String service : StackPorts.OPS_SERVICES) {
        where.add(LocalServices.instance(this, service, i) + " :" + ports.ops(service, i));
      }
    }
    return String.join(", ", where);
  }

  List<Integer> projectorPorts() {
    return projectorPorts;
  }

  /** What {@code up} and {@code down} take (the script passes the first three itself). */
  private static final Set<String> UP_OPTIONS =
      StackBuild.withOptions(
          "data",
          "no-demo",
          "analytics",
          "set",
          "kafka-port",
          "registry-port",
          "ingest-port",
          "projector-port",
          "ops-port");

  public static void main(String[] args) throws Exception {
    Map<String, String> options = Options.onlyOrExit(args, UP_OPTIONS);
    Path home = Path.of(options.getOrDefault("data", ".threadline")).toAbsolutePath();
    if (options.getOrDefault("command", "up").equals("down")) {
      System.exit(Pids.stopAll(home) ? 0 : 1);
    }
    LocalStack stack =
        new LocalStack(
            home,
            StackBuild.from(options),
            new StackPorts(
                Integer.parseInt(options.getOrDefault("kafka-port", "9092")),
                Integer.parseInt(options.getOrDefault("registry-port", "8085")),
                Integer.parseInt(options.getOrDefault("ingest-port", "8080")),
                Integer.parseInt(options.getOrDefault("projector-port", "8081")),
                Integer.parseInt(options.getOrDefault("ops-port", "9464"))),
            ApiKey.load(home));
    if (options.containsKey("set")) {
      stack.set(options.get("set"));
    }
    stack.sealEvents();
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
    if (options.containsKey("analytics")) {
      stack.analytics = true;
      step(
          "analytics (Kafka Connect → Parquet tables in " + stack.analyticsDir() + ")",
          () -> LocalServices.startAnalytics(stack));
    }
    if (!options.containsKey("no-demo")) {
      stack.demoThread =
          new DemoAgents.Run(stack, stack.registryUrl(), stack.ingestUrl(), stack.apiKey).run();
    }
    stack.printWhereItRuns();
    // Runs until Ctrl-C or ./threadline down; a process that dies meanwhile is started again.
    stack.processes.supervise();
    Thread.currentThread().join();
  }

  void up() throws Exception {
    Files.createDirectories(home.resolve("logs"));
    if (brokers == 1) {
      step(
          "Kafka broker (KRaft) on " + bootstrap(),
          () -> LocalBroker.start(processes, home, build.classpath(), ports.kafka(), settings()));
    } else {
      step(
          brokers + " Kafka brokers (KRaft) on " + bootstrap(),
          () ->
              LocalBroker.startCluster(
                  processes, home, build.classpath(), ports.kafka(), brokers, settings()));
    }
    step(
        "schema registry on " + registryUrl(),
        () ->
            LocalRegistry.start(
                processes,
                home,
                build.registryJar(),
                ports.registry(),
                bootstrap(),
                registryUrl()));
    step("topics", () -> LocalServices.provisionTopics(this));
    step("step processor", () -> LocalServices.startStepProcessor(this));
    step("tool executor", () -> LocalServices.startExecutor(this));
    step(
        "projector (read API, dashboard) on " + projectorUrl(),
        () -> LocalServices.startProjector(this));
    step("ingest service (HTTP API) on " + ingestUrl(), () -> LocalServices.startIngest(this));
    step("services to join their groups", () -> LocalServices.awaitGroups(this));
  }

  /** Stops the services first, the registry and the broker last. */
  void stop() {
    processes.stopAll();
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

  private void printWhereItRuns() {
    System.out.println();
    System.out.println("Threadline is running:");
    // The link opens the demo thread as a conversation (the key never leaves the browser).
    String demo =
        demoThread == null
            ? ""
            : "&thread=" + URLEncoder.encode(demoThread, StandardCharsets.UTF_8) + "&view=chat";
    // On the HTTP API's port: the page reads and acts through one base URL.
    System.out.println("  Dashboard        " + ingestUrl() + "/#key=" + apiKey + demo);
    System.out.println(
        "                   (read-only on the projector's port: " + projectorUrl() + ")");
    System.out.println(
        "  HTTP API         "
            + ingestUrl()
            + " (reads and writes, runs, the LangGraph API; OpenAPI at /q/openapi, /q/swagger-ui)");
    System.out.println("  API key          " + apiKey + "  (THREADLINE_API_KEY; tenant 'local')");
    boolean defaultHome = home.toAbsolutePath().normalize().endsWith(".threadline");
    System.out.println(
        "  CLI              "
            + (defaultHome ? "" : "THREADLINE_DATA=" + home.toAbsolutePath() + " ")
            + "./threadline threads list   (show, tail, send …: ./threadline threads --help)");
    if (ports.ops() != 0) {
      System.out.println("  Health, metrics  " + opsPorts() + " (/health/live, /health/ready,");
      System.out.println("                   /metrics); the HTTP API's at /q/health, /q/metrics");
    }
    System.out.println("  Kafka            " + bootstrap());
    System.out.println("  Schema registry  " + registryUrl());
    if (analytics) {
      // An Iceberg table's files are in its catalog's warehouse, the Parquet tables' in events/.
      boolean iceberg = "iceberg".equals(settings().get("threadline.analytics.format"));
      System.out.println(
          "  Analytics        "
              + analyticsDir().resolve(iceberg ? "warehouse" : "events")
              + (iceberg ? " (the Iceberg table threadline.events; " : " (")
              + "docs/analytics.md)");
    }
    System.out.println("  Logs             " + home.resolve("logs"));
    System.out.println("Ctrl-C stops it (or ./threadline down from another terminal).");
  }

  /** The demo's thread, once the demo ran (null with {@code --no-demo}). */
  private String demoThread;

  /** Whether the analytics worker runs ({@code --analytics}). */
  private boolean analytics;

  /** Where {@code --analytics} keeps the event log's tables. */
  Path analyticsDir() {
    return home.resolve("analytics");
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

  StackProcesses processes() {
    return processes;
  }

  /** The process id of each process this stack started, by name (kafka, registry, …). */
  Map<String, Long> pids() {
    return processes.pids();
  }

  StackBuild build() {
    return build;
  }

  StackPorts ports() {
    return ports;
  }

  /**
   * {@code ./threadline up}'s stack seals events (crypto-shredding on, as a deployment that keeps
   * personal data should run); bench and chaos measure the pipeline as it runs by default.
   */
  void sealEvents() throws IOException {
    processes.sealEvents();
  }

  /** Reads the stack's {@code thread-events}, opening sealed events; close it after. */
  StackEvents events(Topics topics) {
    return StackEvents.open(bootstrap(), topics, processes.eventsKey());
  }

  String bootstrap() {
    List<String> nodes = new ArrayList<>();
    for (int i = 0; i < brokers; i++) {
      nodes.add("127.0.0.1:" + (ports.kafka() + 2 * i));
    }
    return String.join(",", nodes);
  }

  String registryUrl() {
    return "http://127.0.0.1:" + ports.registry() + "/apis/ccompat/v7";
  }

  String ingestUrl() {
    return "http://127.0.0.1:" + ports.ingest();
  }

  String projectorUrl() {
    return "http://127.0.0.1:" + ports.projector();
  }

  String apiKey() {
    return apiKey;
  }
}
