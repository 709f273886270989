package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The registry client's settings, read under the names Confluent's clients give them. */
class RegistryAccessTest {
  private static String basic(String userInfo) {
    return "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes());
  }

  @Test
  void userInfoIsSentAsBasicAuthentication() {
    RegistryAccess access =
        access(
            "https://r1.example/,https://r2.example",
            "basic.auth.credentials.source",
            "USER_INFO",
            "basic.auth.user.info",
            "svc:pa55");

    assertThat(access.urls()).containsExactly("https://r1.example", "https://r2.example");
    assertThat(access.authorization()).isEqualTo(basic("svc:pa55"));
  }

  @Test
  void credentialsInTheUrlAreSentAsBasicAuthenticationAndLeaveTheUrl() {
    RegistryAccess access =
        access("https://svc:pa55@r1.example/ccompat", "basic.auth.credentials.source", "URL");

    assertThat(access.urls()).containsExactly("https://r1.example/ccompat");
    assertThat(access.authorization()).isEqualTo(basic("svc:pa55"));
  }

  @Test
  void aStaticBearerTokenIsSentAsBearerAuthentication() {
    RegistryAccess access =
        access(
            "https://r1.example",
            "bearer.auth.credentials.source",
            "STATIC_TOKEN",
            "bearer.auth.token",
            "t0ken");

    assertThat(access.authorization()).isEqualTo("Bearer t0ken");
  }

  @Test
  void oauthBearerWithoutItsEndpointOrClientIsAnErrorNamingTheSetting() {
    assertThatThrownBy(
            () ->
                access(
                    "https://r1.example",
                    "bearer.auth.credentials.source",
                    "OAUTHBEARER",
                    "bearer.auth.client.id",
                    "svc",
                    "bearer.auth.client.secret",
                    "s3cret"))
        .hasMessageContaining("bearer.auth.issuer.endpoint.url");
    assertThatThrownBy(
            () ->
                access(
                    "https://r1.example",
                    "bearer.auth.credentials.source",
                    "OAUTHBEARER",
                    "bearer.auth.issuer.endpoint.url",
                    "https://idp.example/token"))
        .hasMessageContaining("bearer.auth.client.id");
    assertThatThrownBy(() -> access("https://r1", "bearer.auth.credentials.source", "SASL"))
        .hasMessageContaining("OAUTHBEARER");
  }

  @Test
  void aTruststoreThatCannotBeReadIsAnErrorNamingTheSettings() {
    assertThatThrownBy(
            () ->
                RegistryAccess.from(
                    Map.of(
                        "schema.registry.url", "https://r1.example",
                        "schema.registry.ssl.truststore.location", "/no/such/ca.p12")))
        .hasMessageContaining("schema.registry.ssl.truststore");
  }

  @Test
  void withoutSettingsItIsTheUrlAlone() {
    RegistryAccess access = RegistryAccess.from(Map.of("schema.registry.url", "http://r:8081"));

    assertThat(access.authorization()).isNull();
    assertThat(access.ssl()).isNull();
  }

  /** The access {@code url} and the further settings {@code keysAndValues} give. */
  private static RegistryAccess access(String url, String... keysAndValues) {
    Map<String, String> settings = new java.util.HashMap<>();
    settings.put("schema.registry.url", url);
    for (int i = 0; i < keysAndValues.length; i += 2) {
      settings.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return RegistryAccess.from(settings);
  }
}
