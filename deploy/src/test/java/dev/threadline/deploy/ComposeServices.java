package dev.threadline.deploy;

import static dev.threadline.deploy.ShippedEnvironment.list;
import static dev.threadline.deploy.ShippedEnvironment.map;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.Yaml;

/**
 * The services of {@code compose/docker-compose.yml} as compose runs them: each one's environment
 * (the shared block merged in, {@code ${NAME:-default}} and {@code ${NAME:?message}} taken from
 * {@code variables}, {@code $$} read as {@code $}) and the volumes it mounts, by container path.
 */
final class ComposeServices {
  static final Path FILE = Path.of("compose/docker-compose.yml");
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w+)(?::([-?])([^}]*))?}");

  private final Map<String, Object> services;
  private final Map<String, String> variables;

  private ComposeServices(Map<String, Object> services, Map<String, String> variables) {
    this.services = services;
    this.variables = variables;
  }

  /** The compose file's services, its required variables answered by {@code variables}. */
  static ComposeServices read(Map<String, String> variables) throws IOException {
    Map<String, Object> compose = map(new Yaml().load(Files.readString(FILE)));
    return new ComposeServices(map(compose.get("services")), variables);
  }

  /** Service {@code name}'s environment, interpolated as compose does. */
  Map<String, String> environment(String name) {
    Map<String, String> env = new LinkedHashMap<>();
    map(service(name).get("environment"))
        .forEach((key, value) -> env.put(key, interpolate(String.valueOf(value))));
    return env;
  }

  /** Service {@code name}'s named volumes, by the path it mounts each at. */
  Map<String, String> volumes(String name) {
    Map<String, String> volumes = new LinkedHashMap<>();
    for (Object mount : list(service(name).get("volumes"))) {
      String[] parts = mount.toString().split(":");
      if (!parts[0].startsWith(".")) {
        volumes.put(parts[1], parts[0]);
      }
    }
    return volumes;
  }

  private Map<String, Object> service(String name) {
    Object service = services.get(name);
    if (service == null) {
      throw new AssertionError("no service " + name + " in " + FILE);
    }
    return map(service);
  }

  private String interpolate(String value) {
    StringBuilder out = new StringBuilder();
    String[] pieces = value.split("\\$\\$", -1);
    for (int i = 0; i < pieces.length; i++) {
      String piece = pieces[i];
      if (i > 0) {
        out.append('$');
      }
      Matcher m = VARIABLE.matcher(piece);
      StringBuilder expanded = new StringBuilder();
      while (m.find()) {
        String set = variables.get(m.group(1));
        String replacement;
        if (set != null && !set.isEmpty()) {
          replacement = set;
        } else if ("?".equals(m.group(2))) {
          throw new AssertionError("compose would refuse to start: " + m.group(3));
        } else {
          replacement = m.group(3) == null ? "" : m.group(3);
        }
        m.appendReplacement(expanded, Matcher.quoteReplacement(replacement));
      }
      m.appendTail(expanded);
      out.append(expanded);
    }
    return out.toString();
  }
}
