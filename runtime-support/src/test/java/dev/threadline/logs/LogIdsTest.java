package dev.threadline.logs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

/** The ids on log lines nest: closing the inner ones puts back the outer ones. */
class LogIdsTest {

  @Test
  @SuppressWarnings("try") // the ids are open for what the body would log
  void innerIdsAddToTheOuterOnesAndClosingThemPutsTheOuterOnesBack() {
    try (LogIds thread = LogIds.of("t-1", null, null)) {
      try (LogIds request = LogIds.of("t-1", "acme", "t-1/t1/s1/c0")) {
        assertThat(MDC.get("requestId")).isEqualTo("t-1/t1/s1/c0");
        assertThat(MDC.get("tenantId")).isEqualTo("acme");
      }
      assertThat(MDC.get("threadId")).isEqualTo("t-1");
      assertThat(MDC.get("requestId")).isNull();
    }
    assertThat(MDC.get("threadId")).isNull();
  }
}
