package dev.threadline.deploy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * An object checked against the Kubernetes API's own schema, as the fabric8 model (generated from
 * the API's OpenAPI document, on Maven Central) holds it: read as its kind's typed class, a value
 * of the wrong type fails to read and a field the API does not have lands in a class's additional
 * properties, which are named with their paths. A kind the model does not know is one too.
 */
final class KubernetesSchemas {
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private KubernetesSchemas() {}

  /**
   * Why {@code object} is not a valid object of its kind: each unknown field's path; none if it is.
   */
  static List<String> violations(Map<String, Object> object) {
    HasMetadata typed = SERIALIZATION.convertValue(object, HasMetadata.class);
    List<String> found = new ArrayList<>();
    if (typed.getClass().getSimpleName().equals("GenericKubernetesResource")) {
      found.add(object.get("kind") + ": not a kind of the Kubernetes API");
      return found;
    }
    walk(typed, object.get("kind").toString(), found);
    return found;
  }

  private static void walk(Object node, String path, List<String> found) {
    if (node == null) {
      return;
    }
    if (node instanceof Collection<?> items) {
      int i = 0;
      for (Object item : items) {
        walk(item, path + "[" + i++ + "]", found);
      }
      return;
    }
    if (node instanceof Map<?, ?> entries) {
      entries.forEach((k, v) -> walk(v, path + "." + k, found));
      return;
    }
    if (!(node instanceof KubernetesResource)) {
      return;
    }
    for (Method getter : node.getClass().getMethods()) {
      if (getter.getParameterCount() != 0
          || !getter.getName().startsWith("get")
          || getter.getDeclaringClass() == Object.class) {
        continue;
      }
      Object value;
      try {
        value = getter.invoke(node);
      } catch (ReflectiveOperationException e) {
        continue;
      }
      if (getter.getName().equals("getAdditionalProperties")) {
        if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
          extra.keySet().forEach(k -> found.add(path + "." + k + ": not a field of the API"));
        }
      } else {
        walk(value, path + "." + property(getter.getName()), found);
      }
    }
  }

  private static String property(String getter) {
    return Character.toLowerCase(getter.charAt(3)) + getter.substring(4);
  }
}
