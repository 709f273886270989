package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.kafka.TopicProvisioner;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The Docker and Kubernetes files, checked as far as possible without Docker or a cluster: they
 * parse, refer only to things that exist (services, Dockerfile targets, main classes, config maps,
 * ports), and the Strimzi topics are exactly the code's topic contract.
 */
class DeploymentManifestsTest {
  private static final Path COMPOSE = Path.of("compose/docker-compose.yml");
  private static final Path DOCKERFILE = Path.of("docker/Dockerfile");
  private static final Path K8S_TOPICS = Path.of("k8s/topics.yaml");
  private static final Path K8S_SERVICES = Path.of("k8s/threadline.yaml");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return o == null ? Map.of() : (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object o) {
    return o == null ? List.of() : (List<Object>) o;
  }

  private static List<Map<String, Object>> documents(Path file) throws IOException {
    List<Map<String, Object>> docs = new ArrayList<>();
    for (Object doc : new Yaml().loadAll(Files.readString(file))) {
      if (doc != null) {
        docs.add(map(doc));
      }
    }
    return docs;
  }

  private static Set<String> dockerfileTargets() throws IOException {
    Set<String> targets = new HashSet<>();
    Matcher m =
        Pattern.compile("(?m)^FROM\\s+\\S+\\s+AS\\s+(\\S+)").matcher(Files.readString(DOCKERFILE));
    while (m.find()) {
      targets.add(m.group(1));
    }
    return targets;
  }

  private static void assertMainClass(String name) {
    try {
      assertThat(Class.forName(name).getMethod("main", String[].class)).isNotNull();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("no main class " + name, e);
    }
  }

  @Test
  void everyServiceJvmExitsWhenItRunsOutOfMemory() throws IOException {
    // Images (compose and Kubernetes run them) and the local stack's service command lines.
    Matcher options =
        Pattern.compile("(?m)^ENV .*JAVA_TOOL_OPTIONS=\"([^\"]*)\"")
            .matcher(Files.readString(DOCKERFILE));
    int images = 0;
    while (options.find()) {
      assertThat(options.group(1)).contains("-XX:+ExitOnOutOfMemoryError");
      images++;
    }
    assertThat(images).as("the services and ingest images").isEqualTo(2);
    assertThat(LocalServices.ALWAYS).contains("-XX:+ExitOnOutOfMemoryError");
    for (Map<String, Object> doc : documents(K8S_SERVICES)) {
      for (Object container :
          list(map(map(map(doc.get("spec")).get("template")).get("spec")).get("containers"))) {
        for (Object env : list(map(container).get("env"))) {
          assertThat(map(env).get("name"))
              .as("a manifest that sets JAVA_TOOL_OPTIONS replaces the image's")
              .isNotEqualTo("JAVA_TOOL_OPTIONS");
        }
      }
    }
  }

  @Test
  void theComposeFileRefersOnlyToThingsThatExist() throws IOException {
    Map<String, Object> compose = documents(COMPOSE).getFirst();
    Map<String, Object> services = map(compose.get("services"));
    assertThat(services)
        .containsKeys(
            "kafka", "registry", "step-processor", "tool-executor", "projector", "ingest-service");
    Set<String> volumes = map(compose.get("volumes")).keySet();
    Set<String> hostPorts = new HashSet<>();
    for (var entry : services.entrySet()) {
      String name = entry.getKey();
      Map<String, Object> service = map(entry.getValue());
      assertThat(service.get("image")).as(name + " image").isNotNull();
      assertThat(service.get("image").toString()).as(name).doesNotEndWith(":latest");
      Map<String, Object> build = map(service.get("build"));
      if (!build.isEmpty()) {
        assertThat(
                COMPOSE
                    .getParent()
                    .resolve(build.get("context").toString())
                    .resolve(build.get("dockerfile").toString())
                    .normalize())
            .as(name + " dockerfile")
            .exists();
        assertThat(dockerfileTargets()).contains(build.get("target").toString());
      }
      for (Object command : list(service.get("command"))) {
        assertMainClass(command.toString());
      }
      Object dependsOn = service.get("depends_on");
      Set<String> dependencies =
          dependsOn instanceof Map<?, ?> m
              ? map(m).keySet()
              : new HashSet<>(list(dependsOn).stream().map(Object::toString).toList());
      assertThat(services.keySet()).as(name + " depends_on").containsAll(dependencies);
      for (Object port : list(service.get("ports"))) {
        assertThat(hostPorts.add(port.toString().split(":")[0])).as("host port " + port).isTrue();
      }
      for (Object mount : list(service.get("volumes"))) {
        String source = mount.toString().split(":")[0];
        if (source.startsWith(".")) {
          assertThat(COMPOSE.getParent().resolve(source)).as(name + " bind mount").exists();
        } else {
          assertThat(volumes).contains(source);
        }
      }
      if (service.containsKey("command") || name.equals("ingest-service")) {
        // The YAML merge key gives every Threadline service the shared settings.
        assertThat(map(service.get("environment")))
            .as(name + " environment")
            .containsKeys("KAFKA_BOOTSTRAP_SERVERS", "SCHEMA_REGISTRY_URL", "THREADLINE_API_KEY");
      }
    }
  }

