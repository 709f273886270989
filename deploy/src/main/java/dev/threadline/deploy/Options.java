package dev.threadline.deploy;

import java.util.HashMap;
import java.util.Map;

/** {@code up|down} followed by {@code --name value} and {@code --flag} options. */
final class Options {
  private Options() {}

  static Map<String, String> parse(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--")) {
        options.put("command", arg);
      } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
        options.put(arg.substring(2), args[++i]);
      } else {
        options.put(arg.substring(2), "true");
      }
    }
    return options;
  }

  /**
   * {@code options} if it names only {@code known} options (and the command); otherwise an error
   * naming the first it does not know, so a mistyped option is never silently ignored.
   */
  static Map<String, String> only(Map<String, String> options, java.util.Set<String> known) {
    for (String name : options.keySet()) {
      if (!name.equals("command") && !known.contains(name)) {
        throw new IllegalArgumentException(
            "unknown option --"
                + name
                + " (known: --"
                + String.join(", --", new java.util.TreeSet<>(known))
                + ")");
      }
    }
    return options;
  }

  /**
   * A command's options if they are all {@code known}; otherwise the reason on stderr and exit code
   * 2, before anything starts.
   */
  static Map<String, String> onlyOrExit(String[] args, java.util.Set<String> known) {
    try {
      return only(parse(args), known);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      throw e;
    }
  }
}
