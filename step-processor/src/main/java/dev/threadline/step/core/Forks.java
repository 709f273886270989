package dev.threadline.step.core;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * What a fork is made of: a thread forks into a new one that goes on from its state at an event of
 * its log ({@link Point}), copying its window's messages and values then ({@link Copy}); the new
 * thread is born with the forked one's agent and env ({@link Birth}) and takes the copies in seeds
 * ({@link Seed}).
 */
public final class Forks {
  private Forks() {}

  /** In key order, so what is made of it is made the same way on every replay. */
  static <V> Map<String, V> sorted(Map<String, V> map) {
    return Collections.unmodifiableMap(new TreeMap<>(map));
  }

  /**
   * Where the fork goes on from: event {@code atSeq}, where the window ran from message {@code
   * fromMessageSeq} to {@code atMessageSeq} (0: no message yet); {@code valuesChanged}, the keys
   * written since, each with its value then (null: none).
   */
  public record Point(
      String newThreadId,
      long atSeq,
      long fromMessageSeq,
      long atMessageSeq,
      Map<String, String> valuesChanged) {
    public Point {
      valuesChanged = Collections.unmodifiableMap(new TreeMap<>(valuesChanged));
    }
  }

  /** What the shell read to copy: the window's messages then, and the values of now. */
  public record Copy(List<Values.Message> prefix, Map<String, String> valuesNow) {
    public static final Copy NONE = new Copy(List.of(), Map.of());

    public Copy {
      prefix = List.copyOf(prefix);
      valuesNow = sorted(valuesNow);
    }

    /** The window of {@code point} read by {@code window(from, until)}, with the values of now. */
    public static Copy read(
        Point point,
        BiFunction<Long, Long, List<Values.Message>> window,
        Map<String, String> valuesNow) {
      boolean some = point.atMessageSeq() >= point.fromMessageSeq() && point.fromMessageSeq() > 0;
      return new Copy(
          some ? window.apply(point.fromMessageSeq(), point.atMessageSeq() + 1) : List.of(),
          valuesNow);
    }
  }

  /** {@code fork} with what it copies read: the window's messages, and the values of now. */
  public static Input.Fork reading(
      Input.Fork fork,
      BiFunction<Long, Long, List<Values.Message>> window,
      Map<String, String> valuesNow) {
    return new Input.Fork(
        fork.commandId(),
        fork.tenantId(),
        fork.at(),
        fork.point(),
        Copy.read(fork.point(), window, valuesNow));
  }

  /** The new thread at its birth: the forked thread's agent, env and metadata, seeds to come. */
  public record Birth(
      String agentName,
      AgentSnapshot agent,
      Map<String, String> metadata,
      Map<String, Env.Value> env,
      String fromThreadId,
      long atSeq,
      int seeds) {
    public Birth {
      metadata = sorted(metadata);
      env = sorted(env);
    }
  }

  /** Seed {@code index}: copied messages to append, values to write. */
  public record Seed(
      String fromThreadId, int index, List<Values.Message> messages, Map<String, String> values) {
    public Seed {
      messages = List.copyOf(messages);
      values = sorted(values);
    }
  }
}
