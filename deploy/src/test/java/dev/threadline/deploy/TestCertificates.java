package dev.threadline.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A certificate authority made for a test, with the JDK's own {@code keytool}: a broker key store
 * holding a certificate it signed for 127.0.0.1, and a trust store holding it (and the authority's
 * certificate alone, PEM, as Strimzi publishes a cluster's CA) — and, from another authority, a
 * trust store a client would not trust the broker with.
 */
record TestCertificates(
    Path brokerKeyStore, Path trustStore, Path otherTrustStore, Path authority) {
  static final String PASSWORD = "test-store-password";

  static TestCertificates create(Path dir) throws Exception {
    keytool(
        dir,
        "-genkeypair",
        "-alias",
        "ca",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=threadline-test-ca",
        "-ext",
        "bc:c",
        "-validity",
        "2",
        "-keystore",
        "ca.p12");
    keytool(dir, "-exportcert", "-alias", "ca", "-keystore", "ca.p12", "-rfc", "-file", "ca.pem");
    keytool(
        dir,
        "-genkeypair",
        "-alias",
        "broker",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=localhost",
        "-validity",
        "2",
        "-keystore",
        "broker.p12");
    keytool(dir, "-certreq", "-alias", "broker", "-keystore", "broker.p12", "-file", "broker.csr");
    keytool(
        dir,
        "-gencert",
        "-alias",
        "ca",
        "-keystore",
        "ca.p12",
        "-infile",
        "broker.csr",
        "-outfile",
        "broker.pem",
        "-rfc",
        "-ext",
        "SAN=ip:127.0.0.1,dns:localhost",
        "-validity",
        "2");
    keytool(
        dir,
        "-importcert",
        "-alias",
        "ca",
        "-keystore",
        "broker.p12",
        "-file",
        "ca.pem",
        "-noprompt");
    keytool(
        dir, "-importcert", "-alias", "broker", "-keystore", "broker.p12", "-file", "broker.pem");
    keytool(
        dir,
        "-importcert",
        "-alias",
        "ca",
        "-keystore",
        "trust.p12",
        "-file",
        "ca.pem",
        "-noprompt");
    keytool(
        dir,
        "-genkeypair",
        "-alias",
        "other",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=another-ca",
        "-ext",
        "bc:c",
        "-validity",
        "2",
        "-keystore",
        "other-ca.p12");
    keytool(
        dir,
        "-exportcert",
        "-alias",
        "other",
        "-keystore",
        "other-ca.p12",
        "-rfc",
        "-file",
        "other.pem");
    keytool(
        dir,
        "-importcert",
        "-alias",
        "other",
        "-keystore",
        "other-trust.p12",
        "-file",
        "other.pem",
        "-noprompt");
    return new TestCertificates(
        dir.resolve("broker.p12"),
        dir.resolve("trust.p12"),
        dir.resolve("other-trust.p12"),
        dir.resolve("ca.pem"));
  }

  private static void keytool(Path dir, String... arguments) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(arguments));
    command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
    Path log = Files.createTempFile(dir, "keytool", ".log");
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    process.getOutputStream().close();
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException(command + " failed: " + Files.readString(log));
    }
  }
}
