package dev.threadline.executor.code;

import com.sun.management.ThreadMXBean;
import dev.threadline.executor.code.CodeResult.CodeError;
import dev.threadline.executor.code.CodeResult.Status;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Source;

/**
 * {@code runCode}'s engine (spec §13): every call gets a fresh GraalJS context — its own realm,
 * intrinsics and module map — that sees only ECMAScript's intrinsics, cannot evaluate strings as
 * code (nor run code from a string: {@link SandboxWall}), reach the host, a file, a socket or a
 * thread, and is cancelled at once when stopped. A watchdog stops a call that allocates past its
 * memory or burns CPU past the safety cap. One engine is shared, so that calls share parsed code,
 * never state.
 */
public final class CodeSandbox implements AutoCloseable {
  private static final Map<String, String> OPTIONS =
      Map.ofEntries(
          Map.entry("js.disable-eval", "true"),
          Map.entry("js.shared-array-buffer", "false"),
          Map.entry("js.atomics", "false"),
          Map.entry("js.graal-builtin", "false"),
          Map.entry("js.polyglot-builtin", "false"),
          Map.entry("js.console", "false"),
          Map.entry("js.print", "false"),
          Map.entry("js.load", "false"),
          Map.entry("js.global-arguments", "false"),
          Map.entry("js.java-package-globals", "false"),
          Map.entry("js.performance", "false"));
  private static final AtomicInteger THREADS = new AtomicInteger();

  /** The most characters of source, the caller's and its modules' together, one call may have. */
  public static final int MAX_SOURCE_CHARS = 1_000_000;

  /**
   * No host class, method or field is reachable (host functions enter as proxies); every context of
   * the shared engine must use this same instance.
   */
  static final HostAccess NO_HOST_ACCESS = HostAccess.newBuilder().build();

  private final SandboxLimits limits;
  private final Engine engine;
  private final TypeEraser eraser;
  private final Source helper;
  private final Semaphore calls;
  private final Map<String, Semaphore> tenantCalls = new ConcurrentHashMap<>();
  private final List<Watched> watchedRuns = new ArrayList<>();
  private final ScheduledExecutorService watchdog;
  private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();

  /**
   * The largest single allocations a call can ask for. The watchdog sees allocations only after
   * they happened, and an {@code ArrayBuffer} or a string is allocated at once: without these one
   * {@code new ArrayBuffer(4e8)} would take the heap before any check. A typed array's elements and
   * a buffer's bytes are capped at an eighth of the ceiling (a Float64Array then holds at most the
   * ceiling), a string's characters at a quarter (two bytes each at most).
   */
  private final Map<String, String> allocationCaps;

