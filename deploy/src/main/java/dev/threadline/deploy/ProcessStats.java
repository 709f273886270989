package dev.threadline.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** CPU time and heap of local processes, read from {@code /proc} and {@code jcmd} (Linux). */
final class ProcessStats {
  // One line for G1's heap ("committed <n>K, used <n>K") or one per generation for Parallel and
  // Serial ("total <n>K, used <n>K"); Metaspace's "used" comes first on its line and never matches.
  private static final Pattern USED = Pattern.compile("(?:total|committed) \\d+K, used (\\d+)K");
  private static final long TICKS_PER_SECOND = ticksPerSecond();

  private ProcessStats() {}

  /** CPU seconds (user + system, all threads) each process has used so far. */
  static Map<String, Double> cpuSeconds(Map<String, Long> pids) {
    Map<String, Double> cpu = new TreeMap<>();
    pids.forEach((name, pid) -> cpu.put(name, cpuSeconds(pid)));
    return cpu;
  }

  static double cpuSeconds(long pid) {
    try {
      return ticks(Files.readString(Path.of("/proc", String.valueOf(pid), "stat")))
          / (double) TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /**
   * CPU seconds the JIT compiler threads of all the processes have used so far, together: work a
   * long-running service does once, which a benchmark must tell apart from the cost of the work it
   * measures.
   */
  static double jitSeconds(Map<String, Long> pids) {
    return total(jitSecondsByProcess(pids));
  }

  /** {@link #jitSeconds(Map)} per process. */
  static Map<String, Double> jitSecondsByProcess(Map<String, Long> pids) {
    Map<String, Double> jit = new TreeMap<>();
    pids.forEach((name, pid) -> jit.put(name, jitSeconds(pid)));
    return jit;
  }

  /**
   * Waits until the processes' JIT compiler threads have used at most one clock tick in {@code
   * window}, or until {@code deadline}; returns the seconds it waited. Reading the services over
   * JMX compiles the reading's own code in them (RMI, serialization) for a second or more
   * afterwards: work of the bench, not of the run it measures.
   */
  static double awaitJitQuiet(Map<String, Long> pids, Duration window, Duration deadline)
      throws InterruptedException {
    long started = System.nanoTime();
    long until = started + deadline.toNanos();
    double before = jitSeconds(pids);
    while (System.nanoTime() < until) {
      Thread.sleep(window.toMillis());
      double now = jitSeconds(pids);
      if (now - before <= 1.0 / TICKS_PER_SECOND) {
        break;
      }
      before = now;
    }
    return (System.nanoTime() - started) / 1e9;
  }

  static double jitSeconds(long pid) {
    long ticks = 0;
    try (var tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
      for (Path task : tasks.toList()) {
        String stat;
        try {
          stat = Files.readString(task.resolve("stat"));
        } catch (IOException e) {
          continue; // the thread ended
        }
        // HotSpot's compiler threads are "C1 CompilerThread<n>" and "C2 CompilerThread<n>".
        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
          ticks += ticks(stat);
        }
      }
      return ticks / (double) TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /** User + system clock ticks of a process's or thread's {@code /proc/.../stat} line. */
  private static long ticks(String stat) {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  /**
   * The machine's CPU seconds so far from the first line of {@code /proc/stat}: busy (user, nice,
   * system, irq, softirq) and stolen by the hypervisor, summed over all cores; NaN off Linux.
   */
  record MachineCpu(double busy, double steal) {
    static MachineCpu now() {
      try {
        String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        // cpu user nice system idle iowait irq softirq steal ...
        long busy =
            Long.parseLong(f[1])
                + Long.parseLong(f[2])
                + Long.parseLong(f[3])
                + Long.parseLong(f[6])
                + Long.parseLong(f[7]);
        return new MachineCpu(
            busy / (double) TICKS_PER_SECOND, Long.parseLong(f[8]) / (double) TICKS_PER_SECOND);
      } catch (IOException | RuntimeException e) {
        return new MachineCpu(Double.NaN, Double.NaN);
      }
    }
  }

  /** Sum of the values. */
  static double total(Map<String, Double> byProcess) {
    return byProcess.values().stream().mapToDouble(Double::doubleValue).sum();
  }

  /** Used heap in MiB after a full GC, or NaN when jcmd cannot attach. */
  static double heapAfterGcMiB(long pid) {
    run(pid, "GC.run");
    return usedHeapMiB(run(pid, "GC.heap_info"));
  }

  /** The used heap of a {@code GC.heap_info} report, summed over its generations; NaN if none. */
  static double usedHeapMiB(String heapInfo) {
    Matcher m = USED.matcher(heapInfo);
    long usedKb = 0;
    boolean found = false;
    while (m.find()) {
      usedKb += Long.parseLong(m.group(1));
      found = true;
    }
    return found ? usedKb / 1024.0 : Double.NaN;
  }

  /** Runs {@code jcmd pid command args…} and returns its output ("" if it cannot run). */
  static String jcmd(long pid, String... command) {
    return run(pid, command);
  }

  private static String run(long pid, String... command) {
    try {
      java.util.List<String> line = new java.util.ArrayList<>();
      line.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
      line.add(String.valueOf(pid));
      line.addAll(java.util.List.of(command));
      Process p = new ProcessBuilder(line).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      p.waitFor(30, TimeUnit.SECONDS);
      return out;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  private static long ticksPerSecond() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
      return Long.parseLong(new String(p.getInputStream().readAllBytes()).trim());
    } catch (IOException | RuntimeException e) {
      return 100;
    }
  }
}
