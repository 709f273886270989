package dev.threadline.ingest.identity;

import dev.threadline.ingest.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwa.AlgorithmConstraints.ConstraintType;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/**
 * End users' bearer tokens: JWTs an OpenID provider signed, verified against its published keys
 * ({@link IssuerKeys}) — signature, issuer ({@code threadline.auth.oidc.issuer}), audience ({@code
 * .audience}), expiry — and read as an {@link Identity}: the tenant from a claim ({@code
 * .tenant-claim}, default {@code tenant}) or fixed ({@code .tenant}), the user from {@code
 * .user-claim} (default {@code sub}), and an admin by a role ({@code .admin-role} in the {@code
 * .roles-claim} array). Without an issuer set, no token is taken: callers use API keys alone. A
 * token is told from an API key by its shape (three base64url parts, a JSON header).
 */
@ApplicationScoped
public class EndUserTokens {
  private static final Pattern JWT =
      Pattern.compile("eyJ[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");

  /** How many verified tokens are remembered at most. */
  private static final int REMEMBERED = 2_000;

  private record Verified(Identity identity, long expiresAt) {}

  private final Map<String, Verified> verified = new ConcurrentHashMap<>();
  private final JwtConsumer consumer;
  private final String issuer;
  private final String tenantClaim;
  private final String fixedTenant;
  private final String userClaim;
  private final String rolesClaim;
  private final String adminRole;

  public EndUserTokens(
      @ConfigProperty(name = "threadline.auth.oidc.issuer") Optional<String> issuer,
      @ConfigProperty(name = "threadline.auth.oidc.audience") Optional<String> audience,
      @ConfigProperty(name = "threadline.auth.oidc.jwks-url") Optional<String> jwksUrl,
      @ConfigProperty(name = "threadline.auth.oidc.tenant-claim", defaultValue = "tenant")
          String tenantClaim,
      @ConfigProperty(name = "threadline.auth.oidc.tenant") Optional<String> fixedTenant,
      @ConfigProperty(name = "threadline.auth.oidc.user-claim", defaultValue = "sub")
          String userClaim,
      @ConfigProperty(name = "threadline.auth.oidc.roles-claim", defaultValue = "roles")
          String rolesClaim,
      @ConfigProperty(name = "threadline.auth.oidc.admin-role", defaultValue = "threadline-admin")
          String adminRole) {
    this.issuer = issuer.filter(i -> !i.isBlank()).orElse(null);
    if (this.issuer != null && audience.filter(a -> !a.isBlank()).isEmpty()) {
      throw new IllegalArgumentException(
          "threadline.auth.oidc.audience is required with threadline.auth.oidc.issuer: a token"
              + " the provider issued for another application must not be taken here");
    }
    this.consumer =
        this.issuer == null
            ? null
            : new JwtConsumerBuilder()
                .setRequireExpirationTime()
                .setAllowedClockSkewInSeconds(30)
                .setExpectedIssuer(this.issuer)
                .setExpectedAudience(audience.get().trim())
                .setVerificationKeyResolver(new IssuerKeys(this.issuer, jwksUrl).resolver())
                .setJwsAlgorithmConstraints(
                    new AlgorithmConstraints(
                        ConstraintType.PERMIT,
                        AlgorithmIdentifiers.RSA_USING_SHA256,
                        AlgorithmIdentifiers.RSA_USING_SHA384,
                        AlgorithmIdentifiers.RSA_USING_SHA512,
                        AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
                        AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256,
                        AlgorithmIdentifiers.ECDSA_USING_P384_CURVE_AND_SHA384,
                        AlgorithmIdentifiers.EDDSA))
                .build();
    this.tenantClaim = tenantClaim;
    this.fixedTenant = fixedTenant.filter(t -> !t.isBlank()).orElse(null);
    this.userClaim = userClaim;
    this.rolesClaim = rolesClaim;
    this.adminRole = adminRole;
  }

  /** Whether {@code credential} (an {@code Authorization} value) is a token this ingest takes. */
  public boolean isToken(String credential) {
    return consumer != null
        && credential != null
        && credential.regionMatches(true, 0, "Bearer ", 0, 7)
        && JWT.matcher(credential.substring(7).trim()).matches();
  }

  /**
   * The identity {@code credential} carries; 401 naming what is wrong with it. A token verified is
   * remembered until it expires: a request's filters and route ask several times.
   */
  public Identity verify(String credential) {
    String token = credential.substring(7).trim();
    Verified known = verified.get(token);
    if (known != null && System.currentTimeMillis() < known.expiresAt()) {
      return known.identity();
    }
    JwtClaims claims;
    try {
      claims = consumer.processToClaims(token);
    } catch (InvalidJwtException e) {
      if (unreachable(e)) {
        throw Problem.unavailable(
            "the OpenID provider's keys cannot be read (" + issuer + "); try again shortly");
      }
      throw Problem.unauthorizedToken(why(e));
    }
    Identity identity = identity(claims);
    try {
      if (verified.size() >= REMEMBERED) {
        verified.clear();
      }
      verified.put(token, new Verified(identity, claims.getExpirationTime().getValueInMillis()));
    } catch (MalformedClaimException e) {
      throw Problem.unauthorizedToken("its expiry is not a time");
    }
    return identity;
  }

  private Identity identity(JwtClaims claims) {
    try {
      String tenant = fixedTenant != null ? fixedTenant : claims.getStringClaimValue(tenantClaim);
      String user = claims.getStringClaimValue(userClaim);
      if (tenant == null || tenant.isBlank() || user == null || user.isBlank()) {
        throw Problem.unauthorizedToken(
            "the token names no "
                + (tenant == null || tenant.isBlank()
                    ? "tenant (claim " + tenantClaim
                    : "user (claim " + userClaim)
                + ")");
      }
      List<String> roles =
          claims.hasClaim(rolesClaim) ? claims.getStringListClaimValue(rolesClaim) : List.of();
      return new Identity(tenant, roles.contains(adminRole) ? null : user);
    } catch (MalformedClaimException e) {
      throw Problem.unauthorizedToken("a claim is not what it must be: " + e.getMessage());
    }
  }

  /** Whether the token could not be checked because the provider's keys were out of reach. */
  private static boolean unreachable(InvalidJwtException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.io.IOException || IssuerKeys.isOutOfReach(t)) {
        return true;
      }
    }
    return false;
  }

  /** What a refused token lacks, said without echoing it. */
  private String why(InvalidJwtException e) {
    if (e.hasExpired() || e.hasErrorCode(ErrorCodes.EXPIRATION_MISSING)) {
      return "the token has expired, or says no expiry";
    }
    if (e.hasErrorCode(ErrorCodes.AUDIENCE_INVALID)
        || e.hasErrorCode(ErrorCodes.AUDIENCE_MISSING)) {
      return "the token is not for this application (audience)";
    }
    if (e.hasErrorCode(ErrorCodes.ISSUER_INVALID) || e.hasErrorCode(ErrorCodes.ISSUER_MISSING)) {
      return "the token is not from " + issuer;
    }
    if (e.hasErrorCode(ErrorCodes.SIGNATURE_INVALID)
        || e.hasErrorCode(ErrorCodes.SIGNATURE_MISSING)
        || e.getMessage().contains("Unable to find a suitable verification key")) {
      return "the token is not signed by " + issuer + "'s keys";
    }
    return "the token cannot be taken: " + e.getErrorDetails().getFirst().getErrorMessage();
  }
}
