package dev.threadline.deploy;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.TemplateCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;

/**
 * The Helm chart {@code helm/threadline} rendered by Helm itself (helm-java: Helm's Go library in
 * process, from Maven Central — no helm binary to install): its objects, as YAML maps.
 */
record RenderedChart(String yaml, List<Map<String, Object>> objects) {
  static final Path CHART = Path.of("helm/threadline");
  static final String RELEASE = "tl";

  /** The chart rendered as release {@value #RELEASE} with the values files given, in order. */
  @SuppressWarnings("unchecked")
  static RenderedChart render(Path... valuesFiles) {
    TemplateCommand template = new Helm(CHART).template().withName(RELEASE);
    for (Path values : valuesFiles) {
      template = template.withValuesFile(values);
    }
    String yaml = template.call();
    List<Map<String, Object>> objects = new ArrayList<>();
    for (Object doc : new Yaml().loadAll(yaml)) {
      if (doc != null) {
        objects.add((Map<String, Object>) doc);
      }
    }
    return new RenderedChart(yaml, objects);
  }

  /** The objects of kind {@code kind}. */
  List<Map<String, Object>> ofKind(String kind) {
    return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
  }
}
