package dev.threadline.executor.model;

/** Receives streamed fragments of a model's text answer, in order. */
@FunctionalInterface
public interface DeltaSink {
  DeltaSink NONE = (index, text) -> {};

  void delta(int index, String text);
}
