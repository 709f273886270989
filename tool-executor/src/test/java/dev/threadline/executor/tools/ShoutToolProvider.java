package dev.threadline.executor.tools;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A user tool plugged in through ServiceLoader (see META-INF/services in the test resources). */
public final class ShoutToolProvider implements ToolProvider {
  @Override
  public List<Tool> tools(Map<String, String> settings) {
    return List.of(
        Tools.withSchema(
            "shout",
            "Upper-cases 'text'.",
            "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}",
            (context, args) ->
                args.get("text").asText().toUpperCase(Locale.ROOT)
                    + settings.getOrDefault("shout.suffix", "!")));
  }
}
