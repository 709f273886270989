package dev.threadline.executor;

import dev.threadline.config.ModelPolicy;
import dev.threadline.config.SettingValues;
import dev.threadline.config.Settings;
import dev.threadline.executor.code.CodeSandboxes;
import dev.threadline.executor.code.SandboxLimits;
import dev.threadline.executor.mcp.ListedMcpServer;
import dev.threadline.executor.mcp.McpCatalog;
import dev.threadline.executor.mcp.McpTools;
import dev.threadline.executor.model.ImageParts;
import dev.threadline.executor.model.ModelClients;
import dev.threadline.executor.model.ModelEndpoints;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.model.ProviderContext;
import dev.threadline.executor.net.UrlGuard;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolGrants;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.builtin.BuiltinHooks;
import dev.threadline.executor.tools.builtin.CurrentTimeTool;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.executor.tools.builtin.HttpFetchTool;
import dev.threadline.executor.tools.builtin.RunCodeTool;
import dev.threadline.kafka.KafkaClients;
import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.ops.OpsServer;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import dev.threadline.traces.Tracing;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs a tool-executor instance until stopped. */
public final class ExecutorApp {
  private static final Logger log = LoggerFactory.getLogger(ExecutorApp.class);

  private ExecutorApp() {}

  public static void main(String[] args) throws InterruptedException {
    Map<String, String> settings = Settings.load(args, Map.of());
    Map<String, Object> connection = KafkaClients.connection(settings);
    Map<String, Object> serde = new HashMap<>(settings);
    serde.put("schema.registry.url", SettingValues.required(settings, "schema.registry.url"));
    Topics topics = new Topics(TopicsConfig.from(settings), new SerdeFactory(serde));
    TopicProvisioner.prepare(settings, topics, false);
    ExecutorSettings executorSettings = ExecutorSettings.from(settings, System.getenv());
    Executor executor =
        build(connection, topics, executorSettings, settings, Clock.systemUTC()).start();
    log.info(
        "tool executor running: model lanes {} tool lanes {}",
        executorSettings.modelBudgets(),
        executorSettings.toolBudgets());
    // A lane whose worker ended does not come back: not live, so that the process is restarted.
    Optional<OpsServer> ops =
        OpsServer.start(settings, "tool-executor", executor::running, executor::running);
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  executor.close();
                  ops.ifPresent(OpsServer::close);
                  stop.countDown();
                },
                "executor-shutdown"));
    stop.await();
  }

  /** The standard providers and built-in tools plus any {@code ToolProvider} on the classpath. */
  public static Executor build(
      Map<String, Object> connection,
      Topics topics,
      ExecutorSettings s,
      Map<String, String> settings,
      Clock clock) {
    CodeSandboxes.configure(SandboxLimits.from(settings, Runtime.getRuntime().maxMemory()));
    List<Tool> builtIns =
        new ArrayList<>(
            List.of(
                new EchoTool(),
                new CurrentTimeTool(clock),
                new HttpFetchTool(new UrlGuard(s.fetchAllowList()), s.fetchMaxBytes()),
                new RunCodeTool()));
    builtIns.addAll(BuiltinHooks.all());
    List<ListedMcpServer> mcpServers = McpTools.from(settings, System.getenv());
    ToolGrants grants = ToolGrants.from(settings);
    // The door offers tenants what this executor lists, so it learns of it before any call, and
    // of every list a server changes later.
    McpCatalog.publish(
        connection,
        topics,
        mcpServers.stream().map(ListedMcpServer::listing).toList(),
        grants,
        clock.instant());
    McpCatalog.follow(connection, topics, mcpServers, grants, clock);
    ToolRegistry tools = ToolRegistry.load(builtIns, mcpServers, settings);
    ModelPolicy policy = ModelPolicy.from(settings);
    ModelEndpoints endpoints = ModelEndpoints.from(policy, settings, System.getenv());
    ModelClients clients =
        new ModelClients(endpoints, policy, new UrlGuard(s.fetchAllowList()), s.modelTimeout());
    // Each kind the operator lists, made by the factory of that kind on the classpath.
    ModelProviders providers =
        ModelProviders.load(
            policy.providers(),
            new ProviderContext(
                settings,
                policy,
                s.modelTimeout(),
                endpoints,
                clients,
                s.defaultModel(),
                tools::complete,
                // The files folder the ingest and step processor share (threadline.blobs.dir).
                new ImageParts(s.files(), s.profiles())));
    return new Executor(
        connection, topics, s, providers, tools, clock, Tracing.start("threadline-tool-executor"));
  }
}
