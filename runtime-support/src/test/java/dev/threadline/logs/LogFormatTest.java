package dev.threadline.logs;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The services' logging (logback.xml): as JSON, one object a line, with the ids of the work the
 * line is about; as text, the ids in brackets.
 */
class LogFormatTest {
  private final PrintStream out = System.out;
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

  private Logger configured(String format) throws Exception {
    System.setProperty("threadline.log.format", format);
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.reset();
    JoranConfigurator configurator = new JoranConfigurator();
    configurator.setContext(context);
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    configurator.doConfigure(getClass().getResource("/logback.xml"));
    return LoggerFactory.getLogger("dev.threadline.step.ThreadStepProcessor");
  }

  @AfterEach
  void restore() throws Exception {
    System.setOut(out);
    System.clearProperty("threadline.log.format");
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.reset();
    JoranConfigurator configurator = new JoranConfigurator();
    configurator.setContext(context);
    configurator.doConfigure(getClass().getResource("/logback.xml"));
  }

  @Test
  @SuppressWarnings("try") // the ids are open for the line logged, not read
  void asJsonEachLineIsAnObjectWithTheThreadTenantAndRequestItIsAbout() throws Exception {
    Logger log = configured("json");

    try (LogIds ids = LogIds.of("t-1", "acme", "t-1/t1/s1/model")) {
      log.info("decided {}", "a step");
    }
    log.info("after");

    String[] lines = captured.toString(StandardCharsets.UTF_8).strip().split("\n");
    JsonNode first = new ObjectMapper().readTree(lines[0]);
    assertThat(first.path("level").asText()).isEqualTo("INFO");
    assertThat(first.path("formattedMessage").asText()).isEqualTo("decided a step");
    assertThat(first.path("mdc").path("threadId").asText()).isEqualTo("t-1");
    assertThat(first.path("mdc").path("tenantId").asText()).isEqualTo("acme");
    assertThat(first.path("mdc").path("requestId").asText()).isEqualTo("t-1/t1/s1/model");
    assertThat(new ObjectMapper().readTree(lines[1]).path("mdc").path("threadId").isMissingNode())
        .isTrue();
  }

  @Test
  @SuppressWarnings("try") // the ids are open for the line logged, not read
  void asTextTheIdsAreInBracketsAndKafkasInfoIsLeftOut() throws Exception {
    Logger log = configured("text");

    try (LogIds ids = LogIds.of("t-2", null, null)) {
      log.info("hello");
    }
    LoggerFactory.getLogger("org.apache.kafka.streams.KafkaStreams").info("chatter");

    String text = captured.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("[threadId=t-2] - hello").doesNotContain("chatter");
  }
}
