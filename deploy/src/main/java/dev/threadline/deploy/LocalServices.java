package dev.threadline.deploy;

import dev.threadline.config.ApiKeys;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.ops.OpsServer;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.GroupState;

/**
 * The local stack's Threadline services, each in its own JVM: the topics they use, then the step
 * processor, the tool executor, the projector and the ingest service, and a wait until every
 * consumer group has its members.
 */
final class LocalServices {
  /**
   * Heap and collector of the step processor, executor and projector. A fixed heap (minimum =
   * maximum) and the throughput collector: with {@code -Xms64m} and G1 the heaps grew slowly and G1
   * ran concurrent cycles through a saturated run, and the parallel collector's cheaper write
   * barriers suit services whose live data is small and whose garbage dies young (every record
   * decoded, mapped and encoded once). Measured in docs/benchmarks.md; {@code
   * THREADLINE_SERVICE_JVM_OPTIONS} replaces them.
   */
  static final List<String> JVM_OPTIONS = List.of("-Xms768m", "-Xmx768m", "-XX:+UseParallelGC");

  /**
   * What every service's JVM runs with whatever replaces {@link #JVM_OPTIONS}: out of memory, it
   * exits (and {@code up} restarts it) rather than serve on with threads that died of it.
   */
  static final List<String> ALWAYS = List.of("-XX:+ExitOnOutOfMemoryError");

  private static final List<String> GROUPS =
      List.of(
          "threadline-step-processor",
          "threadline-tool-executor",
          "threadline-tool-executor-side-effect-free",
          "threadline-projector");

  private LocalServices() {}

  /** The topics the services are told to use (checked for co-partitioning). */
  static void provisionTopics(LocalStack stack) {
    Topics topics =
        new Topics(
            stack.topicsConfig(),
            new SerdeFactory(Map.of("schema.registry.url", stack.registryUrl())));
    try (Admin admin = admin(stack)) {
      TopicProvisioner.provision(admin, topics);
    }
  }

  /**
   * A service's name: {@code base} alone, or {@code base-i} when the stack runs several instances.
   */
  static String instance(LocalStack stack, String base, int i) {
    return stack.instances() == 1 ? base : base + "-" + i;
  }

  static void startStepProcessor(LocalStack stack) throws Exception {
    for (int i = 1; i <= stack.instances(); i++) {
      String name = instance(stack, "step-processor", i);
      start(
          stack,
          name,
          "dev.threadline.step.StepProcessorApp",
          "-Dthreadline.step.state.dir=" + stack.home().resolve(instance(stack, "step-state", i)),
          "-Dthreadline.blobs.dir=" + stack.home().resolve("blobs"),
          // Static membership: restarted, it takes its partitions back at once.
          "-Dthreadline.step.instance.id=step-processor-" + i,
          // With more than one instance, a warm copy of each task's state waits on another.
          "-Dthreadline.step.standby.replicas=" + (stack.instances() > 1 ? 1 : 0),
          ops(stack, "step-processor", i));
    }
  }

  static void startExecutor(LocalStack stack) throws Exception {
    for (int i = 1; i <= stack.instances(); i++) {
      start(
          stack,
          instance(stack, "tool-executor", i),
          "dev.threadline.executor.ExecutorApp",
          "-Dthreadline.executor.instance.id=tool-executor-" + i,
          "-Dthreadline.blobs.dir=" + stack.home().resolve("blobs"),
          // Tools' ThreadState reads: any projector answers, forwarding to the thread's owner.
          "-Dthreadline.projector.url=http://127.0.0.1:" + stack.projectorPorts().getFirst(),
          // Tools' loads of definitions by name.
          "-Dthreadline.ingest.url=" + stack.ingestUrl(),
          // The stack's one tenant is its operator's: run_code is theirs (--set takes it back).
          "-Dthreadline.tools.tenant." + ApiKeys.LOCAL_TENANT + ".granted=run_code",
          ops(stack, "tool-executor", i));
    }
  }

  /**
   * The ops port setting of {@code service}'s instance {@code i}; empty (left out by {@link
   * #start}) when the stack serves none.
   */
  private static String ops(LocalStack stack, String service, int i) {
    int port = stack.ports().ops(service, i);
    return port == 0 ? "" : "-D" + OpsServer.PORT + "=" + port;
  }

  static void startProjector(LocalStack stack) throws Exception {
    for (int i = 1; i <= stack.instances(); i++) {
      int port = stack.projectorPorts().get(i - 1);
      start(
          stack,
          instance(stack, "projector", i),
          "dev.threadline.projector.ProjectorApp",
          "-Dthreadline.projector.port=" + port,
          "-Dthreadline.projector.state.dir="
              + stack.home().resolve(instance(stack, "projector-state", i)),
          "-Dthreadline.projector.instance.id=projector-" + i,
          "-Dthreadline.projector.streams.num.standby.replicas=" + (stack.instances() > 1 ? 1 : 0),
          ops(stack, "projector", i));
    }
    for (int port : stack.projectorPorts()) {
      stack
          .processes()
          .awaitHttp(
              Duration.ofSeconds(90),
              "the projector on " + port,
              "http://127.0.0.1:" + port + "/q/health/ready");
    }
  }