  public CodeSandbox(SandboxLimits limits) {
    this.limits = limits;
    this.allocationCaps =
        Map.of(
            "js.max-typed-array-length",
            String.valueOf(Math.max(1, limits.maxMemoryBytes() / 8)),
            "js.string-length-limit",
            String.valueOf(Math.max(1, Math.min(Integer.MAX_VALUE, limits.maxMemoryBytes() / 4))));
    this.engine =
        Engine.newBuilder("js")
            .allowExperimentalOptions(true)
            .out(OutputStream.nullOutputStream())
            .err(OutputStream.nullOutputStream())
            .option("engine.WarnInterpreterOnly", "false")
            .option(SandboxWall.OPTION, "true")
            .build();
    this.eraser = new TypeEraser(engine);
    this.helper =
        Source.newBuilder("js", resource("sandbox-helper.js"), "sandbox-helper.js").buildLiteral();
    this.calls = new Semaphore(limits.concurrentCalls(), true);
    this.watchdog =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("code-sandbox-watchdog").unstarted(r));
    watchdog.scheduleWithFixedDelay(this::watch, 5, 5, TimeUnit.MILLISECONDS);
  }

  /**
   * Starts {@code source} for {@code tenant}; waits while the executor, or the tenant, already runs
   * as many calls as it may.
   */
  public CodeExecution run(String tenant, String source, CodeOptions options)
      throws InterruptedException {
    SandboxRun run = new SandboxRun(limits);
    long memory =
        options.memoryLimitBytes() == null
            ? limits.defaultMemoryBytes()
            : options.memoryLimitBytes();
    long effectiveMemory = Math.min(memory, limits.maxMemoryBytes());
    List<String> globalNames = new ArrayList<>(options.globals().keySet());
    if (!globalNames.contains("console")) {
      globalNames.add("console");
    }
    Prepared start = prepare(source, options, memory, globalNames);
    if (start.refused() != null) {
      run.result().complete(start.refused());
      return run;
    }
    SandboxModules.Prepared modules = start.modules();
    Semaphore tenantSlots =
        tenantCalls.computeIfAbsent(
            tenant, t -> new Semaphore(limits.concurrentCallsPerTenant(), true));
    tenantSlots.acquire();
    try {
      calls.acquire();
    } catch (InterruptedException e) {
      tenantSlots.release();
      throw e;
    }
    Context.Builder builder =
        Context.newBuilder("js")
            .engine(engine)
            .allowExperimentalOptions(true)
            .options(OPTIONS)
            .options(allocationCaps)
            .allowHostAccess(NO_HOST_ACCESS)
            .out(OutputStream.nullOutputStream())
            .err(OutputStream.nullOutputStream());
    Thread.ofPlatform()
        .daemon()
        .name("code-sandbox-" + THREADS.incrementAndGet())
        .start(
            () -> {
              Watched watched = new Watched(run, effectiveMemory, memory > effectiveMemory);
              synchronized (watchedRuns) {
                watchedRuns.add(watched);
              }
              try {
                run.run(builder, modules, options, helper);
              } finally {
                synchronized (watchedRuns) {
                  watchedRuns.remove(watched);
                }
                calls.release();
                tenantSlots.release();
              }
            });
    return run;
  }

  /**
   * Why a call cannot start, settled before any of its code runs: too much source, a memory limit
   * that is not positive, a module that cannot be linked, a type the eraser cannot parse.
   */
  private Prepared prepare(
      String source, CodeOptions options, long memory, List<String> globalNames) {
    long chars =
        source.length() + options.modules().values().stream().mapToLong(String::length).sum();
    if (chars > MAX_SOURCE_CHARS) {
      return refused(
          Status.ERROR,
          CodeError.of(
              "RangeError",
              "the code and its modules are "
                  + chars
                  + " characters; at most "
                  + MAX_SOURCE_CHARS));
    }
    if (memory <= 0) {
      return refused(
          Status.ERROR,
          CodeError.of("RangeError", "options.memoryLimitBytes must be positive, not " + memory));
    }
    try {
      String hostKey = "__threadline_host_" + UUID.randomUUID().toString().replace("-", "");
      return new Prepared(
          SandboxModules.prepare(source, options, globalNames, hostKey, eraser), null);
    } catch (SandboxModules.LinkRefusal e) {
      return refused(
          Status.LINK_ERROR, new CodeError("LinkError", e.getMessage(), e.line, e.column));
    } catch (TypeEraser.EraseError e) {
      return refused(Status.ERROR, new CodeError("SyntaxError", e.getMessage(), e.line, e.column));
    }
  }

  /** A call's linked modules, or why it cannot start. */
  private record Prepared(SandboxModules.Prepared modules, CodeResult refused) {}

  private static Prepared refused(Status status, CodeError error) {
    return new Prepared(null, CodeResult.failed(status, error, List.of()));
  }

  /** A running call, with what its thread had allocated and used of the CPU when it started. */
  private final class Watched {
    final SandboxRun run;
    final long memoryLimit;
    final boolean clamped;
    final long thread = Thread.currentThread().threadId();
    final long allocatedAtStart = threads.getCurrentThreadAllocatedBytes();
    final long cpuAtStart = threads.getCurrentThreadCpuTime();

    Watched(SandboxRun run, long memoryLimit, boolean clamped) {
      this.run = run;
      this.memoryLimit = memoryLimit;
      this.clamped = clamped;
    }
  }

  private void watch() {
    List<Watched> now;
    synchronized (watchedRuns) {
      now = List.copyOf(watchedRuns);
    }
    for (Watched w : now) {
      long allocated = threads.getThreadAllocatedBytes(w.thread) - w.allocatedAtStart;
      long cpuMillis = (threads.getThreadCpuTime(w.thread) - w.cpuAtStart) / 1_000_000;
      if (allocated > w.memoryLimit) {
        w.run.stop(
            Status.MEMORY,
            "the code allocated more than its memory limit of "
                + w.memoryLimit
                + " bytes"
                + (w.clamped ? " (the executor's ceiling; the limit asked for is above it)" : ""));
      } else if (cpuMillis > limits.cpuCapMillis()) {
        w.run.stop(
            Status.TERMINATED,
            "stopped by the sandbox's safety cap: more than "
                + limits.cpuCapMillis()
                + " ms of CPU (threadline.code.cpu.cap.ms)");
      }
    }
  }

  /** A file of this package's resources, as text. */
  static String resource(String name) {
    try (InputStream in = CodeSandbox.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    watchdog.shutdownNow();
    eraser.close();
    engine.close(true);
  }
}
