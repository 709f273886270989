package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.DoubleConsumer;

/**
 * The sampling options every OpenAI API takes under the same names, {@code temperature} and {@code
 * top_p}, set on whichever request builder the API's SDK has.
 */
final class SamplingOptions {
  private SamplingOptions() {}

  static void apply(JsonNode config, DoubleConsumer temperature, DoubleConsumer topP) {
    if (config.has("temperature")) {
      temperature.accept(config.get("temperature").asDouble());
    }
    if (config.has("topP")) {
      topP.accept(config.get("topP").asDouble());
    }
  }
}
