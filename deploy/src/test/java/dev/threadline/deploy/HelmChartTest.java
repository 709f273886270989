package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Helm chart, rendered by Helm: every object it makes is valid against the Kubernetes API's
 * schema (the operator CRDs' kinds: their group and version), every pod runs unprivileged with
 * probes and limits, each container gets the settings the static manifests give — the ones
 * SecuredClusterIT proves on a secured broker — and its Strimzi users hold exactly the ACLs the
 * topology uses.
 */
class HelmChartTest {
  private static final Path EXISTING = RenderedChart.CHART.resolve("values-existing-cluster.yaml");
  private static final Set<String> OPERATOR_KINDS =
      Set.of("ServiceMonitor", "PrometheusRule", "KafkaTopic", "KafkaUser");

  private static Path values(Path dir, String yaml) throws Exception {
    Path file = Files.createTempFile(dir, "values", ".yaml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void everyObjectIsValidAgainstTheKubernetesSchema(@TempDir Path dir) throws Exception {
    Path everything = values(dir, "strimzi: {topics: true, users: true}\n");
    for (RenderedChart chart :
        List.of(RenderedChart.render(), RenderedChart.render(EXISTING, everything))) {
      for (Map<String, Object> object : chart.objects()) {
        String kind = (String) object.get("kind");
        if (OPERATOR_KINDS.contains(kind)) {
          assertThat((String) object.get("apiVersion"))
              .isIn("monitoring.coreos.com/v1", "kafka.strimzi.io/v1beta2");
        } else {
          assertThat(KubernetesSchemas.violations(object)).as(kind).isEmpty();
        }
      }
    }
    assertThat(RenderedChart.render(EXISTING).ofKind("HorizontalPodAutoscaler")).hasSize(1);
  }

  @Test
  void aFieldTheApiDoesNotHaveIsFound() {
    Map<String, Object> service =
        Map.of(
            "apiVersion",
            "v1",
            "kind",
            "Service",
            "metadata",
            Map.of("name", "x"),
            "spec",
            Map.of("selectr", Map.of("a", "b")));

    assertThat(KubernetesSchemas.violations(service))
        .containsExactly("Service.spec.selectr: not a field of the API");
  }

  @Test
  void everyPodRunsUnprivilegedWithProbesAndLimits() {
    for (Map<String, Object> deployment : RenderedChart.render().ofKind("Deployment")) {
      Map<String, Object> pod = path(deployment, "spec", "template", "spec");
      assertThat(path(pod, "securityContext")).containsEntry("runAsNonRoot", true);
      for (Object c : (List<?>) pod.get("containers")) {
        Map<String, Object> container = cast(c);
        String name = (String) container.get("name");
        assertThat(path(container, "securityContext"))
            .as(name)
            .containsEntry("readOnlyRootFilesystem", true)
            .containsEntry("allowPrivilegeEscalation", false);
        assertThat(container).as(name).containsKeys("readinessProbe", "livenessProbe");
        assertThat(path(container, "resources", "limits")).as(name).containsKey("memory");
        assertThat(container.get("volumeMounts").toString()).as(name).contains("mountPath=/tmp");
      }
      assertThat(path(deployment, "spec", "template", "metadata", "labels"))
          .containsAllEntriesOf(path(deployment, "spec", "selector", "matchLabels"));
    }
  }

  @Test
  void eachContainerGetsTheSettingsTheStaticManifestsGive() throws Exception {
    ShippedEnvironment manifests = ShippedEnvironment.read();
    ShippedEnvironment chart = ShippedEnvironment.of(RenderedChart.render().yaml());
    for (String container :
        List.of("step-processor", "tool-executor", "projector", "ingest-service", "registry")) {
      Map<String, String> rendered = chart.of(container, (secret, key) -> secret + "/" + key);
      rendered.replaceAll(
          (k, v) ->
              v.replace(RenderedChart.RELEASE + "-ingest", "ingest-service")
                  .replace(RenderedChart.RELEASE + "-", ""));
      assertThat(rendered)
          .as(container)
          .isEqualTo(manifests.of(container, (secret, key) -> secret + "/" + key));
    }
  }

  /**
   * With {@code secrets.apiKeysAsFile} the ingest and projector read the keys Secret as a mounted
   * file, which Kubernetes updates in place and they read again: keys change without a restart.
   */
  @Test
  void theApiKeysSecretMountedAsAFileIsReadAgainWithoutARestart(@TempDir Path dir)
      throws Exception {
    RenderedChart chart = RenderedChart.render(values(dir, "secrets: {apiKeysAsFile: true}\n"));
    assertThat(chart.ofKind("Deployment")).isNotEmpty();
    for (Map<String, Object> deployment : chart.ofKind("Deployment")) {
      String name = (String) path(deployment, "metadata").get("name");
      if (!name.endsWith("-ingest") && !name.endsWith("-projector")) {
        continue;
      }
      Map<String, Object> pod = path(deployment, "spec", "template", "spec");
      Map<String, Object> container = cast(((List<?>) pod.get("containers")).getFirst());
      String env = container.get("env").toString();
      assertThat(env)
          .as(name)
          .contains("name=THREADLINE_API_KEYS_FILE, value=/etc/threadline/api-keys/api-keys")
          .doesNotContain("name=THREADLINE_API_KEYS,");
      assertThat(container.get("volumeMounts").toString())
          .as(name)
          .contains("name=api-keys, mountPath=/etc/threadline/api-keys, readOnly=true");
      assertThat(pod.get("volumes").toString())
          .as(name)
          .contains("name=api-keys, secret={secretName=threadline-api-keys}");
      assertThat(KubernetesSchemas.violations(deployment)).as(name).isEmpty();
    }
    assertThat(RenderedChart.render().yaml()).doesNotContain("THREADLINE_API_KEYS_FILE");
  }

  /** An OpenID provider given, the ingest takes its users' tokens; without one, API keys only. */
  @Test
  void anOpenIdProviderGivenIsTheIngestsForEndUsers(@TempDir Path dir) throws Exception {
    RenderedChart chart =
        RenderedChart.render(
            values(dir, "ingest: {oidc: {issuer: https://id.example.com, audience: chat-app}}\n"));
    String ingest =
        chart.ofKind("Deployment").stream()
            .filter(d -> ((String) path(d, "metadata").get("name")).endsWith("-ingest"))
            .findFirst()
            .orElseThrow()
            .toString();
    assertThat(ingest)
        .contains("name=THREADLINE_AUTH_OIDC_ISSUER, value=https://id.example.com")
        .contains("name=THREADLINE_AUTH_OIDC_AUDIENCE, value=chat-app")
        .contains("name=THREADLINE_AUTH_OIDC_USER_CLAIM, value=sub");
    assertThatThrownBy(
            () ->
                RenderedChart.render(
                    values(dir, "ingest: {oidc: {issuer: https://id.example.com}}\n")))
        .hasMessageContaining("ingest.oidc.audience is required");
    assertThat(RenderedChart.render().yaml()).doesNotContain("THREADLINE_AUTH_OIDC");
  }

  /** Files on S3: no volume claimed, the bucket in every service's settings, keys from a Secret. */
  @Test
  void filesOnAnObjectStoreNeedNoVolume(@TempDir Path dir) throws Exception {
    RenderedChart chart =
        RenderedChart.render(
            values(
                dir,
                "files: {store: s3, s3: {bucket: threadline-files,"
                    + " endpoint: 'http://minio:9000', credentialsSecret: files-keys}}\n"));

    assertThat(chart.ofKind("PersistentVolumeClaim")).isEmpty();
    String config = chart.ofKind("ConfigMap").toString();
    assertThat(config)
        .contains("THREADLINE_FILES_STORE=s3", "THREADLINE_FILES_S3_BUCKET=threadline-files")
        .contains("THREADLINE_FILES_S3_ENDPOINT=http://minio:9000");
    for (Map<String, Object> deployment : chart.ofKind("Deployment")) {
      String name = (String) path(deployment, "metadata").get("name");
      String pod = path(deployment, "spec", "template", "spec").toString();
      if (pod.contains("name=files")) {
        assertThat(pod).as(name).contains("emptyDir").doesNotContain("persistentVolumeClaim");
        assertThat(pod)
            .as(name)
            .contains(
                "name=THREADLINE_FILES_S3_SECRET_KEY, valueFrom={secretKeyRef={name=files-keys");
      }
      assertThat(KubernetesSchemas.violations(deployment)).as(name).isEmpty();
    }
    assertThatThrownBy(() -> RenderedChart.render(values(dir, "files: {store: s3}\n")))
        .hasMessageContaining("files.s3.bucket is required");
    assertThat(RenderedChart.render().ofKind("PersistentVolumeClaim")).hasSize(1);
  }

  @Test
  void theChartsFilesAreTheShippedManifestsAndRules() throws Exception {
    Path files = RenderedChart.CHART.resolve("files");
    assertThat(files.resolve("alerts.yml")).hasSameTextualContentAs(AlertRulesTest.RULES);
    assertThat(files.resolve("topics.yaml")).hasSameTextualContentAs(Path.of("k8s/topics.yaml"));
    assertThat(files.resolve("kafka-users.yaml"))
        .hasSameTextualContentAs(Path.of("k8s/kafka-users.yaml"));
  }

  @Test
  void theStrimziUsersHoldExactlyTheAclsTheTopologyUses(@TempDir Path dir) throws Exception {
    RenderedChart chart =
        RenderedChart.render(values(dir, "strimzi: {users: true, cluster: prod}\n"));

    assertThat(chart.ofKind("KafkaUser")).hasSize(5);
    assertThat(chart.ofKind("KafkaUser"))
        .allSatisfy(
            u ->
                assertThat(path(u, "metadata", "labels"))
                    .containsEntry("strimzi.io/cluster", "prod"));
    KafkaUserManifestsTest.assertDocumentedAcls(KafkaUserManifestsTest.users(chart.yaml()));
  }

  @Test
  void strimziObjectsWithAnotherTopicPrefixAreRefused(@TempDir Path dir) throws Exception {
    Path values = values(dir, "strimzi: {topics: true}\nkafka: {topicPrefix: acme.}\n");

    assertThatThrownBy(() -> RenderedChart.render(values))
        .hasMessageContaining("kafka.topicPrefix");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object o) {
    return (Map<String, Object>) o;
  }

  private static Map<String, Object> path(Map<String, Object> from, String... keys) {
    Map<String, Object> at = from;
    for (String key : keys) {
      at = cast(at.get(key));
    }
    return at;
  }
}
