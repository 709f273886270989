package dev.threadline.deploy;

import dev.threadline.sealing.EventSeal;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The processes of a local stack: each started in its own JVM with its output appended to {@code
 * logs/<name>.log} and its pid recorded (so {@code ./threadline down} finds it), waited for until
 * it is ready, and stopped in reverse order of start. Once {@linkplain #supervise supervised}, a
 * process that dies is started again with the same command line, after 1 s, then 2, 4 … 30 s while
 * it keeps dying (as compose's restart policy or Kubernetes would), saying so on standard error.
 */
final class StackProcesses {
  private static final Duration FIRST_PAUSE = Duration.ofSeconds(1);
  private static final Duration MAX_PAUSE = Duration.ofSeconds(30);

  /** A process that ran this long before dying starts again after the first pause. */
  private static final Duration STABLE = Duration.ofMinutes(1);

  private final Path home;
  private final String apiKey;
  private final List<Process> processes = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final Map<String, Process> named = new java.util.concurrent.ConcurrentHashMap<>();
  private final Map<String, ProcessBuilder> builders =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final Map<String, Duration> pauses = new java.util.concurrent.ConcurrentHashMap<>();
  private final Map<String, Long> startedAt = new java.util.concurrent.ConcurrentHashMap<>();
  private final Map<String, Long> heldUntil = new java.util.concurrent.ConcurrentHashMap<>();
  private volatile boolean supervising;
  private volatile boolean stopping;

  /** Processes {@link #stop}ped on purpose: their exit is neither reported nor answered. */
  private final java.util.Set<Process> stoppedOnPurpose =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  StackProcesses(Path home, String apiKey) {
    this.home = home;
    this.apiKey = apiKey;
    try {
      this.secretsKey = ApiKey.secretsKey(home);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The operator's key the ingest seals secrets with and the executor opens them with. */
  private final String secretsKey;

  /**
   * The operator's key the step processor wraps each thread's data key with (and readers open);
   * null: the services write events in the clear.
   */
  private volatile String eventsKey;

  String eventsKey() {
    return eventsKey;
  }

  /** The services started from now on seal events with the stack's kept events key. */
  void sealEvents() throws IOException {
    this.eventsKey = ApiKey.eventsKey(home);
  }

  /**
   * The services' own credential for this run (the executor reading a tool's thread from the
   * projector): random, never shown, gone with the stack.
   */
  private final String internalToken = newToken();

  private static String newToken() {
    byte[] bytes = new byte[32];
    new java.security.SecureRandom().nextBytes(bytes);
    return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** Starts {@code java args…} in the stack's folder. */
  void spawn(String name, List<String> args) throws IOException {
    spawnIn(home, name, args);
  }

  void spawnIn(Path dir, String name, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command);
    // The keys go by environment, not on the command line where ps would show them.
    builder.environment().put("THREADLINE_API_KEY", apiKey);
    builder.environment().put("THREADLINE_INTERNAL_TOKEN", internalToken);
    builder.environment().put("THREADLINE_SECRETS_KEY", secretsKey);
    if (eventsKey != null) {
      builder.environment().put(EventSeal.ENV, eventsKey);
    } else {
      builder.environment().remove(EventSeal.ENV);
    }
    // One machine, several services: an ops port set for one would be taken twice.
    builder.environment().remove("THREADLINE_OPS_PORT");
    builder
        .directory(dir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log(name).toFile()));
    builders.put(name, builder);
    start(name);
  }

  private void start(String name) throws IOException {
    Process process = builders.get(name).start();
    Process previous = named.put(name, process);
    if (previous != null) {
      processes.set(processes.indexOf(previous), process);
    } else {
      processes.add(process);
    }
    startedAt.put(name, System.nanoTime());
    Pids.record(home, name, process.pid());
    process.onExit().thenRun(() -> exited(name, process));
  }

  /**
   * Keeps {@code name} down for {@code duration} from now if it dies (chaos: an outage longer than
   * a restart).
   */
  void holdRestart(String name, Duration duration) {
    heldUntil.put(name, System.nanoTime() + duration.toNanos());
  }

  /**
   * Stops {@code name} (SIGTERM, then SIGKILL after 20 s) and waits until it has exited; it stays
   * down until {@link #release}d or spawned again.
   */
  void stop(String name) throws InterruptedException {
    Process process = named.get(name);
    if (process != null) {
      stoppedOnPurpose.add(process);
      process.destroy();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    }
  }

  /** Ends a {@link #holdRestart}: {@code name} is started again now if it is not running. */
  void release(String name) throws IOException {
    heldUntil.remove(name);
    Process process = named.get(name);
    if (process != null && !process.isAlive() && !stopping) {
      start(name);
      System.err.println(name + " started again (pid " + named.get(name).pid() + ")");
    }
  }

  /** From now on, a process that dies is started again (until {@link #stopAll}). */
  void supervise() {
    supervising = true;
    named.forEach(
        (name, process) -> {
          if (!process.isAlive()) {
            exited(name, process);
          }
        });
  }

  private void exited(String name, Process process) {
    // Forgotten whichever way it ended, so the set holds only processes still stopping.
    boolean onPurpose = stoppedOnPurpose.remove(process);
    if (stopping || named.get(name) != process || onPurpose) {
      return;
    }
    System.err.println(name + " exited with " + process.exitValue() + "; see " + log(name));
    if (!supervising) {
      return;
    }
    boolean wasStable = System.nanoTime() - startedAt.get(name) > STABLE.toNanos();
    Duration backOff = wasStable ? FIRST_PAUSE : pauses.getOrDefault(name, FIRST_PAUSE);
    pauses.put(
        name,
        backOff.multipliedBy(2).compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : backOff.multipliedBy(2));
    long held = heldUntil.getOrDefault(name, 0L) - System.nanoTime();
    Duration pause = held > backOff.toNanos() ? Duration.ofNanos(held) : backOff;
    Thread.ofVirtual()
        .start(
            () -> {
              try {
                Thread.sleep(pause);
                // Not if it was started again meanwhile (release).
                if (!stopping && named.get(name) == process) {
                  start(name);
                  System.err.println(
                      name
                          + " restarted after "
                          + pause.toSeconds()
                          + " s (pid "
                          + named.get(name).pid()
                          + ")");
                }
              } catch (IOException | InterruptedException e) {
                System.err.println("could not restart " + name + ": " + e);
              }
            });
  }

  /**
   * The last {@code lines} lines of {@code file}, so a failure names its cause where it is read.
   */
  static String tail(Path file, int lines) {
    try (var all = java.nio.file.Files.lines(file)) {
      List<String> kept = all.collect(java.util.stream.Collectors.toList());
      return String.join("\n", kept.subList(Math.max(0, kept.size() - lines), kept.size()));
    } catch (IOException | java.io.UncheckedIOException e) {
      return "(" + file + " unreadable: " + e.getMessage() + ")";
    }
  }

  /** When {@code name} was last started ({@link System#nanoTime}), or 0 if it never was. */
  long startedAt(String name) {
    return startedAt.getOrDefault(name, 0L);
  }

  Path log(String name) {
    return home.resolve("logs/" + name + ".log");
  }

  /** The process id of each process started, by name (kafka, registry, …). */
  Map<String, Long> pids() {
    Map<String, Long> pids = new LinkedHashMap<>();
    named.forEach((name, process) -> pids.put(name, process.pid()));
    return pids;
  }

  /** Waits until {@code url} answers 200. */
  void awaitHttp(Duration timeout, String what, String url) throws InterruptedException {
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest probe =
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build();
    await(
        timeout,
        what,
        () -> {
          try {
            return http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
          } catch (IOException e) {
            return false;
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
          }
        });
  }

  /** Waits until {@code ready}; fails at once if a process of the stack exits meanwhile. */
  void await(Duration timeout, String what, BooleanSupplier ready) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!ready.getAsBoolean()) {
      for (Map.Entry<String, Process> p : named.entrySet()) {
        if (!p.getValue().isAlive()) {
          throw new IllegalStateException(
              p.getKey()
                  + " exited while waiting for "
                  + what
                  + "; the end of "
                  + log(p.getKey())
                  + ":\n"
                  + tail(log(p.getKey()), 15));
        }
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            what
                + " was not ready after "
                + timeout.toSeconds()
                + " s; see "
                + home.resolve("logs"));
      }
      Thread.sleep(250);
    }
  }

  /** Stops the last started first: the services, then the registry, then the broker. */
  void stopAll() {
    stopping = true;
    List<Process> reversed = new ArrayList<>(processes);
    Collections.reverse(reversed);
    for (Process p : reversed) {
      p.destroy();
      try {
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    processes.clear();
    named.clear();
    Pids.clear(home);
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The JVM options in environment variable {@code variable}, or {@code defaults}. */
  static List<String> jvmOptions(String variable, List<String> defaults) {
    String given = System.getenv(variable);
    return given == null || given.isBlank() ? defaults : List.of(given.trim().split("\\s+"));
  }
}
