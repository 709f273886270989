package dev.threadline.executor.code;

import java.util.Map;

/**
 * What one executor lets code use: memory per call by default and at most (the sandbox counts the
 * bytes a call allocates: the engine has no heap accounting — docs/tools.md), CPU per call before
 * the safety cap stops it, how long a call may wait on the host with nothing to run, calls at once
 * in all and per tenant, and captured log lines.
 *
 * <p>Scripts share the executor's heap with every tenant's model calls, so the calls that may run
 * at once times the most each may allocate can never exceed the memory set aside for code ({@link
 * #from} refuses such settings at start): a script that allocates all it may and then holds it
 * cannot exhaust the heap.
 */
public record SandboxLimits(
    long defaultMemoryBytes,
    long maxMemoryBytes,
    long cpuCapMillis,
    long idleCapMillis,
    int concurrentCalls,
    int concurrentCallsPerTenant,
    int maxLogLines,
    long maxLogChars) {

  static final String DEFAULT_MEMORY = "threadline.code.memory.default.bytes";
  static final String MAX_MEMORY = "threadline.code.memory.max.bytes";
  static final String RESERVED_MEMORY = "threadline.code.memory.reserved.bytes";
  static final String CPU_CAP = "threadline.code.cpu.cap.ms";
  static final String IDLE_CAP = "threadline.code.idle.cap.ms";
  static final String CONCURRENT = "threadline.code.concurrent.calls";
  static final String PER_TENANT = "threadline.code.concurrent.calls.per.tenant";

  /** The share of the heap set aside for code when {@value #RESERVED_MEMORY} is not set. */
  static final int RESERVED_HEAP_DIVISOR = 3;

  /** Two calls of at most 64 MiB each, one per tenant: 128 MiB, a third of a 384 MiB heap. */
  public static SandboxLimits defaults() {
    return new SandboxLimits(64L << 20, 64L << 20, 10_000, 30_000, 2, 1, 1_000, 256_000);
  }

  /**
   * The limits {@code threadline.code.*} settings give (the defaults for those not set), checked
   * against the memory set aside for code: {@value #RESERVED_MEMORY}, or a third of {@code
   * maxHeapBytes}, and never more than half of it.
   */
  public static SandboxLimits from(Map<String, String> settings, long maxHeapBytes) {
    SandboxLimits d = defaults();
    SandboxLimits limits =
        new SandboxLimits(
            positive(settings, DEFAULT_MEMORY, d.defaultMemoryBytes()),
            positive(settings, MAX_MEMORY, d.maxMemoryBytes()),
            positive(settings, CPU_CAP, d.cpuCapMillis()),
            positive(settings, IDLE_CAP, d.idleCapMillis()),
            (int) positive(settings, CONCURRENT, d.concurrentCalls()),
            (int) positive(settings, PER_TENANT, d.concurrentCallsPerTenant()),
            d.maxLogLines(),
            d.maxLogChars());
    if (limits.defaultMemoryBytes() > limits.maxMemoryBytes()) {
      throw new IllegalArgumentException(DEFAULT_MEMORY + " is above " + MAX_MEMORY);
    }
    long reserved = positive(settings, RESERVED_MEMORY, maxHeapBytes / RESERVED_HEAP_DIVISOR);
    if (reserved > maxHeapBytes / 2) {
      throw new IllegalArgumentException(
          RESERVED_MEMORY
              + " ("
              + mib(reserved)
              + ") is more than half the executor's heap ("
              + mib(maxHeapBytes)
              + ", -Xmx): model calls need the rest; lower it or give the executor more heap");
    }
    long worst = limits.concurrentCalls() * limits.maxMemoryBytes();
    if (worst > reserved) {
      throw new IllegalArgumentException(
          CONCURRENT
              + " ("
              + limits.concurrentCalls()
              + ") times "
              + MAX_MEMORY
              + " ("
              + mib(limits.maxMemoryBytes())
              + ") is "
              + mib(worst)
              + ", more than the memory set aside for code, "
              + RESERVED_MEMORY
              + " ("
              + mib(reserved)
              + (settings.containsKey(RESERVED_MEMORY) ? "" : ": a third of the heap by default")
              + "); lower one of the first two, or raise the last");
    }
    if (limits.concurrentCallsPerTenant() > limits.concurrentCalls()) {
      throw new IllegalArgumentException(PER_TENANT + " is above " + CONCURRENT);
    }
    return limits;
  }

  private static String mib(long bytes) {
    return (bytes >> 20) + " MiB";
  }

  private static long positive(Map<String, String> settings, String key, long fallback) {
    String value = settings.get(key);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    long parsed;
    try {
      parsed = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number, not '" + value + "'");
    }
    if (parsed <= 0) {
      throw new IllegalArgumentException(key + " must be positive, not " + parsed);
    }
    return parsed;
  }

  public SandboxLimits withCpuCapMillis(long value) {
    return new SandboxLimits(
        defaultMemoryBytes,
        maxMemoryBytes,
        value,
        idleCapMillis,
        concurrentCalls,
        concurrentCallsPerTenant,
        maxLogLines,
        maxLogChars);
  }

  public SandboxLimits withIdleCapMillis(long value) {
    return new SandboxLimits(
        defaultMemoryBytes,
        maxMemoryBytes,
        cpuCapMillis,
        value,
        concurrentCalls,
        concurrentCallsPerTenant,
        maxLogLines,
        maxLogChars);
  }

  public SandboxLimits withMemory(long defaultBytes, long maxBytes) {
    return new SandboxLimits(
        defaultBytes,
        maxBytes,
        cpuCapMillis,
        idleCapMillis,
        concurrentCalls,
        concurrentCallsPerTenant,
        maxLogLines,
        maxLogChars);
  }

  public SandboxLimits withConcurrency(int calls, int perTenant) {
    return new SandboxLimits(
        defaultMemoryBytes,
        maxMemoryBytes,
        cpuCapMillis,
        idleCapMillis,
        calls,
        perTenant,
        maxLogLines,
        maxLogChars);
  }
}
