package dev.threadline.deploy;

import dev.threadline.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.yaml.snakeyaml.Yaml;

/**
 * The environment {@code k8s/threadline.yaml} gives a container — the shared ConfigMap's entries,
 * then its own — with each Secret's value as {@code secrets} says it would be: what a test runs a
 * service or the registry with, so the manifest's settings are the ones proven.
 */
final class ShippedEnvironment {
  static final Path SERVICES = Path.of("k8s/threadline.yaml");

  /** Where every Deployment mounts the cluster CA (the Secret threadline-cluster-ca-cert). */
  static final String CLUSTER_CA = "/etc/threadline/kafka-ca/ca.crt";

  private final List<Map<String, Object>> documents;

  private ShippedEnvironment(List<Map<String, Object>> documents) {
    this.documents = documents;
  }

  static ShippedEnvironment read() throws IOException {
    return of(Files.readString(SERVICES));
  }

  /** The environment the manifests {@code yaml} give (a Helm chart's, rendered). */
  @SuppressWarnings("unchecked")
  static ShippedEnvironment of(String yaml) {
    List<Map<String, Object>> documents = new java.util.ArrayList<>();
    for (Object doc : new Yaml().loadAll(yaml)) {
      if (doc != null) {
        documents.add((Map<String, Object>) doc);
      }
    }
    return new ShippedEnvironment(documents);
  }

  /**
   * Container {@code name}'s environment, {@code secrets} answering each {@code secretKeyRef}
   * (Secret name, key); values from the pod's own fields (its name, its IP) are left out.
   */
  Map<String, String> of(String name, BiFunction<String, String, String> secrets) {
    Map<String, Object> container = container(name);
    Map<String, String> env = new LinkedHashMap<>();
    for (Object from : list(container.get("envFrom"))) {
      Map<String, Object> ref = map(map(from).get("configMapRef"));
      env.putAll(configMap((String) ref.get("name")));
    }
    for (Object entry : list(container.get("env"))) {
      Map<String, Object> variable = map(entry);
      String key = (String) variable.get("name");
      if (variable.containsKey("value")) {
        env.put(key, String.valueOf(variable.get("value")));
        continue;
      }
      Map<String, Object> secret = map(map(variable.get("valueFrom")).get("secretKeyRef"));
      if (!secret.isEmpty() && !Boolean.TRUE.equals(secret.get("optional"))) {
        env.put(key, secrets.apply((String) secret.get("name"), (String) secret.get("key")));
      }
    }
    return env;
  }

  /**
   * The Kafka client properties a Threadline service takes from {@code env}: each {@code
   * THREADLINE_KAFKA_*} variable read as the service reads it ({@link Settings#keyOf}), prefix off.
   */
  static Map<String, String> kafkaClient(Map<String, String> env) {
    Map<String, String> client = new LinkedHashMap<>();
    env.forEach(
        (key, value) -> {
          String setting = Settings.keyOf(key);
          if (setting.startsWith(dev.threadline.kafka.KafkaClients.PREFIX)) {
            client.put(setting.substring(dev.threadline.kafka.KafkaClients.PREFIX.length()), value);
          }
        });
    return client;
  }

  /** The volumes container {@code name} mounts, by mount path: each one's source. */
  Map<String, Map<String, Object>> mounts(String name) {
    Map<String, Object> spec = podSpec(name);
    Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
    for (Object volume : list(spec.get("volumes"))) {
      byName.put((String) map(volume).get("name"), map(volume));
    }
    Map<String, Map<String, Object>> mounts = new LinkedHashMap<>();
    for (Object mount : list(container(name).get("volumeMounts"))) {
      Map<String, Object> m = map(mount);
      mounts.put((String) m.get("mountPath"), byName.get((String) m.get("name")));
    }
    return mounts;
  }

  /** Every Deployment's containers, by name. */
  List<String> containers() {
    List<String> names = new java.util.ArrayList<>();
    for (Map<String, Object> doc : documents) {
      if ("Deployment".equals(doc.get("kind"))) {
        for (Object c : list(podSpecOf(doc).get("containers"))) {
          names.add((String) map(c).get("name"));
        }
      }
    }
    return names;
  }

  private Map<String, Object> container(String name) {
    for (Object c : list(podSpec(name).get("containers"))) {
      if (name.equals(map(c).get("name"))) {
        return map(c);
      }
    }
    throw new AssertionError("no container " + name + " in " + SERVICES);
  }

  private Map<String, Object> podSpec(String container) {
    for (Map<String, Object> doc : documents) {
      if ("Deployment".equals(doc.get("kind"))) {
        Map<String, Object> spec = podSpecOf(doc);
        for (Object c : list(spec.get("containers"))) {
          if (container.equals(map(c).get("name"))) {
            return spec;
          }
        }
      }
    }
    throw new AssertionError("no Deployment runs a container " + container + " in " + SERVICES);
  }

  private Map<String, String> configMap(String name) {
    for (Map<String, Object> doc : documents) {
      if ("ConfigMap".equals(doc.get("kind"))
          && name.equals(map(doc.get("metadata")).get("name"))) {
        Map<String, String> data = new LinkedHashMap<>();
        map(doc.get("data")).forEach((k, v) -> data.put(k, String.valueOf(v)));
        return data;
      }
    }
    throw new AssertionError("no ConfigMap " + name + " in " + SERVICES);
  }

  private static Map<String, Object> podSpecOf(Map<String, Object> deployment) {
    return map(map(map(deployment.get("spec")).get("template")).get("spec"));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return o == null ? Map.of() : (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object o) {
    return o == null ? List.of() : (List<Object>) o;
  }
}
