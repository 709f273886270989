package dev.threadline.executor.code;

/**
 * What one executor lets code use: memory per call by default and at most (the sandbox counts the
 * bytes a call allocates: the engine has no heap accounting — docs/tools.md), CPU per call before
 * the safety cap stops it, calls at once in all and per tenant, and captured log lines.
 */
public record SandboxLimits(
    long defaultMemoryBytes,
    long maxMemoryBytes,
    long cpuCapMillis,
    int concurrentCalls,
    int concurrentCallsPerTenant,
    int maxLogLines,
    long maxLogChars) {

  public static SandboxLimits defaults() {
    return new SandboxLimits(256L << 20, 1L << 30, 10_000, 4, 2, 1_000, 256_000);
  }

  /** The limits {@code threadline.code.*} settings give, the defaults for those not set. */
  public static SandboxLimits from(java.util.Map<String, String> settings) {
    SandboxLimits d = defaults();
    SandboxLimits limits =
        new SandboxLimits(
            positive(settings, "threadline.code.memory.default.bytes", d.defaultMemoryBytes()),
            positive(settings, "threadline.code.memory.max.bytes", d.maxMemoryBytes()),
            positive(settings, "threadline.code.cpu.cap.ms", d.cpuCapMillis()),
            (int) positive(settings, "threadline.code.concurrent.calls", d.concurrentCalls()),
            (int)
                positive(
                    settings,
                    "threadline.code.concurrent.calls.per.tenant",
                    d.concurrentCallsPerTenant()),
            d.maxLogLines(),
            d.maxLogChars());
    if (limits.defaultMemoryBytes() > limits.maxMemoryBytes()) {
      throw new IllegalArgumentException(
          "threadline.code.memory.default.bytes is above threadline.code.memory.max.bytes");
    }
    return limits;
  }

  private static long positive(java.util.Map<String, String> settings, String key, long fallback) {
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
        concurrentCalls,
        concurrentCallsPerTenant,
        maxLogLines,
        maxLogChars);
  }
}
