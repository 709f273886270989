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
}
