package dev.threadline.kafka;

import java.util.Map;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SslAuthenticationException;

/**
 * A service's first contact with its cluster failed for its credentials or certificates: the error
 * says which settings to check, instead of a stack of client internals (or a hang).
 */
final class ClusterRefusal {
  private ClusterRefusal() {}

  static RuntimeException explained(RuntimeException e, Map<String, String> settings) {
    String where = "the Kafka cluster at " + settings.get("bootstrap.servers");
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SslAuthenticationException) {
        return new IllegalStateException(
            where
                + " failed the TLS handshake ("
                + t.getMessage()
                + "): check "
                + KafkaClients.setting("ssl.truststore.location")
                + " and the other "
                + KafkaClients.setting("ssl.*")
                + " settings",
            e);
      }
      if (t instanceof AuthenticationException) {
        return new IllegalStateException(
            where
                + " refused these credentials ("
                + t.getMessage()
                + "): check "
                + KafkaClients.setting("sasl.jaas.config")
                + ", "
                + KafkaClients.setting("sasl.mechanism")
                + " and "
                + KafkaClients.setting("security.protocol"),
            e);
      }
      if (t instanceof AuthorizationException) {
        return new IllegalStateException(
            where
                + " denied this principal ("
                + t.getMessage()
                + "): grant it the ACLs in docs/operations.md (Connect to your cluster)",
            e);
      }
    }
    return e;
  }
}
