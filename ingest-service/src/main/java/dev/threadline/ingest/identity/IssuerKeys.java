package dev.threadline.ingest.identity;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.jose4j.jwk.HttpsJwks;
import org.jose4j.keys.resolvers.HttpsJwksVerificationKeyResolver;
import org.jose4j.keys.resolvers.VerificationKeyResolver;
import org.jose4j.lang.UnresolvableKeyException;

/**
 * An OpenID provider's signing keys: its JWKS, at {@code threadline.auth.oidc.jwks-url} or where
 * its discovery document ({@code <issuer>/.well-known/openid-configuration}) says. Found on first
 * use — the provider need not be up when the ingest starts — and then kept by jose4j's {@link
 * HttpsJwks}, which fetches the set again for a key id it does not know (the provider rotated its
 * keys).
 */
final class IssuerKeys {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** The least time between two fetches of the key set. */
  static final Duration REFETCH_AFTER = Duration.ofSeconds(30);

  private final String issuer;
  private final Optional<String> jwksUrl;
  private volatile HttpsJwksVerificationKeyResolver resolver;

  IssuerKeys(String issuer, Optional<String> jwksUrl) {
    this.issuer = issuer;
    this.jwksUrl = jwksUrl.filter(u -> !u.isBlank());
  }

  /** The provider's discovery document could not be read: an outage, not a bad token. */
  private static final class OutOfReach extends UnresolvableKeyException {
    private static final long serialVersionUID = 1L;

    OutOfReach(String message) {
      super(message);
    }
  }

  /** Whether {@code failure} says the provider could not be reached. */
  static boolean isOutOfReach(Throwable failure) {
    return failure instanceof OutOfReach;
  }

  VerificationKeyResolver resolver() {
    return (jws, nested) -> keys().resolveKey(jws, nested);
  }

  private HttpsJwksVerificationKeyResolver keys() throws UnresolvableKeyException {
    HttpsJwksVerificationKeyResolver found = resolver;
    if (found != null) {
      return found;
    }
    synchronized (this) {
      if (resolver == null) {
        HttpsJwks jwks = new HttpsJwks(location());
        // A token naming a key id the set lacks makes jose4j fetch the set again; anyone can send
        // one, so at most once in REFETCH_AFTER — a rotated key is taken within it.
        jwks.setRefreshReprieveThreshold(REFETCH_AFTER.toMillis());
        resolver = new HttpsJwksVerificationKeyResolver(jwks);
      }
      return resolver;
    }
  }

  /** Where the provider publishes its keys. */
  private String location() throws UnresolvableKeyException {
    if (jwksUrl.isPresent()) {
      return jwksUrl.get();
    }
    String discovery = issuer.replaceAll("/+$", "") + "/.well-known/openid-configuration";
    try {
      HttpResponse<String> answer =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(discovery)).timeout(Duration.ofSeconds(10)).build(),
              HttpResponse.BodyHandlers.ofString());
      JsonNode document = PooledJson.MAPPER.readTree(answer.body());
      String uri = document.path("jwks_uri").asText("");
      if (answer.statusCode() != 200 || uri.isBlank()) {
        throw new UnresolvableKeyException(discovery + " names no jwks_uri");
      }
      return uri;
    } catch (IOException e) {
      throw new OutOfReach("the provider's " + discovery + " cannot be read: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OutOfReach("interrupted reading " + discovery);
    }
  }
}
