package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.EmbeddedKafkaBroker;
import dev.threadline.testkit.EmbeddedSchemaRegistry;
import dev.threadline.testkit.FreePorts;
import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;

/**
 * A broker as the shipped Kafka cluster is ({@code k8s/kafka.yaml}): a SASL_SSL listener taking
 * SCRAM-SHA-512 users, its certificate signed by an authority made for the test, every request
 * authorized by Kafka's {@code StandardAuthorizer} — and, for the test's own setup, a plain
 * listener whose clients are the super user. The users are the shipped KafkaUsers', each with
 * {@link #PASSWORD}.
 */
record SecuredBroker(
    EmbeddedKafkaBroker broker, int saslPort, int plainPort, TestCertificates certificates)
    implements AutoCloseable {
  static final String PASSWORD = "s3cret-for-the-test";
  static final List<String> USERS =
      List.of("step-processor", "tool-executor", "projector", "ingest-service", "registry");

  static SecuredBroker start() throws Exception {
    int port = FreePorts.next();
    int controllerPort = FreePorts.next();
    int saslPort = FreePorts.next();
    TestCertificates certificates =
        TestCertificates.create(ScratchDirs.create("sasl-certificates-"));
    Map<String, String> sasl = new HashMap<>();
    sasl.put(
        "listeners",
        "PLAINTEXT://127.0.0.1:%d,SASL_SSL://127.0.0.1:%d,CONTROLLER://127.0.0.1:%d"
            .formatted(port, saslPort, controllerPort));
    sasl.put(
        "advertised.listeners",
        "PLAINTEXT://127.0.0.1:%d,SASL_SSL://127.0.0.1:%d".formatted(port, saslPort));
    sasl.put(
        "listener.security.protocol.map",
        "PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL,CONTROLLER:PLAINTEXT");
    sasl.put("sasl.enabled.mechanisms", "SCRAM-SHA-512");
    sasl.put(
        "listener.name.sasl_ssl.ssl.keystore.location", certificates.brokerKeyStore().toString());
    sasl.put("listener.name.sasl_ssl.ssl.keystore.password", TestCertificates.PASSWORD);
    sasl.put("listener.name.sasl_ssl.ssl.key.password", TestCertificates.PASSWORD);
    sasl.put("listener.name.sasl_ssl.ssl.keystore.type", "PKCS12");
    sasl.put(
        "listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config",
        "org.apache.kafka.common.security.scram.ScramLoginModule required;");
    // Every request is authorized; the broker's own listeners (and this test's setup through
    // them) are the unauthenticated super user.
    sasl.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
    sasl.put("super.users", "User:ANONYMOUS");
    EmbeddedKafkaBroker broker =
        new EmbeddedKafkaBroker(port, controllerPort, ScratchDirs.create("sasl-broker-"), sasl)
            .start();
    // SCRAM credentials live in the cluster's metadata: the super user sets each principal's.
    try (Admin admin = Admin.create(broker.adminConfig())) {
      List<UserScramCredentialAlteration> users = new ArrayList<>();
      for (String user : USERS) {
        users.add(
            new UserScramCredentialUpsertion(
                user, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), PASSWORD));
      }
      admin.alterUserScramCredentials(users).all().get();
      // Applied when the broker's metadata has them (a moment after the controller took them).
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (admin.describeUserScramCredentials().all().get().size() < users.size()) {
        assertThat(System.nanoTime()).as("SCRAM users applied").isLessThan(deadline);
        Thread.sleep(50);
      }
    }
    return new SecuredBroker(broker, saslPort, port, certificates);
  }

  /** The JAAS line of the Secret Strimzi writes for KafkaUser {@code user}. */
  static String jaas(String user, String password) {
    return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
        + user
        + "\" password=\""
        + password
        + "\";";
  }

  /**
   * Container {@code container}'s environment in the shipped manifest, pointed at this broker:
   * every Secret {@code sasl.jaas.config} the credentials of its user with {@code password}, the
   * cluster CA this test's authority, the bootstrap this broker's secured listener.
   */
  Map<String, String> shipped(String container, String password) throws Exception {
    Map<String, String> env =
        ShippedEnvironment.read()
            .of(
                container,
                (secret, key) ->
                    key.equals("sasl.jaas.config") ? jaas(secret, password) : "unused-" + key);
    env.replaceAll(
        (key, value) ->
            value.equals(ShippedEnvironment.CLUSTER_CA)
                ? certificates.authority().toString()
                : value.endsWith(":9093") ? "127.0.0.1:" + saslPort : value);
    return env;
  }

  /**
   * The real registry (the image's own distribution), with the shipped registry container's
   * environment: its storage the secured broker, as its KafkaUser.
   */
  EmbeddedSchemaRegistry registry() throws Exception {
    return new EmbeddedSchemaRegistry().withEnvironment(shipped("registry", PASSWORD)).start();
  }

  /** A file holding {@code password=…}, for a JAAS line that refers to it ({@code ${file:…}}). */
  static Path passwordFile() throws Exception {
    Path secrets = ScratchDirs.create("sasl-secrets-").resolve("kafka.properties");
    Files.writeString(secrets, "password=" + PASSWORD + "\n");
    return secrets;
  }

  @Override
  public void close() {
    broker.close();
  }
}
