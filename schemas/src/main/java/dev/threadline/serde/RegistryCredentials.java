package dev.threadline.serde;

import java.util.Map;

/**
 * Who a registry request says it is from: the headers each request carries ({@code Authorization},
 * and for Confluent Cloud's OAuth its cluster and identity pool), fixed or fetched as needed.
 */
public interface RegistryCredentials {
  /** The headers of the next request; none for a registry that asks for nothing. */
  Map<String, String> headers();

  /**
   * The registry answered 401: whether a credential was dropped that a fresh one may replace (an
   * OAuth token revoked or expired early), so the request is worth one more try.
   */
  default boolean refused() {
    return false;
  }

  static RegistryCredentials none() {
    return Map::of;
  }

  /** One {@code Authorization} header on every request. */
  static RegistryCredentials authorization(String header) {
    Map<String, String> headers = Map.of("Authorization", header);
    return () -> headers;
  }
}
