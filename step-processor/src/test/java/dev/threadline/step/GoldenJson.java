package dev.threadline.step;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** JSON parsing for the golden-transcript driver: null for text that is not JSON. */
final class GoldenJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private GoldenJson() {}

  static JsonNode parse(String json) {
    if (json == null) {
      return null;
    }
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      return null;
    }
  }
}
