package dev.threadline.ingest.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.ingest.Problem;
import java.util.List;
import java.util.Optional;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End users' tokens: one the issuer signed for this application names its tenant and user (an
 * admin's, the tenant alone); an expired one, one for another audience, from another issuer, signed
 * by another key or not signed at all is a 401 saying which; an API key is no token.
 */
class EndUserTokensTest {
  private static TestIssuer issuer;
  private static EndUserTokens tokens;

  @BeforeAll
  static void start() throws Exception {
    issuer = TestIssuer.start();
    tokens = tokens(issuer.url());
  }

  @AfterAll
  static void stop() {
    issuer.close();
  }

  private static EndUserTokens tokens(String url) {
    return new EndUserTokens(
        Optional.ofNullable(url),
        Optional.of("threadline"),
        Optional.empty(),
        "tenant",
        Optional.empty(),
        "sub",
        "roles",
        "threadline-admin");
  }

  private static String bearer(String token) {
    return "Bearer " + token;
  }

  @Test
  void aTokenTheIssuerSignedForThisApplicationNamesItsTenantAndUser() throws Exception {
    String token = bearer(issuer.token("acme", "ada"));
    assertThat(tokens.isToken(token)).isTrue();
    assertThat(tokens.verify(token)).isEqualTo(new Identity("acme", "ada"));
    String admin =
        bearer(
            issuer.token(
                TestIssuer.claims(
                    issuer.url(), "threadline", "acme", "root", 5, List.of("threadline-admin"))));
    assertThat(tokens.verify(admin)).isEqualTo(new Identity("acme", null));
    assertThat(tokens.isToken("Bearer tl_625dffba586e2de533b4100ac0b53fc7")).isFalse();
    assertThat(tokens(null).isToken(token)).as("no issuer set: no token is taken").isFalse();
  }

  @Test
  void anExpiredWrongAudienceWrongIssuerOrForeignSignedTokenIsA401SayingWhich() throws Exception {
    refused(
        TestIssuer.claims(issuer.url(), "threadline", "acme", "ada", -10, List.of()), "expired");
    refused(TestIssuer.claims(issuer.url(), "other-app", "acme", "ada", 5, List.of()), "audience");
    refused(
        TestIssuer.claims("http://elsewhere", "threadline", "acme", "ada", 5, List.of()),
        "not from");
    var stranger = RsaJwkGenerator.generateJwk(2048);
    stranger.setKeyId("k1");
    String forged =
        TestIssuer.sign(
            TestIssuer.claims(issuer.url(), "threadline", "acme", "ada", 5, List.of()), stranger);
    assertThatThrownBy(() -> tokens.verify(bearer(forged)))
        .isInstanceOfSatisfying(
            Problem.Failure.class, f -> assertThat(f.problem().status()).isEqualTo(401))
        .hasMessageContaining("not signed");
    String[] parts = issuer.token("acme", "ada").split("\\.");
    String unsigned =
        java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString("{\"alg\":\"none\"}".getBytes())
            + "."
            + parts[1]
            + ".";
    assertThat(tokens.isToken(bearer(unsigned))).isTrue();
    assertThatThrownBy(() -> tokens.verify(bearer(unsigned)))
        .isInstanceOfSatisfying(
            Problem.Failure.class, f -> assertThat(f.problem().status()).isEqualTo(401));
  }

  /**
   * Anyone may send tokens naming key ids the provider never had: they make the key set be read
   * again at most once in a while, not once a token — no flood reaches the provider through here.
   */
  @Test
  void tokensNamingUnknownKeysDoNotMakeTheKeySetBeReadForEachOne() throws Exception {
    EndUserTokens fresh = tokens(issuer.url());
    fresh.verify(bearer(issuer.token("acme", "ada")));
    int before = issuer.keySetReads.get();
    var stranger = RsaJwkGenerator.generateJwk(2048);
    for (int i = 0; i < 3; i++) {
      Thread.sleep(350); // past jose4j's own pause between fetches (300 ms), not ours
      stranger.setKeyId("unknown-" + i);
      String token =
          bearer(
              TestIssuer.sign(
                  TestIssuer.claims(issuer.url(), "threadline", "acme", "eve", 5, List.of()),
                  stranger));
      assertThatThrownBy(() -> fresh.verify(token)).hasMessageContaining("not signed");
    }
    assertThat(issuer.keySetReads.get() - before)
        .as("key set reads for 3 forged tokens")
        .isLessThanOrEqualTo(1);
  }

  /** The provider out of reach is an outage to wait out, not the user's token at fault. */
  @Test
  void aProviderWhoseKeysCannotBeReadIsA503NotA401() throws Exception {
    int closed;
    try (var socket = new java.net.ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    String gone = "http://127.0.0.1:" + closed;
    EndUserTokens unreachable = tokens(gone);
    String token =
        bearer(issuer.token(TestIssuer.claims(gone, "threadline", "acme", "ada", 5, List.of())));
    assertThatThrownBy(() -> unreachable.verify(token))
        .isInstanceOfSatisfying(
            Problem.Failure.class, f -> assertThat(f.problem().status()).isEqualTo(503))
        .hasMessageContaining("cannot be read");
  }

  @Test
  void aTokenNamingNoTenantIsRefusedUnlessTheTenantIsFixed() throws Exception {
    JwtClaims claims = TestIssuer.claims(issuer.url(), "threadline", "acme", "ada", 5, List.of());
    claims.unsetClaim("tenant");
    String token = bearer(issuer.token(claims));
    assertThatThrownBy(() -> tokens.verify(token)).hasMessageContaining("claim tenant");
    EndUserTokens fixed =
        new EndUserTokens(
            Optional.of(issuer.url()),
            Optional.of("threadline"),
            Optional.empty(),
            "tenant",
            Optional.of("acme"),
            "sub",
            "roles",
            "threadline-admin");
    assertThat(fixed.verify(token)).isEqualTo(new Identity("acme", "ada"));
    assertThatThrownBy(
            () ->
                new EndUserTokens(
                    Optional.of(issuer.url()),
                    Optional.empty(),
                    Optional.empty(),
                    "tenant",
                    Optional.empty(),
                    "sub",
                    "roles",
                    "a"))
        .hasMessageContaining("audience");
  }

  private static void refused(JwtClaims claims, String why) throws Exception {
    String token = bearer(issuer.token(claims));
    assertThatThrownBy(() -> tokens.verify(token))
        .isInstanceOfSatisfying(
            Problem.Failure.class,
            f -> {
              assertThat(f.problem().status()).isEqualTo(401);
              assertThat(f.problem().detail()).contains(why);
            });
  }
}
