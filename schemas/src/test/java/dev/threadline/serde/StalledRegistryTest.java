package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * A registry that answers a request's headers and then never its body is an outage like one out of
 * reach: the request gives up after its timeout, so a thread decoding a record (a Streams thread)
 * waits it out and is never held for ever — the JDK's request timeout alone ends at the headers.
 */
class StalledRegistryTest {
  @Test
  void aRegistryThatStallsMidAnswerIsAnOutageAfterTheRequestTimeout() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    HttpServer registry = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    registry.createContext(
        "/",
        exchange -> {
          exchange.sendResponseHeaders(200, 1000);
          exchange.getResponseBody().write('{');
          exchange.getResponseBody().flush();
          try {
            never.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    registry.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    registry.start();
    try {
      RestSchemaRegistryClient client =
          new RestSchemaRegistryClient(
              "http://127.0.0.1:" + registry.getAddress().getPort(),
              Duration.ofSeconds(1),
              Duration.ZERO);
      SchemaRegistryException stalled =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30),
              () -> catchThrowableOfType(SchemaRegistryException.class, () -> client.byId(7)));
      assertThat(stalled).isNotNull();
      assertThat(stalled.isOutage()).isTrue();
    } finally {
      never.countDown();
      registry.stop(0);
    }
  }
}
