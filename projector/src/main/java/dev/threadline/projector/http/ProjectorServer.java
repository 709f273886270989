package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.config.ApiKeys;
import dev.threadline.config.Budgets;
import dev.threadline.config.ModelProfiles;
import dev.threadline.config.OpenSlots;
import dev.threadline.config.TenantRates;
import dev.threadline.projector.LiveFeed;
import dev.threadline.projector.view.Stats;
import dev.threadline.projector.view.StatsSnapshot;
import dev.threadline.projector.view.UsageAnswer;
import dev.threadline.serde.PooledJson;
import dev.threadline.topics.RecordJson;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The projector's HTTP API and dashboard. Every {@code /v1} read is tenant-scoped by bearer key
 * (another tenant's thread is a 404). A thread's reads are answered by the instance that owns its
 * partition: any other instance forwards the request there ({@link Router}). Lists and stats are
 * gathered from every instance and merged.
 */
public final class ProjectorServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ProjectorServer.class);

  static final ObjectMapper JSON = PooledJson.MAPPER;

  private final HttpServer server;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
  private final ForwardedRequests forwarded;
  private final Callers callers;
  private final LiveFeed feed;
  private final OpenSlots slots;
  private volatile KafkaStreams streams;
  private volatile LocalViews views;
  private volatile Budgets budgets = Budgets.defaults();
  private volatile ModelProfiles prices = new ModelProfiles(Map.of());
  private volatile Router router;
  private volatile boolean closed;

  static {
    // A request must arrive whole within 10 s (a client that trickles one in holds a connection
    // for nothing), and a connection idle between requests is closed after 30 s. The JDK server
    // reads these once; set them on the command line to change them.
    System.getProperties().putIfAbsent("sun.net.httpserver.maxReqTime", "10");
    System.getProperties().putIfAbsent("sun.net.httpserver.idleInterval", "30");
  }

  /** Binds the port at once (port 0 picks a free one); serving starts with {@link #start}. */
  public ProjectorServer(String host, int port, ApiKeys keys, LiveFeed feed) throws IOException {
    this(host, port, keys, feed, 100, 1_000);
  }

  /**
   * @param streamsPerTenant live streams one tenant may hold open on this instance
   * @param streamsTotal live streams this instance serves at once
   */
  public ProjectorServer(
      String host, int port, ApiKeys keys, LiveFeed feed, int streamsPerTenant, int streamsTotal)
      throws IOException {
    this.forwarded = new ForwardedRequests(keys, java.time.Clock.systemUTC());
    this.callers = new Callers(keys, forwarded);
    this.feed = feed;
    this.slots =
        new OpenSlots(
            streamsPerTenant,
            streamsTotal,
            "threadline.projector.live.streams.per.tenant",
            "threadline.projector.live.streams.total");
    this.server = HttpServer.create(new InetSocketAddress(host, port), 128);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** The tenant budgets {@code /v1/usage} shows beside the use. */
  public void budgets(Budgets budgets) {
    this.budgets = budgets;
  }

  /** Each tenant's request rate on this instance (the default: {@link TenantRates}'s). */
  public void limit(TenantRates rates) {
    callers.limit(rates);
  }

  /** The model prices stats count costs by (the operator's, in the model profiles). */
  public void price(ModelProfiles prices) {
    this.prices = prices;
  }

  public void start(KafkaStreams streams, String advertised) {
    this.streams = streams;
    this.views = new LocalViews(streams);
    this.router = new Router(streams, advertised, forwarded);
    server.start();
  }

  @Override
  public void close() {
    closed = true;
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) {
    try (exchange) {
      try {
        route(exchange);
      } catch (Problem p) {
        problem(exchange, p);
      } catch (InvalidStateStoreException e) {
        problem(exchange, Problem.unavailable("the projector's stores are moving: " + e));
      } catch (IOException e) {
        log.debug("client went away: {}", e.toString());
      } catch (RuntimeException e) {
        // The cause stays in the log: exception texts name hosts, files and internals.
        String reference = java.util.UUID.randomUUID().toString();
        log.error("failed to answer {} (reference {})", exchange.getRequestURI(), reference, e);
        problem(
            exchange,
            new Problem(
                500,
                "Internal error",
                "the request failed unexpectedly; the operator can find it in the log by reference "
                    + reference,
                0));
      }
    } catch (IOException e) {
      log.debug("could not answer {}: {}", exchange.getRequestURI(), e.toString());
    }
  }

  private void route(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getRawPath();
    if (!exchange.getRequestMethod().equals("GET")) {
      throw new Problem(405, "Method not allowed", "the projector only answers GET", 0);
    }
    switch (path) {
      case "/q/health/live" -> json(exchange, 200, JSON.createObjectNode().put("status", "UP"));
      case "/q/health/ready" -> ready(exchange);
      case "/v1/threads" ->
          json(exchange, 200, new ThreadList(views, router).answer(exchange, tenant(exchange)));
      case "/v1/crons" ->
          json(exchange, 200, new CronList(views, router).answer(exchange, tenant(exchange)));
      case "/v1/stats" -> stats(exchange, tenant(exchange));
      case "/v1/usage" ->
          json(
              exchange,
              200,
              JSON.valueToTree(
                  UsageAnswer.of(views.usage(tenant(exchange), Instant.now()), budgets)));
      default -> {
        if (path.startsWith("/v1/store/")) {
          json(exchange, 200, StoreRoutes.answer(views.storeItems(), exchange, tenant(exchange)));
        } else if (path.startsWith("/v1/threads/")) {
          thread(exchange, tenant(exchange), path.substring("/v1/threads/".length()));
        } else if (path.startsWith("/v1/")) {
          throw Problem.notFound("no such resource: " + path);
        } else {
          Dashboard.serve(exchange, path);
        }
      }
    }
  }

  private void ready(HttpExchange exchange) throws IOException {
    KafkaStreams.State state = streams.state();
    json(
        exchange,
        state == KafkaStreams.State.RUNNING ? 200 : 503,
        JSON.createObjectNode()
            .put("status", state == KafkaStreams.State.RUNNING ? "UP" : "DOWN")
            .put("streams", state.name()));
  }

  private String tenant(HttpExchange exchange) {
    return callers.tenant(exchange);
  }

  // ---- one thread: summary, timeline, live stream ----

  private void thread(HttpExchange exchange, String tenant, String rest) throws IOException {
    String suffix = "";
    int value = rest.lastIndexOf("/values/");
    int request = rest.lastIndexOf("/variables/");
    int run = rest.indexOf("/runs/");
    if (run >= 0) {
      suffix = "run:" + rest.substring(run + 6);
      rest = rest.substring(0, run);
    } else if (value >= 0) {
      // One key (URL-encoded if it holds a '/', so any key, "events" too): the suffix carries it.
      suffix = "value:" + URLDecoder.decode(rest.substring(value + 8), StandardCharsets.UTF_8);
      rest = rest.substring(0, value);
    } else if (request >= 0) {
      suffix = "variables:" + rest.substring(request + 11);
      rest = rest.substring(0, request);
    }
    for (String candidate :
        List.of(
            "/events",
            "/stream",
            "/values",
            "/messages",
            "/effects",
            "/env",
            "/variables",
            "/runs")) {
      if (suffix.isEmpty() && rest.endsWith(candidate)) {
        suffix = candidate.substring(1);
        rest = rest.substring(0, rest.length() - candidate.length());
      }
    }
    String threadId = URLDecoder.decode(rest, StandardCharsets.UTF_8);
    if (threadId.isBlank()) {
      throw Problem.notFound("no thread id in " + exchange.getRequestURI().getRawPath());
    }
    Map<String, String> query = Router.query(exchange);
    if (isLong(suffix)) {
      // Held by the instance that forwards a stream as by the one that serves it: both keep a
      // connection and a thread for as long as it is open.
      OpenSlots.Slot slot;
      try {
        slot = slots.take(tenant);
      } catch (OpenSlots.Full full) {
        throw new Problem(429, "Too many live streams", "live streams: " + full.getMessage(), 5);
      }
      try {
        thread(exchange, tenant, threadId, suffix, query);
      } finally {
        slot.close();
      }
      return;
    }
    thread(exchange, tenant, threadId, suffix, query);
  }

  private void thread(
      HttpExchange exchange,
      String tenant,
      String threadId,
      String suffix,
      Map<String, String> query)
      throws IOException {
    if (!router.ownsThread(threadId)) {
      if (Router.isForwarded(exchange)) {
        throw Problem.unavailable("thread " + threadId + " moved to another instance; retry");
      }
      router.forward(exchange, tenant, router.ownerOf(threadId), isLong(suffix));
      return;
    }
    if (suffix.startsWith("run:") && suffix.endsWith("/stream")) {
      // A run's stream may be opened before its command is sent (so it misses none of its
      // tokens): it waits for a run of the caller's, on a thread that may not exist yet.
      new RunReads(feed, views, () -> closed)
          .stream(
              exchange, tenant, threadId, suffix.substring(4), Params.after(exchange), wait(query));
      return;
    }
    if (suffix.startsWith("run:") && suffix.endsWith("/join")) {
      // A join may come as soon as its run was sent (runs/wait): on a busy stack the thread's first
      // event can take longer than a fence's wait, so the join waits for it, as long as it waits.
      new RunReads(feed, views, () -> closed)
          .joinOnceProjected(exchange, tenant, threadId, suffix.substring(4), wait(query));
      return;
    }
    ThreadSummary summary =
        ThreadReads.fenced(
            views, tenant, threadId, Params.longParam(query, "atLeastSeq", 0, 0, Long.MAX_VALUE));
    if (summary == null) {
      throw Problem.notFound("no thread " + threadId);
    }
    switch (suffix) {
      case "events" -> events(exchange, threadId, query);
      case "stream" ->
          new LiveStream(feed, views, () -> closed)
              .serve(exchange, threadId, Params.after(exchange));
      case "runs" -> json(exchange, 200, RunReads.list(views, threadId, query));
      case String run when run.startsWith("run:") ->
          new RunReads(feed, views, () -> closed)
              .serve(exchange, threadId, run.substring(4), wait(query));
      default ->
          json(
              exchange,
              200,
              ThreadReads.answer(
                  views,
                  summary,
                  suffix,
                  new ThreadReads.Page(
                      suffix.equals("values")
                          ? 0
                          : Params.longParam(query, "after", 0, 0, Long.MAX_VALUE),
                      query.get("afterKey"),
                      (int) Params.longParam(query, "limit", 100, 1, 1000))));
    }
  }

  /** How long a run's read waits for it ({@code ?wait=}, 60 s, at most 300). */
  private static Duration wait(Map<String, String> query) {
    return Duration.ofSeconds(Params.longParam(query, "wait", 60, 0, 300));
  }

  /** Reads that hold their connection open: live streams, a run's stream or join. */
  private static boolean isLong(String suffix) {
    return suffix.equals("stream") || suffix.startsWith("run:") && RunReads.isLong(suffix);
  }

  private void events(HttpExchange exchange, String threadId, Map<String, String> query)
      throws IOException {
    long after = Params.longParam(query, "after", 0, 0, Long.MAX_VALUE);
    int limit = (int) Params.longParam(query, "limit", 100, 1, 1000);
    ObjectNode answer = JSON.createObjectNode();
    ArrayNode events = answer.putArray("events");
    long last = after;
    for (ThreadEvent e : views.events(threadId, after, limit)) {
      events.add(RecordJson.event(e));
      last = e.getSeq();
    }
    answer.put("lastSeq", last);
    json(exchange, 200, answer);
  }

  private void stats(HttpExchange exchange, String tenant) throws IOException {
    Map<String, String> query = Router.query(exchange);
    int minutes = (int) Params.longParam(query, "minutes", 15, 1, 60);
    long now = System.currentTimeMillis();
    long fromMinute = Stats.minuteOf(now) - (minutes - 1) * 60_000L;
    StatsSnapshot local = views.stats(tenant, fromMinute);
    if (Router.isForwarded(exchange)) {
      json(exchange, 200, JSON.valueToTree(local));
      return;
    }
    List<StatsSnapshot> parts = new ArrayList<>(List.of(local));
    for (JsonNode remote : router.gather(exchange, tenant)) {
      parts.add(JSON.treeToValue(remote, StatsSnapshot.class));
    }
    json(exchange, 200, JSON.valueToTree(StatsSnapshot.merge(parts).render(now, minutes, prices)));
  }

  static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  private static void problem(HttpExchange exchange, Problem p) throws IOException {
    Map<String, Object> body = new HashMap<>();
    body.put("type", "about:blank");
    body.put("title", p.title);
    body.put("status", p.status);
    body.put("detail", p.getMessage());
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/problem+json");
    if (p.retryAfterSeconds > 0) {
      exchange.getResponseHeaders().set("Retry-After", String.valueOf(p.retryAfterSeconds));
    }
    exchange.sendResponseHeaders(p.status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }
}
