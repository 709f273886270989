package dev.threadline.ingest.identity;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;

/**
 * An OpenID provider's part the ingest reads — its discovery document and signing keys, served over
 * HTTP — and tokens it signs, for the ingest's own tests (a real provider issues them in
 * EndUsersAcceptance, on a stack).
 */
public final class TestIssuer implements AutoCloseable {
  private final HttpServer server;
  private final RsaJsonWebKey key;
  private final String url;

  /** How many times the key set was read. */
  public final java.util.concurrent.atomic.AtomicInteger keySetReads =
      new java.util.concurrent.atomic.AtomicInteger();

  private TestIssuer(HttpServer server, RsaJsonWebKey key, String url) {
    this.server = server;
    this.key = key;
    this.url = url;
  }

  /**
   * One issuer for the JVM: a Quarkus test's profile and the test itself are loaded by two class
   * loaders, and both must see the issuer that signs (its key and port kept as system properties).
   */
  public static synchronized TestIssuer shared() throws IOException, JoseException {
    String jwk = System.getProperty("threadline.test.issuer.jwk");
    if (jwk == null) {
      TestIssuer started = start();
      System.setProperty(
          "threadline.test.issuer.jwk",
          started.key.toJson(org.jose4j.jwk.JsonWebKey.OutputControlLevel.INCLUDE_PRIVATE));
      System.setProperty("threadline.test.issuer.url", started.url());
      return started;
    }
    RsaJsonWebKey key = (RsaJsonWebKey) org.jose4j.jwk.JsonWebKey.Factory.newJwk(jwk);
    return new TestIssuer(null, key, System.getProperty("threadline.test.issuer.url"));
  }

  public static TestIssuer start() throws IOException, JoseException {
    RsaJsonWebKey key = RsaJwkGenerator.generateJwk(2048);
    key.setKeyId("k1");
    key.setAlgorithm(AlgorithmIdentifiers.RSA_USING_SHA256);
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    TestIssuer issuer =
        new TestIssuer(server, key, "http://127.0.0.1:" + server.getAddress().getPort());
    String jwks = new JsonWebKeySet(key).toJson();
    server.createContext(
        "/.well-known/openid-configuration",
        exchange ->
            answer(
                exchange,
                "{\"issuer\":\""
                    + issuer.url()
                    + "\",\"jwks_uri\":\""
                    + issuer.url()
                    + "/jwks\"}"));
    server.createContext(
        "/jwks",
        exchange -> {
          issuer.keySetReads.incrementAndGet();
          answer(exchange, jwks);
        });
    server.start();
    return issuer;
  }

  private static void answer(com.sun.net.httpserver.HttpExchange exchange, String json)
      throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  public String url() {
    return url;
  }

  /**
   * A token for {@code user} of {@code tenant}, for audience {@code threadline}, valid 5 minutes.
   */
  public String token(String tenant, String user) throws JoseException {
    return sign(claims(url(), "threadline", tenant, user, 5, List.of()), key);
  }

  /** A token with the claims given. */
  public String token(JwtClaims claims) throws JoseException {
    return sign(claims, key);
  }

  public static JwtClaims claims(
      String issuer, String audience, String tenant, String user, int minutes, List<String> roles) {
    JwtClaims claims = new JwtClaims();
    claims.setIssuer(issuer);
    claims.setAudience(audience);
    claims.setSubject(user);
    claims.setClaim("tenant", tenant);
    claims.setIssuedAtToNow();
    NumericDate expires = NumericDate.now();
    expires.addSeconds(minutes * 60L);
    claims.setExpirationTime(expires);
    if (!roles.isEmpty()) {
      claims.setStringListClaim("roles", roles);
    }
    return claims;
  }

  /** {@code claims} signed with {@code key} (RS256, its key id). */
  public static String sign(JwtClaims claims, RsaJsonWebKey key) throws JoseException {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims.toJson());
    jws.setKey(key.getPrivateKey());
    jws.setKeyIdHeaderValue(key.getKeyId());
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
    return jws.getCompactSerialization();
  }

  /** The settings an ingest takes this issuer's tokens with. */
  public Map<String, String> settings() {
    return Map.of(
        "threadline.auth.oidc.issuer", url(), "threadline.auth.oidc.audience", "threadline");
  }

  @Override
  public void close() {
    if (server != null) {
      server.stop(0);
    }
  }
}
