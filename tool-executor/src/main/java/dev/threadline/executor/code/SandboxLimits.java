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
