package dev.threadline.ingest.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.ingest.ClusterResource;
import dev.threadline.ingest.LoggingResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A line logged while a request is answered carries the request's ids (requestId, tenantId,
 * threadId, traceId), and the response names its request id; a line logged after carries none.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class RequestLogIdsTest {
  private final List<Map<String, String>> answering = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          if (record instanceof ExtLogRecord ext
              && ext.getLoggerName().equals(LoggingResource.class.getName())) {
            answering.add(ext.getMdcCopy());
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    Logger.getLogger("").addHandler(capture);
  }

  @AfterEach
  void stop() {
    Logger.getLogger("").removeHandler(capture);
  }

  @Test
  void aLineLoggedWhileAnsweringCarriesTheRequestsIds() {
    String requestId =
        given()
            .header("Authorization", "Bearer key-a")
            .header("X-Request-Id", "req-42")
            .header("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
            .get("/v1/threads/t-7/test-log")
            .then()
            .statusCode(200)
            .extract()
            .header("X-Request-Id");
    assertThat(requestId).isEqualTo("req-42");
    assertThat(answering).hasSize(1);
    assertThat(answering.getFirst())
        .containsEntry("requestId", "req-42")
        .containsEntry("tenantId", "tenant-a")
        .containsEntry("threadId", "t-7")
        .containsEntry("traceId", "0af7651916cd43dd8448eb211c80319c");
  }

  @Test
  void aRequestWithoutAUsableIdGetsOneAndNoOtherRequestsIds() {
    String requestId =
        given()
            .header("X-Request-Id", "not a token\u0001")
            .get("/v1/threads/t-8/test-log")
            .then()
            .extract()
            .header("X-Request-Id");
    assertThat(requestId).isNotBlank().isNotEqualTo("req-42");
    assertThat(answering.getLast())
        .containsEntry("requestId", requestId)
        .doesNotContainKey("tenantId")
        .doesNotContainEntry("traceId", "0af7651916cd43dd8448eb211c80319c");
  }
}
