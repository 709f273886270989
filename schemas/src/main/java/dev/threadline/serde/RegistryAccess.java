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
 * URL) or {@code bearer.auth.credentials.source=STATIC_TOKEN} with {@code bearer.auth.token}; and
 * {@code schema.registry.ssl.truststore.*} / {@code schema.registry.ssl.keystore.*} for TLS.
 *
 * @param authorization the {@code Authorization} header every request carries, or null
 * @param ssl the TLS context of {@code https} URLs, or null for the JVM's default
 */
public record RegistryAccess(List<String> urls, String authorization, SSLContext ssl) {
  static final String BASIC_SOURCE = "basic.auth.credentials.source";
  static final String USER_INFO = "basic.auth.user.info";
  static final String BEARER_SOURCE = "bearer.auth.credentials.source";
  static final String BEARER_TOKEN = "bearer.auth.token";
  private static final String SSL = RegistryKeys.SSL;

  public RegistryAccess {
    urls = List.copyOf(urls);
  }

  /** One registry, no credentials. */
  public static RegistryAccess of(String url) {
    return new RegistryAccess(List.of(trimmed(url)), null, null);
  }

  public static RegistryAccess from(Map<String, ?> configs) {
    String listed = text(configs, AvroSerdeConfig.SCHEMA_REGISTRY_URL).orElse("");
    List<String> urls =
        Arrays.stream(listed.split(",")).map(String::trim).filter(u -> !u.isEmpty()).toList();
    if (urls.isEmpty()) {
      throw new ConfigException(
          "Missing required configuration '" + AvroSerdeConfig.SCHEMA_REGISTRY_URL + "'");
    }
    return new RegistryAccess(
        urls.stream().map(RegistryAccess::trimmed).map(RegistryAccess::withoutUserInfo).toList(),
        authorization(configs, urls.getFirst()),
        ssl(configs));
  }

  private static String authorization(Map<String, ?> configs, String firstUrl) {
    String bearer = text(configs, BEARER_SOURCE).orElse("");
    if (!bearer.isEmpty()) {
      if (!bearer.equalsIgnoreCase("STATIC_TOKEN")) {
        throw new ConfigException(BEARER_SOURCE, bearer, "only STATIC_TOKEN is supported");
      }
      return "Bearer "
          + text(configs, BEARER_TOKEN)
              .orElseThrow(() -> new ConfigException(BEARER_TOKEN + " is required"));
    }
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
