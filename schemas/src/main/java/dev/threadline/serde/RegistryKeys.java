package dev.threadline.serde;

/**
 * The names of the registry client's settings besides its URL, as Confluent's clients give them
 * ({@link RegistryAccess} reads them); apart from the client so that loading a service's settings
 * reaches nothing of Kafka.
 */
public final class RegistryKeys {
  static final String SSL = "schema.registry.ssl.";

  /** The environment's name for access setting {@code key}: {@code THREADLINE_REGISTRY_} + it. */
  public static final String ENV_PREFIX = "THREADLINE_REGISTRY_";

  private RegistryKeys() {}

  /**
   * Whether {@code key} is one of the settings the client reads besides the URL — what a service
   * passes on to its serdes from its configuration.
   */
  public static boolean isAccessKey(String key) {
    return key.startsWith("basic.auth.") || key.startsWith("bearer.auth.") || key.startsWith(SSL);
  }
}
