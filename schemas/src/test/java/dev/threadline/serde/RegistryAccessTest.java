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
        RegistryAccess.from(
            Map.of(
                "schema.registry.url", "https://r1.example/,https://r2.example",
                "basic.auth.credentials.source", "USER_INFO",
                "basic.auth.user.info", "svc:pa55"));

    assertThat(access.urls()).containsExactly("https://r1.example", "https://r2.example");
    assertThat(access.authorization()).isEqualTo(basic("svc:pa55"));
  }

  @Test
  void credentialsInTheUrlAreSentAsBasicAuthenticationAndLeaveTheUrl() {
    RegistryAccess access =
        RegistryAccess.from(
            Map.of(
                "schema.registry.url", "https://svc:pa55@r1.example/ccompat",
                "basic.auth.credentials.source", "URL"));

    assertThat(access.urls()).containsExactly("https://r1.example/ccompat");
    assertThat(access.authorization()).isEqualTo(basic("svc:pa55"));
  }

  @Test
  void aStaticBearerTokenIsSentAsBearerAuthentication() {
    RegistryAccess access =
        RegistryAccess.from(
            Map.of(
                "schema.registry.url", "https://r1.example",
                "bearer.auth.credentials.source", "STATIC_TOKEN",
                "bearer.auth.token", "t0ken"));

    assertThat(access.authorization()).isEqualTo("Bearer t0ken");
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
}
