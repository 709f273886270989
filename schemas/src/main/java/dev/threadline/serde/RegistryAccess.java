package dev.threadline.serde;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.kafka.common.config.ConfigException;

/**
 * How the registry client reaches a registry, read from the keys Confluent's clients use so a
 * user's existing settings work: {@code schema.registry.url} (a comma-separated list, tried in
 * order while one is out of reach); {@code basic.auth.credentials.source} ({@code USER_INFO} with
 * {@code basic.auth.user.info} = {@code user:password}, or {@code URL} with the credentials in the
 * URL), {@code bearer.auth.credentials.source=STATIC_TOKEN} with {@code bearer.auth.token}, or
 * {@code OAUTHBEARER}: a token by the OAuth client credentials grant from {@code
 * bearer.auth.issuer.endpoint.url} for {@code bearer.auth.client.id} / {@code
 * bearer.auth.client.secret} (and {@code bearer.auth.scope}), with Confluent Cloud's {@code
 * bearer.auth.logical.cluster} and {@code bearer.auth.identity.pool.id} sent as its headers ({@link
 * OAuthClientCredentials}); and {@code schema.registry.ssl.truststore.*} / {@code
 * schema.registry.ssl.keystore.*} for TLS (the token endpoint's too).
 *
 * @param credentials the headers every request carries
 * @param ssl the TLS context of {@code https} URLs, or null for the JVM's default
 */
public record RegistryAccess(List<String> urls, RegistryCredentials credentials, SSLContext ssl) {
  static final String BASIC_SOURCE = "basic.auth.credentials.source";
  static final String USER_INFO = "basic.auth.user.info";
  static final String BEARER_SOURCE = "bearer.auth.credentials.source";
  static final String BEARER_TOKEN = "bearer.auth.token";
  static final String ISSUER_ENDPOINT = "bearer.auth.issuer.endpoint.url";
  static final String CLIENT_ID = "bearer.auth.client.id";
  static final String CLIENT_SECRET = "bearer.auth.client.secret";
  private static final String SSL = RegistryKeys.SSL;

  public RegistryAccess {
    urls = List.copyOf(urls);
  }

  /** One registry, no credentials. */
  public static RegistryAccess of(String url) {
    return new RegistryAccess(List.of(trimmed(url)), RegistryCredentials.none(), null);
  }

  /** The {@code Authorization} header of the next request, or null. */
  public String authorization() {
    return credentials.headers().get("Authorization");
  }

  public static RegistryAccess from(Map<String, ?> configs) {
    String listed = text(configs, AvroSerdeConfig.SCHEMA_REGISTRY_URL).orElse("");
    List<String> urls =
        Arrays.stream(listed.split(",")).map(String::trim).filter(u -> !u.isEmpty()).toList();
    if (urls.isEmpty()) {
      throw new ConfigException(
          "Missing required configuration '" + AvroSerdeConfig.SCHEMA_REGISTRY_URL + "'");
    }
    SSLContext ssl = ssl(configs);
    return new RegistryAccess(
        urls.stream().map(RegistryAccess::trimmed).map(RegistryAccess::withoutUserInfo).toList(),
        credentials(configs, urls.getFirst(), ssl),
        ssl);
  }

  private static RegistryCredentials credentials(
      Map<String, ?> configs, String firstUrl, SSLContext ssl) {
    String bearer = text(configs, BEARER_SOURCE).orElse("");
    if (bearer.equalsIgnoreCase("OAUTHBEARER")) {
      return oauth(configs, ssl);
    }
    if (!bearer.isEmpty()) {
      if (!bearer.equalsIgnoreCase("STATIC_TOKEN")) {
        throw new ConfigException(
            BEARER_SOURCE, bearer, "STATIC_TOKEN or OAUTHBEARER are supported");
      }
      return RegistryCredentials.authorization(
          "Bearer "
              + text(configs, BEARER_TOKEN)
                  .orElseThrow(() -> new ConfigException(BEARER_TOKEN + " is required")));
    }
    String basic = basic(configs, firstUrl);
    return basic == null ? RegistryCredentials.none() : RegistryCredentials.authorization(basic);
  }

