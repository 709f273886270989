package dev.threadline.step;

import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the golden transcripts exercised, by type: a lock is only as good as what it covers, so the
 * test asserts that every input, output and event type of the core occurs in them.
 */
final class GoldenCoverage {
  final Set<String> inputs = new TreeSet<>();
  final Set<String> outputs = new TreeSet<>();
  final Set<String> events = new TreeSet<>();
  final Set<String> turnEnds = new TreeSet<>();
  final Set<String> triggers = new TreeSet<>();
  final Set<String> queuedKinds = new TreeSet<>();
  final Set<String> childUpdates = new TreeSet<>();
  final Set<String> rejections = new TreeSet<>();
  final Set<String> toolErrors = new TreeSet<>();
  final Set<String> modelErrors = new TreeSet<>();
  final Set<String> limitsHit = new TreeSet<>();

  void input(Input input) {
    inputs.add(input.getClass().getSimpleName());
  }

  void output(Output output) {
    outputs.add(output.getClass().getSimpleName());
  }

  void event(Event.Payload payload) {
    events.add(payload.getClass().getSimpleName());
    switch (payload) {
      case Event.TurnCompleted t -> turnEnds.add(t.reason().wire());
      case Event.TurnStarted t -> triggers.add(t.trigger().wire());
      case Event.MessageQueued q -> queuedKinds.add(q.kind().wire());
      case Event.ChildStatusUpdated u -> childUpdates.add(u.kind().wire());
      case Event.CommandRejected r -> {
        rejections.add(gist(r.reason()));
        limits(r.reason());
      }
      case Event.ToolCallCompleted c when c.error() != null -> {
        toolErrors.add(gist(c.error()));
        limits(c.error());
      }
      case Event.ModelCallFailed f -> {
        modelErrors.add(f.code());
        limits(f.message());
      }
      default -> {}
    }
  }

  private static final java.util.regex.Pattern LIMIT =
      java.util.regex.Pattern.compile("threadline\\.limits\\.([a-z.]+[a-z])");

  /** The limits a refusal names. */
  private void limits(String text) {
    if (text != null) {
      LIMIT.matcher(text).results().forEach(m -> limitsHit.add(m.group(1)));
    }
  }

  /** The first words of a reason: what kind of refusal it is, without its particulars. */
  private static String gist(String reason) {
    String[] words = reason.split("[ :;(']+");
    return String.join(" ", java.util.Arrays.copyOf(words, Math.min(3, words.length)));
  }

  /** The names of the concrete records permitted under a sealed interface, recursively. */
  static Set<String> concrete(Class<?> sealed) {
    Set<String> names = new TreeSet<>();
    List<Class<?>> todo = new ArrayList<>(List.of(sealed));
    while (!todo.isEmpty()) {
      Class<?> type = todo.removeLast();
      if (type.isSealed()) {
        todo.addAll(List.of(type.getPermittedSubclasses()));
      } else {
        names.add(type.getSimpleName());
      }
    }
    return names;
  }
}
