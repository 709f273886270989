package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApiKeysTest {
  private final ApiKeys keys = ApiKeys.parse("k1:acme", null).withInternalToken("internal");

  @Test
  void aKeyNamesItsTenantAndAnUnknownOneNone() {
    assertThat(keys.tenantOf("Bearer k1")).contains("acme");
    assertThat(keys.tenantOf("Bearer k2")).isEmpty();
    assertThat(keys.isInternal("Bearer internal")).isTrue();
  }

  @Test
  void aKeySentAsXApiKeyNamesItsTenantAndTheAuthorizationHeaderWins() {
    assertThat(keys.tenantOf(ApiKeys.credential(null, "k1"))).contains("acme");
    assertThat(keys.tenantOf(ApiKeys.credential("Bearer k2", "k1"))).isEmpty();
    assertThat(ApiKeys.credential(" ", " ")).isNull();
  }

  /** Instances vouch for a request with a signature: only the token's holders can make one. */
  @Test
  void aSignatureHoldsForItsPayloadAndTokenOnly() {
    String signature = keys.sign("GET /v1/threads acme").orElseThrow();

    assertThat(keys.verify("GET /v1/threads acme", signature)).isTrue();
    assertThat(keys.verify("GET /v1/threads other", signature)).isFalse();
    ApiKeys otherToken = ApiKeys.parse("k1:acme", null).withInternalToken("another");
    assertThat(otherToken.verify("GET /v1/threads acme", signature)).isFalse();
    assertThat(ApiKeys.parse("k1:acme", null).sign("x")).isEmpty();
    assertThat(ApiKeys.parse("k1:acme", null).verify("x", signature)).isFalse();
  }

  /**
   * A tenant pass reads for its tenant only, until it expires, and only where the token that signed
   * it is the deployment's: changing its tenant or its expiry breaks it, and it is no API key.
   */
  @Test
  void aTenantPassNamesItsTenantUntilItExpiresAndCannotBeAltered() {
    java.time.Instant now = java.time.Instant.parse("2026-12-01T12:00:00Z");
    String pass = "Bearer " + keys.tenantPass("acme", now).orElseThrow();

    assertThat(keys.passTenant(pass, now)).contains("acme");
    assertThat(keys.passTenant(pass, now.plus(ApiKeys.PASS_LIFETIME).minusSeconds(1)))
        .contains("acme");
    assertThat(keys.passTenant(pass, now.plus(ApiKeys.PASS_LIFETIME))).as("expired").isEmpty();
    String[] parts = pass.split("\\.");
    String otherTenant =
        java.util.Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString("other".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(keys.passTenant(parts[0] + "." + otherTenant + "." + parts[2] + "." + parts[3], now))
        .isEmpty();
    assertThat(keys.passTenant(parts[0] + "." + parts[1] + ".9999999999." + parts[3], now))
        .isEmpty();
    ApiKeys otherToken = ApiKeys.parse("k1:acme", null).withInternalToken("another");
    assertThat(otherToken.passTenant(pass, now)).isEmpty();
    assertThat(keys.tenantOf(pass)).as("no API key").isEmpty();
    assertThat(keys.isInternal(pass)).isFalse();
    assertThat(keys.passTenant("Bearer tlpass.garbage", now)).isEmpty();
    assertThat(ApiKeys.parse("k1:acme", null).tenantPass("acme", now)).isEmpty();
  }
}
