package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.executor.tools.Tools;
import dev.threadline.serde.PooledJson;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/** The current time, in UTC or a named zone. */
public final class CurrentTimeTool implements Tool {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private final Clock clock;

  public CurrentTimeTool(Clock clock) {
    this.clock = clock;
  }

  /** Free of side effects: it reads the clock. */
  @Override
  public boolean readOnly() {
    return true;
  }

  @Override
  public String name() {
    return "current_time";
  }

  @Override
  public String description() {
    return "The current date and time. Optional 'zone' is an IANA time zone such as Europe/Paris (default UTC).";
  }

  @Override
  public JsonNode parametersSchema() {
    return Tools.schema(
        "{\"type\":\"object\",\"properties\":{\"zone\":{\"type\":\"string\"}},\"additionalProperties\":false}");
  }

  @Override
  public String call(ToolContext context, JsonNode arguments) {
    String zone = arguments.path("zone").asText("UTC");
    ZoneId id;
    try {
      id = ZoneId.of(zone);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("unknown time zone '" + zone + "'");
    }
    ZonedDateTime now = ZonedDateTime.now(clock.withZone(id));
    return JSON.createObjectNode()
        .put("iso", now.toOffsetDateTime().toString())
        .put("zone", id.getId())
        .put("epochMillis", now.toInstant().toEpochMilli())
        .toString();
  }
}
