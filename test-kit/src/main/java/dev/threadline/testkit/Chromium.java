package dev.threadline.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A real headless Chromium (Debian's {@code chromium} package) driven over the DevTools protocol:
 * navigate, evaluate JavaScript in the page, take screenshots. No WebDriver, no downloads.
 */
public final class Chromium implements AutoCloseable {
  static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final Path profile;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

  public static boolean installed() {
    return Files.isExecutable(BINARY);
  }

  public Chromium() throws Exception {
    profile = Files.createTempDirectory("chromium-profile-");
    process =
        new ProcessBuilder(
                BINARY.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1400,1000",
                "--user-data-dir=" + profile,
                "--remote-debugging-port=0",
                "about:blank")
            .redirectErrorStream(true)
            .redirectOutput(profile.resolveSibling(profile.getFileName() + ".log").toFile())
            .start();
    Path activePort = profile.resolve("DevToolsActivePort");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!Files.exists(activePort) || Files.readAllLines(activePort).size() < 2) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "chromium did not start; exit " + (process.isAlive() ? "-" : process.exitValue()));
      }
      Thread.sleep(100);
    }
    int port = Integer.parseInt(Files.readAllLines(activePort).getFirst().trim());
    HttpClient http = HttpClient.newHttpClient();
    JsonNode targets =
        JSON.readTree(
            http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
    String page = null;
    for (JsonNode target : targets) {
      if (target.path("type").asText().equals("page")) {
        page = target.path("webSocketDebuggerUrl").asText();
      }
    }
    if (page == null) {
      throw new IllegalStateException("chromium has no page target: " + targets);
    }
    socket =
        http.newWebSocketBuilder()
            .buildAsync(URI.create(page), new Listener())
            .get(10, TimeUnit.SECONDS);
  }

  /** Sends one DevTools command and waits for its result. */
  public JsonNode send(String method, Map<String, Object> params) throws Exception {
    int id = ids.incrementAndGet();
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    pending.put(id, answer);
    ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
    message.set("params", JSON.valueToTree(params));
    socket.sendText(JSON.writeValueAsString(message), true).get(10, TimeUnit.SECONDS);
    JsonNode response = answer.get(30, TimeUnit.SECONDS);
    if (response.has("error")) {
      throw new IllegalStateException(method + " failed: " + response.get("error"));
    }
    return response.path("result");
  }

  public void navigate(String url) throws Exception {
    send("Page.navigate", Map.of("url", url));
  }

  /** The value of a JavaScript expression in the page (promises awaited). */
  public JsonNode eval(String expression) throws Exception {
    JsonNode result =
        send(
            "Runtime.evaluate",
            Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
    if (result.has("exceptionDetails")) {
      throw new IllegalStateException("page threw: " + result.get("exceptionDetails"));
    }
    return result.path("result").path("value");
  }

  /** Evaluates {@code expression} until {@code until} holds; returns the last value. */
  public JsonNode await(String expression, Predicate<JsonNode> until, Duration timeout)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    JsonNode value = eval(expression);
    while (!until.test(value)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "page never showed what was expected; last: " + value + " for " + expression);
      }
      Thread.sleep(100);
      value = eval(expression);
    }
    return value;
  }

  public void screenshot(Path file) throws Exception {
    JsonNode shot = send("Page.captureScreenshot", Map.of("format", "png"));
    Files.createDirectories(file.getParent());
    Files.write(file, Base64.getDecoder().decode(shot.path("data").asText()));
  }

  @Override
  public void close() throws IOException {
    socket.abort();
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // Chromium's helper processes may still be writing as they go: a file that vanishes under the
    // walk is gone already, and a walk that meets one is tried again.
    for (int attempt = 0; attempt < 5 && Files.exists(profile); attempt++) {
      try (var files = Files.walk(profile)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
        // walked while changing: the next attempt finds what is left
      }
    }
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        try {
          JsonNode message = JSON.readTree(partial.toString());
          if (message.has("id")) {
            CompletableFuture<JsonNode> answer = pending.remove(message.get("id").asInt());
            if (answer != null) {
              answer.complete(message);
            }
          }
        } catch (IOException e) {
          pending.values().forEach(f -> f.completeExceptionally(e));
        }
        partial.setLength(0);
      }
      webSocket.request(1);
      return null;
    }
  }

  public static List<String> strings(JsonNode array) {
    return java.util.stream.StreamSupport.stream(array.spliterator(), false)
        .map(JsonNode::asText)
        .toList();
  }
}
