package dev.threadline.deploy.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Rows printed as aligned columns under a header, for people (scripts use --json). */
final class Table {
  private final List<String[]> rows = new ArrayList<>();

  Table(String... header) {
    rows.add(header);
  }

  Table row(Object... cells) {
    String[] text = new String[cells.length];
    for (int i = 0; i < cells.length; i++) {
      text[i] = cells[i] == null ? "" : String.valueOf(cells[i]);
    }
    rows.add(text);
    return this;
  }

  void print(PrintStream out) {
    int columns = rows.get(0).length;
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < columns && i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < columns && i < row.length; i++) {
        line.append(i == columns - 1 ? row[i] : String.format("%-" + widths[i] + "s  ", row[i]));
      }
      out.println(line.toString().stripTrailing());
    }
  }
}