  @Test
  void composeRequiresAnApiKeyAndDoesNotPublishTheRegistry() throws IOException {
    String compose = Files.readString(COMPOSE);
    Map<String, Object> services = map(documents(COMPOSE).getFirst().get("services"));

    assertThat(compose).doesNotContain("change-me");
    assertThat(compose).contains("${THREADLINE_API_KEY:?");
    assertThat(map(services.get("registry"))).doesNotContainKey("ports");
  }

  @Test
  void theStrimziTopicsAreExactlyTheCodesTopicContract() throws IOException {
    Topics topics =
        new Topics(TopicsConfig.defaults(), new SerdeFactory(Map.of("schema.registry.url", "x")));
    Map<String, Map<String, Object>> manifests = new HashMap<>();
    for (Map<String, Object> doc : documents(K8S_TOPICS)) {
      assertThat(doc.get("kind")).isEqualTo("KafkaTopic");
      assertThat(doc.get("apiVersion")).isEqualTo("kafka.strimzi.io/v1beta2");
      assertThat(map(map(doc.get("metadata")).get("labels")))
          .containsEntry("strimzi.io/cluster", "threadline");
      Map<String, Object> spec = map(doc.get("spec"));
      manifests.put(spec.get("topicName").toString(), spec);
    }
    assertThat(manifests.keySet())
        .containsExactlyInAnyOrderElementsOf(
            topics.all().stream().map(TopicDescriptor::name).toList());
    for (TopicDescriptor<?, ?> topic : topics.all()) {
      Map<String, Object> spec = manifests.get(topic.name());
      assertThat(spec.get("partitions")).as(topic.name()).isEqualTo(topic.spec().partitions());
      // Three replicas, two of which must have a write before it is acknowledged.
      assertThat(spec.get("replicas")).as(topic.name()).isEqualTo(3);
      Map<String, String> config = new HashMap<>();
      map(spec.get("config")).forEach((k, v) -> config.put(k, v.toString()));
      assertThat(config)
          .as(topic.name())
          .isEqualTo(TopicProvisioner.configs(topic.spec(), (short) 3))
          .containsEntry("min.insync.replicas", "2");
    }
  }

  @Test
  void theKubernetesManifestsAreConsistent() throws IOException {
    List<Map<String, Object>> docs = documents(K8S_SERVICES);
    Set<String> configMaps = new HashSet<>();
    List<Map<String, String>> podLabels = new ArrayList<>();
    Map<Map<String, String>, Set<Integer>> portsByLabels = new HashMap<>();
    for (Map<String, Object> doc : docs) {
      assertThat(doc).containsKeys("apiVersion", "kind", "metadata");
      assertThat(map(doc.get("metadata")).get("name")).isNotNull();
      if (doc.get("kind").equals("ConfigMap")) {
        configMaps.add(map(doc.get("metadata")).get("name").toString());
      }
    }
    for (Map<String, Object> doc : docs) {
      if (!doc.get("kind").equals("Deployment")) {
        continue;
      }
      Map<String, Object> spec = map(doc.get("spec"));
      Map<String, Object> template = map(spec.get("template"));
      @SuppressWarnings("unchecked")
      Map<String, String> labels =
          (Map<String, String>) (Map<?, ?>) map(map(template.get("metadata")).get("labels"));
      assertThat(labels)
          .containsAllEntriesOf(castLabels(map(map(spec.get("selector")).get("matchLabels"))));
      podLabels.add(labels);
      Set<Integer> ports = new HashSet<>();
      for (Object c : list(map(template.get("spec")).get("containers"))) {
        Map<String, Object> container = map(c);
        assertThat(container.get("image").toString()).doesNotEndWith(":latest");
        for (Object arg : list(container.get("args"))) {
          assertMainClass(arg.toString());
        }
        for (Object from : list(container.get("envFrom"))) {
          assertThat(configMaps)
              .contains(map(map(from).get("configMapRef")).get("name").toString());
        }
        for (Object p : list(container.get("ports"))) {
          ports.add((Integer) map(p).get("containerPort"));
        }
      }
      portsByLabels.put(labels, ports);
    }
    for (Map<String, Object> doc : docs) {
      if (!doc.get("kind").equals("Service")) {
        continue;
      }
      Map<String, String> selector = castLabels(map(map(doc.get("spec")).get("selector")));
      Map<String, String> target =
          podLabels.stream()
              .filter(l -> l.entrySet().containsAll(selector.entrySet()))
              .findFirst()
              .orElseThrow(() -> new AssertionError("service selects no pods: " + selector));
      for (Object p : list(map(doc.get("spec")).get("ports"))) {
        assertThat(portsByLabels.get(target)).contains((Integer) map(p).get("targetPort"));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> castLabels(Map<String, Object> labels) {
    return (Map<String, String>) (Map<?, ?>) labels;
  }
}
