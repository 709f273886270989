package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Secrets at rest: envelope encryption with the operator's key. */
class SecretBoxTest {
  private static final String KEY = SecretBox.newKey();
  private final SecretBox box = SecretBox.of(KEY);

  @Test
  void aSealedSecretOpensWithTheSameKeyAndContextAndHidesThePlaintext() {
    String sealed = box.seal("hunter2-plaintext", "acme/API_TOKEN");

    assertThat(sealed).startsWith(SecretBox.PREFIX).doesNotContain("hunter2");
    assertThat(
            new String(
                Base64.getUrlDecoder().decode(sealed.substring(SecretBox.PREFIX.length())),
                StandardCharsets.ISO_8859_1))
        .doesNotContain("hunter2");
    assertThat(box.open(sealed, "acme/API_TOKEN")).isEqualTo("hunter2-plaintext");
  }

  @Test
  void theSameSecretSealsDifferentlyEachTime() {
    assertThat(box.seal("same", "c")).isNotEqualTo(box.seal("same", "c"));
  }

  @Test
  void anotherKeyAnotherContextOrATamperedValueDoNotOpen() {
    String sealed = box.seal("value", "acme/A");

    assertThatThrownBy(() -> SecretBox.of(SecretBox.newKey()).open(sealed, "acme/A"))
        .hasMessageContaining("cannot be opened");
    assertThatThrownBy(() -> box.open(sealed, "other/A")).hasMessageContaining("cannot be opened");
    // A bit of the sealed bytes flipped: editing the text's last characters could change only the
    // unused low bits of unpadded base64, which decode to the same bytes.
    byte[] bytes = Base64.getUrlDecoder().decode(sealed.substring(SecretBox.PREFIX.length()));
    bytes[bytes.length / 2] ^= 1;
    String tampered =
        SecretBox.PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    assertThatThrownBy(() -> box.open(tampered, "acme/A")).hasMessageContaining("cannot be opened");
  }

  @Test
  void theKeyComesFromTheSettingsOrTheEnvironmentAndMustBe256Bits() {
    assertThat(SecretBox.fromSettings(Map.of("threadline.secrets.key", KEY), Map.of())).isPresent();
    assertThat(SecretBox.fromSettings(Map.of(), Map.of("THREADLINE_SECRETS_KEY", KEY))).isPresent();
    assertThat(SecretBox.fromSettings(Map.of(), Map.of())).isEmpty();
    assertThatThrownBy(() -> SecretBox.of(Base64.getEncoder().encodeToString(new byte[16])))
        .hasMessageContaining("32 bytes");
  }
}
