package dev.threadline.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** THREADLINE_LOG_FORMAT=json, which every other service reads, turns the ingest's JSON logs on. */
class LogFormatConfigTest {
  @Test
  void jsonFromTheEnvironmentOrAPropertyTurnsJsonLogsOn() {
    assertThat(new LogFormatConfig("json", null).getValue(LogFormatConfig.JSON_ENABLED))
        .isEqualTo("true");
    assertThat(new LogFormatConfig("text", "JSON").getValue(LogFormatConfig.JSON_ENABLED))
        .isEqualTo("true");
  }

  @Test
  void anythingElseLeavesTheDefaultText() {
    assertThat(new LogFormatConfig(null, null).getPropertyNames()).isEmpty();
    assertThat(new LogFormatConfig("json", "text").getPropertyNames()).isEmpty();
  }
}
