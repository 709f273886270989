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
 * .tokenizer} override or add. Unknown models get a conservative default. A model's price, in US
 * dollars per million tokens, is the operator's to set ({@code .price.input}, {@code
 * .price.output}, and for prompt caching {@code .price.cache.read} and {@code .price.cache.write},
 * which default to the input price): none is built in, as prices change and differ by contract.
 */
public final class ModelProfiles {
  /**
   * @param tokenizer an encoding name such as {@code o200k_base}, or {@code heuristic}
   */
  public record Profile(String model, int windowTokens, int maxOutputTokens, String tokenizer) {}

  /**
   * What a model costs, in US dollars per million input and output tokens, and per million input
   * tokens read from or written to the provider's prompt cache.
   */
  public record Price(
      double inputPerMillion,
      double outputPerMillion,
      double cacheReadPerMillion,
      double cacheWritePerMillion) {
    public Price(double inputPerMillion, double outputPerMillion) {
      this(inputPerMillion, outputPerMillion, inputPerMillion, inputPerMillion);
    }

    /** The cost of a call that used {@code input} and {@code output} tokens, none cached. */
    public double of(long input, long output) {
      return of(input, output, 0, 0);
    }

    /**
     * The cost of a call that used {@code input} tokens — {@code cacheRead} of them read from the
     * prompt cache and {@code cacheWrite} written to it — and {@code output} tokens.
     */
    public double of(long input, long output, long cacheRead, long cacheWrite) {
      long uncached = Math.max(0, input - cacheRead - cacheWrite);
      return (uncached * inputPerMillion
              + cacheRead * cacheReadPerMillion
              + cacheWrite * cacheWritePerMillion
              + output * outputPerMillion)
          / 1_000_000;
    }
  }

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

  /** The price the operator set for {@code model}, if both of its halves are set. */
  public java.util.Optional<Price> price(String model) {
    String input = model == null ? null : profiles.getProperty(model + ".price.input");
    String output = model == null ? null : profiles.getProperty(model + ".price.output");
    if (input == null || output == null) {
      return java.util.Optional.empty();
    }
    double in = Double.parseDouble(input);
    return java.util.Optional.of(
        new Price(
            in,
            Double.parseDouble(output),
            Double.parseDouble(profiles.getProperty(model + ".price.cache.read", input)),
            Double.parseDouble(profiles.getProperty(model + ".price.cache.write", input))));
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
