package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys an operator keeps in a file (a mounted Kubernetes Secret is one): read again when it
 * changes, so a key is added or revoked without a restart, and held as digests — the file may name
 * a key by its SHA-256 alone, so it never holds a key a reader could use.
 */
class ApiKeyFileTest {
  @TempDir Path dir;

  @Test
  void aKeyFileIsReadAgainWhenItChangesSoAKeyIsRevokedWithoutARestart() throws Exception {
    Path file = dir.resolve("api-keys");
    Files.writeString(file, "# the tenants' keys\nk1:acme\n\nk2:globex\n");
    ApiKeys keys = ApiKeys.parse(null, "local-key").withKeyFile(file, Duration.ZERO);
    assertThat(keys.tenantOf("Bearer k1")).contains("acme");
    assertThat(keys.tenantOf("Bearer k2")).contains("globex");
    assertThat(keys.tenantOf("Bearer local-key")).as("the settings' keys stay").contains("local");

    Files.writeString(file, "k2:globex,k3:acme\n");

    assertThat(keys.tenantOf("Bearer k1")).as("revoked").isEmpty();
    assertThat(keys.tenantOf("Bearer k3")).as("added").contains("acme");
    assertThat(keys.isEmpty()).isFalse();
  }

  @Test
  void aKeyNamedByItsDigestIsTheKeyWhoseSha256ItIs() throws Exception {
    Path file = dir.resolve("api-keys");
    Files.writeString(file, "sha256:" + ApiKeys.hash("secret-key") + ":acme\n");
    ApiKeys keys = ApiKeys.parse(null, null).withKeyFile(file, Duration.ZERO);
    assertThat(keys.tenantOf("Bearer secret-key")).contains("acme");
    assertThat(keys.tenantOf("Bearer " + ApiKeys.hash("secret-key")))
        .as("the digest is no key")
        .isEmpty();
    assertThat(
            ApiKeys.parse("sha256:" + ApiKeys.hash("k9") + ":globex", null).tenantOf("Bearer k9"))
        .as("in threadline.api-keys too")
        .contains("globex");
  }

  @Test
  void aMalformedFileIsRefusedAtStartNamingItsLineAndLaterKeepsTheKeysItHad() throws Exception {
    Path file = dir.resolve("api-keys");
    Files.writeString(file, "k1:acme\nnot a key line\n");
    assertThatThrownBy(() -> ApiKeys.parse(null, null).withKeyFile(file, Duration.ZERO))
        .hasMessageContaining(file.toString())
        .hasMessageContaining("line 2");
    assertThatThrownBy(
            () -> ApiKeys.parse(null, null).withKeyFile(dir.resolve("none"), Duration.ZERO))
        .hasMessageContaining("none");

    Files.writeString(file, "k1:acme\n");
    ApiKeys keys = ApiKeys.parse(null, null).withKeyFile(file, Duration.ZERO);
    Files.writeString(file, "k1:acme\nsha256:short:acme\n");

    assertThat(keys.tenantOf("Bearer k1")).as("a broken edit locks no one out").contains("acme");
  }

  /** A key may be one that only reads: {@code :read} after its tenant, in a file or the setting. */
  @Test
  void aKeyMarkedReadOnlyNamesItsTenantAndSaysItOnlyReads() throws Exception {
    Path file = dir.resolve("api-keys");
    Files.writeString(file, "k1:acme:read\nsha256:" + ApiKeys.hash("k2") + ":acme:read\n");
    ApiKeys keys = ApiKeys.parse("k3:acme,k4:globex:read", null).withKeyFile(file, Duration.ZERO);
    assertThat(keys.keyOf("Bearer k1")).contains(new ApiKeys.Key("acme", true));
    assertThat(keys.keyOf("Bearer k2")).contains(new ApiKeys.Key("acme", true));
    assertThat(keys.keyOf("Bearer k3")).contains(new ApiKeys.Key("acme", false));
    assertThat(keys.keyOf("Bearer k4")).contains(new ApiKeys.Key("globex", true));
    assertThat(keys.tenantOf("Bearer k1")).contains("acme");
    assertThatThrownBy(() -> ApiKeys.parse("k5:acme:write", null))
        .hasMessageContaining("entry 1")
        .hasMessageContaining(":read");
  }

  /**
   * A key may reach only some agents' threads: {@code :agents=a|b} after its tenant (and its {@code
   * :read}, if any), in a file or the setting.
   */
  @Test
  void aKeyScopedToAgentsNamesThemAndAMalformedScopeIsRefused() throws Exception {
    Path file = dir.resolve("api-keys");
    Files.writeString(
        file, "k1:acme:agents=support\nsha256:" + ApiKeys.hash("k2") + ":acme:read:agents=a|b.c\n");
    ApiKeys keys =
        ApiKeys.parse("k3:acme:agents=billing|support", null).withKeyFile(file, Duration.ZERO);
    assertThat(keys.keyOf("Bearer k1"))
        .contains(new ApiKeys.Key("acme", false, java.util.Set.of("support")));
    assertThat(keys.keyOf("Bearer k2"))
        .contains(new ApiKeys.Key("acme", true, java.util.Set.of("a", "b.c")));
    assertThat(keys.keyOf("Bearer k3").orElseThrow().agents())
        .containsExactlyInAnyOrder("billing", "support");
    assertThat(keys.keyOf("Bearer k3").orElseThrow().reaches("support")).isTrue();
    assertThat(keys.keyOf("Bearer k3").orElseThrow().reaches("other")).isFalse();
    assertThat(ApiKeys.parse("k4:acme", null).keyOf("Bearer k4").orElseThrow().reaches("any"))
        .as("an unscoped key reaches every agent")
        .isTrue();
    for (String malformed :
        java.util.List.of(
            "k5:acme:agents=",
            "k5:acme:agents=a||b",
            "k5:acme:agents=no spaces",
            "k5:acme:agents=a:agents=b",
            "k5:acme:read:read")) {
      assertThatThrownBy(() -> ApiKeys.parse(malformed, null))
          .as(malformed)
          .hasMessageContaining("entry 1")
          .hasMessageContaining(":agents=");
    }
  }

  @Test
  void theFileIsReadAgainAtMostOnceAnInterval() throws Exception {
    Path file = dir.resolve("api-keys");
    Files.writeString(file, "k1:acme\n");
    ApiKeys keys = ApiKeys.parse(null, null).withKeyFile(file, Duration.ofHours(1));
    Files.writeString(file, "k2:acme\n");
    assertThat(keys.tenantOf("Bearer k1")).as("not read again within the hour").contains("acme");
  }
}
