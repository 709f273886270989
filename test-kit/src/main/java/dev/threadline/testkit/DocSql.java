package dev.threadline.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SQL blocks of docs/analytics.md, by the comment that opens each, for the tests that run them
 * over tables written from a log.
 */
public final class DocSql {
  private static final Pattern BLOCK = Pattern.compile("```sql\\n(.*?)```", Pattern.DOTALL);

  private DocSql() {}

  /** The blocks of docs/analytics.md, as a module's test (run in the module's folder) finds it. */
  public static Map<String, String> blocks() {
    String page;
    try {
      page = Files.readString(Path.of("../docs/analytics.md"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, String> blocks = new LinkedHashMap<>();
    Matcher m = BLOCK.matcher(page);
    while (m.find()) {
      String sql = m.group(1);
      String title = sql.lines().findFirst().orElse("").replaceFirst("^--\\s*", "");
      blocks.put(title, sql);
    }
    return blocks;
  }

  /** {@code sql} as run from the folder that holds {@code events/}: {@code dir}. */
  public static String under(String sql, Path dir) {
    return sql.replace("'events/", "'" + dir.toAbsolutePath() + "/events/");
  }

  /** Runs the page's {@code views} and {@code prices} blocks on {@code duck}, over {@code dir}. */
  public static void define(java.sql.Connection duck, Path dir) throws java.sql.SQLException {
    for (String block : blocks().values()) {
      if (!block.startsWith("-- views") && !block.startsWith("-- prices")) {
        continue;
      }
      try (java.sql.Statement s = duck.createStatement()) {
        for (String sql : block.split(";\\s*\\n")) {
          if (!sql.isBlank()) {
            s.execute(under(sql, dir));
          }
        }
      }
    }
  }
}
