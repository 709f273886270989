package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The strict stand-in checks content parts as the real endpoint does. */
class StrictContentPartsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static java.util.List<String> violations(String messages) throws Exception {
    return StrictChatCompletions.violations(
        JSON.readTree("{\"model\": \"m\", \"messages\": " + messages + "}"));
  }

  @Test
  void aUserMessageMayCarryTextAndImageParts() throws Exception {
    assertThat(
            violations(
                "[{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"what?\"},"
                    + " {\"type\": \"image_url\", \"image_url\": {\"url\": \"data:image/png;base64,iVBORw==\"}}]}]"))
        .isEmpty();
  }

  @Test
  void anImageOutsideAUserMessageOrABadUrlIsRefused() throws Exception {
    assertThat(
            violations(
                "[{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", \"content\":"
                    + " [{\"type\": \"image_url\", \"image_url\": {\"url\": \"https://x/y.png\"}}]}]"))
        .anyMatch(p -> p.contains("only allowed in user messages"));
    assertThat(
            violations(
                "[{\"role\": \"user\", \"content\": [{\"type\": \"image_url\", \"image_url\": {\"url\": \"file:///etc/passwd\"}}]}]"))
        .anyMatch(p -> p.contains("base64 data URL"));
    assertThat(violations("[{\"role\": \"user\", \"content\": [{\"type\": \"video\"}]}]"))
        .anyMatch(p -> p.contains("unknown content part type"));
  }
}
