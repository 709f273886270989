package dev.threadline.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;

/**
 * What the runtime knows about a model: context window, maximum output tokens and tokenizer family,
 * for context budgeting. Built-in profiles come from {@code threadline-model-profiles.properties};
 * settings {@code threadline.model.profile.<model>.window}, {@code .max.output} and {@code
 * .tokenizer} override or add. Unknown models get a conservative default.
 */
public final class ModelProfiles {
  /**
   * @param tokenizer an encoding name such as {@code o200k_base}, or {@code heuristic}
   */
  public record Profile(String model, int windowTokens, int maxOutputTokens, String tokenizer) {}

  public static final Profile CONSERVATIVE = new Profile("unknown", 8_192, 1_024, "heuristic");
  private static final String PREFIX = "threadline.model.profile.";

  private final Properties profiles = new Properties();

  public ModelProfiles(Map<String, String> settings) {
    try (InputStream in =
        ModelProfiles.class.getResourceAsStream("/threadline-model-profiles.properties")) {
      if (in != null) {
        profiles.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    settings.forEach(
        (key, value) -> {
          if (key.startsWith(PREFIX)) {
            profiles.setProperty(key.substring(PREFIX.length()), value);
          }
        });
  }

  /** Whether {@code model} takes images ({@code <model>.vision=true}). */
  public boolean vision(String model) {
    return model != null && Boolean.parseBoolean(profiles.getProperty(model + ".vision", "false"));
  }

  public Profile of(String model) {
    if (model == null || profiles.getProperty(model + ".window") == null) {
      return new Profile(
          model,
          CONSERVATIVE.windowTokens(),
          CONSERVATIVE.maxOutputTokens(),
          CONSERVATIVE.tokenizer());
    }
    return new Profile(
        model,
        Integer.parseInt(profiles.getProperty(model + ".window")),
        Integer.parseInt(
            profiles.getProperty(
                model + ".max.output", String.valueOf(CONSERVATIVE.maxOutputTokens()))),
        profiles.getProperty(model + ".tokenizer", "heuristic"));
  }
}