  /**
   * Browser apps served from this machine — a front end's dev server on any port — may call the
   * local stack, as a developer trying Agent Chat UI against it expects; an operator's own CORS
   * settings, given in the environment, are left to win.
   */
  static final String LOCAL_ORIGINS = "/https?://(localhost|127\\.0\\.0\\.1|\\[::1\\])(:[0-9]+)?/";

  static List<String> localOrigins(Map<String, String> env) {
    if (env.containsKey("QUARKUS_HTTP_CORS_ENABLED")
        || env.containsKey("QUARKUS_HTTP_CORS_ORIGINS")) {
      return List.of();
    }
    return List.of(
        "-Dquarkus.http.cors.enabled=true", "-Dquarkus.http.cors.origins=" + LOCAL_ORIGINS);
  }

  /** The Quarkus ingest service, from its packaged jar. */
  static void startIngest(LocalStack stack) throws Exception {
    List<String> arguments = new ArrayList<>(localOrigins(System.getenv()));
    arguments.addAll(
        List.of(
            "-Xms64m",
            "-Xmx256m",
            ALWAYS.getFirst(),
            "-Dkafka.bootstrap.servers=" + stack.bootstrap(),
            "-Dthreadline.schema.registry.url=" + stack.registryUrl(),
            "-Dquarkus.http.port=" + stack.ports().ingest(),
            "-Dthreadline.topic.prefix=" + stack.topicsConfig().prefix(),
            "-Dthreadline.blobs.dir=" + stack.home().resolve("blobs"),
            // An upload goes only to a thread of the caller's, as the projector knows them.
            "-Dthreadline.projector.url=http://127.0.0.1:" + stack.projectorPorts().getFirst(),
            "-jar",
            stack.build().ingestJar().toString()));
    stack.processes().spawn("ingest-service", arguments);
    stack
        .processes()
        .awaitHttp(
            Duration.ofSeconds(60), "the ingest service", stack.ingestUrl() + "/q/health/ready");
  }

  /** Until every service's consumer group is stable with members: the stack takes work. */
  static void awaitGroups(LocalStack stack) throws Exception {
    try (Admin admin = admin(stack)) {
      for (String group : GROUPS) {
        stack
            .processes()
            .await(Duration.ofSeconds(90), "group " + group, () -> stable(admin, group));
      }
    }
  }

  private static boolean stable(Admin admin, String group) {
    try {
      var description =
          admin.describeConsumerGroups(List.of(group)).all().get(5, TimeUnit.SECONDS).get(group);
      return description.groupState() == GroupState.STABLE && !description.members().isEmpty();
    } catch (Exception e) {
      return false;
    }
  }

  /**
   * The analytics worker (Kafka Connect, standalone) writing the event log's Parquet tables under
   * the stack's folder; it commits as it writes, so a restart goes on where it left off.
   */
  static void startAnalytics(LocalStack stack) throws Exception {
    java.nio.file.Files.createDirectories(stack.analyticsDir());
    start(
        stack,
        "analytics",
        "dev.threadline.analytics.AnalyticsWorker",
        "-Xms128m",
        "-Xmx512m",
        "-Dthreadline.analytics.dir=" + stack.analyticsDir());
  }

  /** A service from the stack's classpath, with the stack's settings as {@code -D} options. */
  private static void start(LocalStack stack, String name, String mainClass, String... extra)
      throws Exception {
    List<String> args =
        new ArrayList<>(StackProcesses.jvmOptions("THREADLINE_SERVICE_JVM_OPTIONS", JVM_OPTIONS));
    args.addAll(ALWAYS);
    AotCache aot = AotCache.fromEnvironment();
    args.addAll(aot.options(name, stack.build().classpath()));
    args.addAll(
        List.of(
            "--enable-native-access=ALL-UNNAMED",
            "-Dthreadline.log.level=info",
            // A laptop's stack answers its health and metrics on loopback only (a container's
            // ops port binds every interface, for the orchestrator's probes).
            "-Dthreadline.ops.host=127.0.0.1",
            "-Dbootstrap.servers=" + stack.bootstrap(),
            "-Dschema.registry.url=" + stack.registryUrl()));
    args.addAll(java.util.Arrays.stream(extra).filter(a -> !a.isEmpty()).toList());
    args.addAll(stack.serviceProperties);
    args.addAll(List.of("-cp", aot.classpath(stack.build().classpath()), mainClass));
    stack.processes().spawn(name, args);
  }

  private static Admin admin(LocalStack stack) {
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrap()));
  }
}
