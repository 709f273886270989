package dev.threadline.executor.tools;

import static dev.threadline.testkit.HttpReplies.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.threadline.executor.Requests;
import dev.threadline.executor.net.UrlGuard;
import dev.threadline.executor.tools.builtin.HttpFetchTool;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** http_fetch and its SSRF guard, against a local HTTP server. */
class HttpFetchToolTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private HttpServer server;
  private int port;
  private final AtomicInteger served = new AtomicInteger();

  @BeforeEach
  void startServer() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/page",
        exchange -> {
          served.incrementAndGet();
          send(
              exchange,
              200,
              "text/html; charset=utf-8",
              "<html><head><title>Hello page</title><script>alert(1)</script></head><body><h1>Title</h1><p>First <b>para</b>.</p><p>Second.</p></body></html>");
        });
    server.createContext(
        "/big",
        exchange -> {
          send(exchange, 200, "text/plain", "y".repeat(5_000));
        });
    server.createContext(
        "/to-metadata",
        exchange -> {
          exchange.getResponseHeaders().add("Location", "http://169.254.169.254/latest/meta-data/");
          exchange.sendResponseHeaders(302, -1);
          exchange.close();
        });
    server.start();
    port = server.getAddress().getPort();
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
  }

  private ToolRunner.Outcome fetch(Set<String> allow, String url) {
    var registry = new ToolRegistry(List.of(new HttpFetchTool(new UrlGuard(allow), 1_000)));
    return new ToolRunner(registry, dev.threadline.config.Limits.defaults())
        .run(
            Requests.tool(
                "t-1", "http_fetch", "{\"url\":\"" + url + "\"}", Requests.T0.plusSeconds(60)),
            Requests.T0);
  }

  @Test
  void fetchesAnAllowListedPageAndConvertsHtmlToText() throws Exception {
    ToolRunner.Outcome outcome =
        fetch(Set.of("127.0.0.1:" + port), "http://127.0.0.1:" + port + "/page");

    assertThat(outcome.error()).isNull();
    JsonNode result = JSON.readTree(outcome.output());
    assertThat(result.get("status").asInt()).isEqualTo(200);
    assertThat(result.get("title").asText()).isEqualTo("Hello page");
    assertThat(result.get("text").asText()).isEqualTo("Title\nFirst para.\nSecond.");
  }

  @Test
  void capsTheBodySize() throws Exception {
    JsonNode result =
        JSON.readTree(
            fetch(Set.of("127.0.0.1:" + port), "http://127.0.0.1:" + port + "/big").output());

    assertThat(result.get("text").asText()).hasSize(1_000);
    assertThat(result.get("truncated").asText()).contains("1000 bytes");
  }

  @Test
  void refusesLoopbackUnlessAllowListed() {
    var error = fetch(Set.of(), "http://127.0.0.1:" + port + "/page").error();

    assertThat(error.getCode()).isEqualTo("tool_failed");
    assertThat(error.getMessage()).contains("blocked").contains("127.0.0.1");
  }

  @Test
  void refusesARedirectToTheCloudMetadataAddress() {
    var error =
        fetch(Set.of("127.0.0.1:" + port), "http://127.0.0.1:" + port + "/to-metadata").error();

    assertThat(error.getMessage()).contains("blocked").contains("169.254.169.254");
  }

  @Test
  void theFetchConnectsToTheAddressTheGuardCheckedNotToASecondAnswer() throws Exception {
    // A rebinding DNS: a public address for the check, loopback (this server) afterwards.
    AtomicInteger lookups = new AtomicInteger();
    UrlGuard guard =
        new UrlGuard(
            Set.of(),
            host ->
                new InetAddress[] {
                  lookups.getAndIncrement() == 0
                      ? InetAddress.getByName("93.184.215.14")
                      : InetAddress.getByName("127.0.0.1")
                });
    var registry = new ToolRegistry(List.of(new HttpFetchTool(guard, 1_000)));
    var outcome =
        new ToolRunner(registry, dev.threadline.config.Limits.defaults())
            .run(
                Requests.tool(
                    "t-1",
                    "http_fetch",
                    "{\"url\":\"http://rebind.test:" + port + "/page\"}",
                    Requests.T0.plusSeconds(60)),
                Requests.T0);

    assertThat(outcome.error()).as("the loopback answer is refused").isNotNull();
    assertThat(outcome.error().getMessage()).contains("blocked").doesNotContain("127.0.0.1");
    assertThat(served.get()).as("requests that reached the loopback server").isZero();
  }

  @Test
  void errorsNameTheHostNeverTheInternalAddressItResolvedTo() {
    UrlGuard guard =
        new UrlGuard(Set.of(), host -> new InetAddress[] {InetAddress.getByName("10.20.30.40")});

    assertThatThrownBy(() -> guard.check(URI.create("http://intranet.test/")))
        .hasMessageContaining("intranet.test")
        .hasMessageNotContaining("10.20.30.40");
  }

  @Test
  void theGuardUnwrapsIpv4AddressesCarriedInIpv6() {
    UrlGuard guard = new UrlGuard(Set.of());
    for (String url :
        List.of(
            "http://[64:ff9b::7f00:1]/", // NAT64 of 127.0.0.1
            "http://[64:ff9b::a9fe:a9fe]/", // NAT64 of 169.254.169.254
            "http://[64:ff9b:1::a00:1]/", // local-use NAT64
            "http://[2002:7f00:1::1]/", // 6to4 of 127.0.0.1
            "http://[2002:a00:1::]/", // 6to4 of 10.0.0.1
            "http://[::7f00:1]/", // IPv4-compatible 127.0.0.1
            "http://[::a00:1]/", // IPv4-compatible 10.0.0.1
            "http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/")) { // Teredo of 10.0.0.1
      assertThatThrownBy(() -> guard.check(URI.create(url)))
          .as(url)
          .hasMessageContaining("blocked");
    }
    assertThatCode(() -> guard.check(URI.create("http://[64:ff9b::5db8:d70e]/")))
        .as("NAT64 of a public address")
        .doesNotThrowAnyException();
    assertThatCode(() -> guard.check(URI.create("http://[2002:5db8:d70e::]/")))
        .as("6to4 of a public address")
        .doesNotThrowAnyException();
  }

  @Test
  void theGuardBlocksPrivateLinkLocalAndNonHttpAddresses() {
    UrlGuard guard = new UrlGuard(Set.of());
    for (String url :
        List.of(
            "http://localhost/",
            "http://10.1.2.3/",
            "http://172.16.0.1/",
            "http://192.168.1.1/",
            "http://169.254.169.254/",
            "http://[::1]/",
            "http://[fd00::1]/",
            "http://100.64.0.1/",
            "http://0.0.0.0/",
            "http://[::ffff:127.0.0.1]/")) {
      assertThatThrownBy(() -> guard.check(URI.create(url)))
          .as(url)
          .isInstanceOf(UrlGuard.Blocked.class)
          .hasMessageContaining("blocked");
    }
    assertThatThrownBy(() -> guard.check(URI.create("file:///etc/passwd")))
        .hasMessageContaining("only http and https");
    assertThatThrownBy(() -> guard.check(URI.create("ftp://example.com/")))
        .hasMessageContaining("only http and https");
  }

  @Test
  void aPublicAddressPassesTheGuard() throws Exception {
    new UrlGuard(Set.of()).check(URI.create("http://93.184.215.14/"));
  }
}
