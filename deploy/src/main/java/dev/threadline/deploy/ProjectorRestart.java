package dev.threadline.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long the projector takes to come back with the bench's threads in its stores: stopped and
 * started (its state checkpointed, as in a rolling restart) and killed (its state wiped and
 * restored, as after a crash). Each is timed until every task has made its thread list from the
 * summaries, and what the tasks logged of that is summed.
 */
final class ProjectorRestart {
  private static final Pattern MADE =
      Pattern.compile(
          "thread list of (\\d+) threads made from the summaries in (\\d+) ms \\((\\d+) stale"
              + " entries deleted, (\\d+) put\\)");

  private ProjectorRestart() {}

  /** What the tasks logged after a restart, summed; {@code seconds} until the last of them. */
  record Lists(int tasks, long threads, long millis, long deleted, long put, double seconds) {
    String describe(String how) {
      return String.format(
          "projector %s: all %d tasks running with their thread lists after %.1f s; the lists of"
              + " %d threads made in %d ms in all (%d stale entries deleted, %d put)",
          how, tasks, seconds, threads, millis, deleted, put);
    }
  }

  /** Both restarts of the (first) projector, printed; {@code tasks}: its input's partitions. */
  static void measure(LocalStack stack, int tasks) throws Exception {
    Duration timeout = Duration.ofMinutes(3);
    String name = LocalServices.instance(stack, "projector", 1);
    Path log = stack.processes().log(name);

    long from = Files.size(log);
    long started = System.nanoTime();
    stack.processes().stop(name);
    stack.processes().release(name);
    System.out.println(await(log, from, tasks, started, timeout).describe("stopped and started"));

    from = Files.size(log);
    started = System.nanoTime();
    ProcessHandle.of(stack.pids().get(name))
        .ifPresent(
            killed -> {
              killed.destroyForcibly();
              killed.onExit().join();
            });
    // The bench's stack restarts nothing by itself.
    stack.processes().release(name);
    System.out.println(await(log, from, tasks, started, timeout).describe("killed (kill -9)"));
  }

  private static Lists await(Path log, long from, int tasks, long started, Duration timeout)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Lists lists = read(log, from, (System.nanoTime() - started) / 1e9);
      if (lists.tasks() >= tasks) {
        return lists;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the restarted projector made " + lists.tasks() + " of " + tasks + " thread lists");
      }
      Thread.sleep(50);
    }
  }

  /** The lines {@code log} gained past byte {@code from}. */
  static Lists read(Path log, long from, double seconds) throws Exception {
    String added;
    try (var input = Files.newInputStream(log)) {
      input.skipNBytes(Math.min(from, Files.size(log)));
      added = new String(input.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    int tasks = 0;
    long threads = 0;
    long millis = 0;
    long deleted = 0;
    long put = 0;
    Matcher m = MADE.matcher(added);
    while (m.find()) {
      tasks++;
      threads += Long.parseLong(m.group(1));
      millis += Long.parseLong(m.group(2));
      deleted += Long.parseLong(m.group(3));
      put += Long.parseLong(m.group(4));
    }
    return new Lists(tasks, threads, millis, deleted, put, seconds);
  }
}
