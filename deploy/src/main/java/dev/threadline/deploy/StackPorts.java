package dev.threadline.deploy;

/**
 * Where the stack listens: the first broker's port (each broker takes two from there), the
 * registry's, the ingest service's and the first projector's.
 */
record StackPorts(int kafka, int registry, int ingest, int projector) {

  /** Free ports, for a stack that must not collide with one already running (bench, chaos). */
  static StackPorts free(int brokers) throws Exception {
    return new StackPorts(
        Bench.freePort(2 * brokers), Bench.freePort(2), Bench.freePort(1), Bench.freePort(1));
  }
}
