package dev.threadline.ingest;

import dev.threadline.config.ApiKeys;
import dev.threadline.ingest.identity.EndUserTokens;
import dev.threadline.ingest.identity.Identity;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * API keys and the tenants they belong to: {@code threadline.api-keys=key1:tenantA,key2:tenantB},
 * the keys of {@code threadline.api-keys.file} (read again when it changes) and, for a single local
 * key, {@code THREADLINE_API_KEY} (tenant {@code local}); see {@link ApiKeys}. An end user's token
 * ({@link EndUserTokens}) names its tenant and user. The services' internal token acts for the
 * tenant it names, where a resource allows it ({@link Caller#reader}).
 */
@ApplicationScoped
public class Tenants {
  private final ApiKeys keys;
  private final EndUserTokens tokens;

  public Tenants(
      @ConfigProperty(name = "threadline.api-keys") Optional<String> keys,
      @ConfigProperty(name = "threadline.api-key") Optional<String> localKey,
      @ConfigProperty(name = "threadline.api-keys.file") Optional<String> keyFile,
      @ConfigProperty(name = "threadline.internal.token") Optional<String> internalToken,
      EndUserTokens tokens) {
    this.tokens = tokens;
    this.keys =
        ApiKeys.parse(keys.orElse(null), localKey.orElse(null))
            .withKeyFile(keyFile.orElse(null))
            .withInternalToken(internalToken.orElse(null));
  }

  /**
   * The tenant a service acts for: the one its tenant pass ({@link ApiKeys#tenantPass}) was made
   * for, or — from a service of an older release — the one it names in {@value
   * ApiKeys#TENANT_HEADER} beside the internal token itself; empty for any other credential.
   */
  public Optional<String> servedBy(java.util.function.UnaryOperator<String> header) {
    String authorization = header.apply(jakarta.ws.rs.core.HttpHeaders.AUTHORIZATION);
    Optional<String> passed = keys.passTenant(authorization, java.time.Instant.now());
    if (passed.isPresent() || !keys.isInternal(authorization)) {
      return passed;
    }
    return Optional.ofNullable(header.apply(ApiKeys.TENANT_HEADER)).filter(t -> !t.isBlank());
  }

  /** The tenant of an {@code Authorization} header value, if it carries a known bearer key. */
  public Optional<String> tenantOf(String authorization) {
    return keys.tenantOf(authorization);
  }

  /**
   * The tenant of a request by its headers ({@code header} reads one by name): a bearer key or
   * {@code x-api-key}, if it is a known one.
   */
  public Optional<String> ofRequest(java.util.function.UnaryOperator<String> header) {
    return known(header).map(Identity::tenant);
  }

  /**
   * Who a request acts for, if it carries a credential this ingest takes: a valid end user's token
   * ({@link EndUserTokens}) or a known key; empty for none, or one refused.
   */
  public Optional<Identity> known(java.util.function.UnaryOperator<String> header) {
    String credential = credential(header);
    if (!tokens.isToken(credential)) {
      return keys.keyOf(credential)
          .map(key -> new Identity(key.tenant(), null, key.readOnly(), key.agents()));
    }
    try {
      return Optional.of(tokens.verify(credential));
    } catch (Problem.Failure refused) {
      return Optional.empty();
    }
  }

  /**
   * Who a request acts for, by its headers: an end user's token ({@link EndUserTokens}), or a known
   * key (the tenant's threads, all of them); 401 saying why for anything else.
   */
  public Identity identity(java.util.function.UnaryOperator<String> header) {
    String credential = credential(header);
    if (tokens.isToken(credential)) {
      return tokens.verify(credential);
    }
    return known(header).orElseThrow(Problem::unauthorized);
  }

  /** Whether a request presents an end user's token, valid or not. */
  public boolean hasToken(java.util.function.UnaryOperator<String> header) {
    return tokens.isToken(credential(header));
  }

  private static String credential(java.util.function.UnaryOperator<String> header) {
    return ApiKeys.credential(
        header.apply(jakarta.ws.rs.core.HttpHeaders.AUTHORIZATION),
        header.apply(ApiKeys.API_KEY_HEADER));
  }

  public boolean isEmpty() {
    return keys.isEmpty();
  }
}
