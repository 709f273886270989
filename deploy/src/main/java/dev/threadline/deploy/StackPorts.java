package dev.threadline.deploy;

/**
 * Where the stack listens: the first broker's port (each broker takes two from there), the
 * registry's, the ingest service's, the first projector's, and the first ops port (health and
 * metrics: the step processor, executor and projector of each instance take three from there; 0 for
 * none).
 */
record StackPorts(int kafka, int registry, int ingest, int projector, int ops) {
  /** The services with an ops port, in the order they take them. */
  static final java.util.List<String> OPS_SERVICES =
      java.util.List.of("step-processor", "tool-executor", "projector");

  /**
   * Free ports, for a stack that must not collide with one already running (bench, chaos); no ops
   * ports, which only a person looking at the stack needs.
   */
  static StackPorts free(int brokers) throws Exception {
    return new StackPorts(
        FreePorts.range(2 * brokers),
        FreePorts.range(2),
        FreePorts.range(1),
        FreePorts.range(1),
        0);
  }

  /** The ops port of {@code service}'s {@code instance} (from 1), or 0 for none. */
  int ops(String service, int instance) {
    int index = OPS_SERVICES.indexOf(service);
    if (index < 0) {
      throw new IllegalArgumentException("no ops port for " + service);
    }
    return ops == 0 ? 0 : ops + OPS_SERVICES.size() * (instance - 1) + index;
  }
}
