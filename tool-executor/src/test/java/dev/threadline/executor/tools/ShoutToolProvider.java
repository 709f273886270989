package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A user tool plugged in through ServiceLoader (see META-INF/services in the test resources). */
public final class ShoutToolProvider implements ToolProvider {
  @Override
  public List<Tool> tools(Map<String, String> settings) {
    return List.of(
        new Tool() {
          public String name() {
            return "shout";
          }

          public String description() {
            return "Upper-cases 'text'.";
          }

          public JsonNode parametersSchema() {
            try {
              return new ObjectMapper()
                  .readTree(
                      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}");
            } catch (java.io.IOException e) {
              throw new IllegalStateException(e);
            }
          }

          public String call(ToolContext context, JsonNode args) {
            return args.get("text").asText().toUpperCase(Locale.ROOT)
                + settings.getOrDefault("shout.suffix", "!");
          }
        });
  }
}
