package dev.threadline.deploy;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each process's garbage collections over the run, from its collectors' MXBeans: how many, and
 * their time in all. With the local stack's parallel collector every collection stops the world for
 * that long, and an unloaded step's p99 is where one of them met its legs.
 */
record GcPauses(Map<String, Collections> byProcess) {
  /** A process's collections: how many, and how long they took, in ms. */
  record Collections(double count, double millis) {
    Collections minus(Collections before) {
      return new Collections(count - before.count, millis - before.millis);
    }
  }

  private static final String COLLECTORS = "java.lang:type=GarbageCollector,name=*";

  /** Every process it can attach to; one it cannot is left out. */
  static GcPauses of(Map<String, Long> pids) {
    Map<String, Collections> byProcess = new LinkedHashMap<>();
    pids.forEach(
        (name, pid) -> {
          try (Jmx jmx = Jmx.attach(pid)) {
            byProcess.put(
                name,
                new Collections(
                    jmx.sum(COLLECTORS, "CollectionCount"), jmx.sum(COLLECTORS, "CollectionTime")));
          } catch (Exception e) {
            // not attachable (it stopped, or its JVM refuses): no figure rather than a wrong one
          }
        });
    return new GcPauses(byProcess);
  }

  GcPauses minus(GcPauses before) {
    Map<String, Collections> used = new LinkedHashMap<>();
    byProcess.forEach(
        (name, after) -> {
          Collections was = before.byProcess.get(name);
          if (was != null) {
            used.put(name, after.minus(was));
          }
        });
    return new GcPauses(used);
  }

  String describe() {
    StringBuilder line =
        new StringBuilder("garbage collections during the run, count (ms in all):");
    byProcess.forEach(
        (name, c) -> line.append(String.format(" %s %.0f (%.0f)", name, c.count(), c.millis())));
    return line.toString();
  }
}
