package dev.threadline.executor.model;

import dev.threadline.avro.ModelRequest;

/**
 * One way of answering model requests, chosen by {@code ModelRequest.model.provider}. Called on a
 * virtual thread; may block. Must not throw: failures are {@link ModelOutcome.Failure}s.
 */
public interface ModelProvider {
  String name();

  ModelOutcome complete(ModelRequest request, DeltaSink deltas);
}