  private static RegistryCredentials oauth(Map<String, ?> configs, SSLContext ssl) {
    java.util.function.Function<String, String> required =
        key ->
            text(configs, key)
                .orElseThrow(
                    () ->
                        new ConfigException(
                            key + " is required with " + BEARER_SOURCE + "=OAUTHBEARER"));
    Map<String, String> extra = new java.util.LinkedHashMap<>();
    text(configs, "bearer.auth.logical.cluster").ifPresent(c -> extra.put("target-sr-cluster", c));
    text(configs, "bearer.auth.identity.pool.id")
        .ifPresent(p -> extra.put("Confluent-Identity-Pool-Id", p));
    java.net.http.HttpClient.Builder http = java.net.http.HttpClient.newBuilder();
    if (ssl != null) {
      http.sslContext(ssl);
    }
    return new OAuthClientCredentials(
        java.net.URI.create(required.apply(ISSUER_ENDPOINT)),
        required.apply(CLIENT_ID),
        required.apply(CLIENT_SECRET),
        text(configs, "bearer.auth.scope").orElse(null),
        extra,
        http.build(),
        java.time.Clock.systemUTC());
  }

  private static String basic(Map<String, ?> configs, String firstUrl) {
    String source = text(configs, BASIC_SOURCE).orElse("");
    Optional<String> userInfo =
        switch (source.toUpperCase(java.util.Locale.ROOT)) {
          case "URL" -> Optional.ofNullable(java.net.URI.create(firstUrl).getRawUserInfo());
          case "USER_INFO", "" -> text(configs, USER_INFO);
          default ->
              throw new ConfigException(BASIC_SOURCE, source, "USER_INFO or URL are supported");
        };
    return userInfo
        .map(u -> "Basic " + Base64.getEncoder().encodeToString(u.getBytes(StandardCharsets.UTF_8)))
        .orElse(null);
  }

  private static SSLContext ssl(Map<String, ?> configs) {
    Optional<String> trust = text(configs, SSL + "truststore.location");
    Optional<String> key = text(configs, SSL + "keystore.location");
    if (trust.isEmpty() && key.isEmpty()) {
      return null;
    }
    try {
      TrustManagerFactory tmf = null;
      if (trust.isPresent()) {
        tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store(configs, "truststore", trust.get()));
      }
      KeyManagerFactory kmf = null;
      if (key.isPresent()) {
        kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        char[] keyPassword =
            text(configs, SSL + "key.password")
                .or(() -> text(configs, SSL + "keystore.password"))
                .orElse("")
                .toCharArray();
        kmf.init(store(configs, "keystore", key.get()), keyPassword);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          kmf == null ? null : kmf.getKeyManagers(),
          tmf == null ? null : tmf.getTrustManagers(),
          null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new ConfigException(
          "cannot set up TLS to the schema registry from "
              + SSL
              + "truststore.* / keystore.*: "
              + e.getMessage());
    }
  }

  private static KeyStore store(Map<String, ?> configs, String which, String location)
      throws GeneralSecurityException, IOException {
    KeyStore store = KeyStore.getInstance(text(configs, SSL + which + ".type").orElse("PKCS12"));
    char[] password = text(configs, SSL + which + ".password").orElse("").toCharArray();
    try (InputStream in = Files.newInputStream(Path.of(location))) {
      store.load(in, password);
    }
    return store;
  }

  private static Optional<String> text(Map<String, ?> configs, String key) {
    Object value = configs.get(key);
    return value == null || value.toString().isBlank()
        ? Optional.empty()
        : Optional.of(value.toString().trim());
  }

  private static String trimmed(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  private static String withoutUserInfo(String url) {
    java.net.URI uri = java.net.URI.create(url);
    return uri.getRawUserInfo() == null ? url : url.replace(uri.getRawUserInfo() + "@", "");
  }
}
