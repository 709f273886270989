package dev.threadline.topics;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ToolCall;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes messages that stay on the heap — the contexts {@link ModelContexts} keeps as the base of
 * each thread's next request — hold fewer objects of their own. Kept contexts are most of what an
 * executor's young collections copy (each new message is copied once into a survivor space and once
 * into the old generation; a full collection visits every one of them): a decoded message holds an
 * Avro list for its tool calls and one for its attachments even when they are empty, and a string
 * of its own for every tool name, channel and sender it repeats. Empty lists become the one shared
 * immutable empty list, and names become one shared string per distinct name — up to {@link
 * #MAX_NAMES}, so a stream of distinct names cannot grow the pool without bound (names past it are
 * kept as they came). A message's value does not change: it is equal to what it was, hashes and
 * encodes the same.
 */
final class KeptMessages {
  /** How many distinct names are shared at most. */
  static final int MAX_NAMES = 4_096;

  /** Longer strings are content rather than names, and are kept as they came. */
  static final int MAX_NAME_CHARS = 128;

  private final ConcurrentHashMap<String, String> names = new ConcurrentHashMap<>();

  /** Compacts {@code message} in place. */
  void compact(ChatMessage message) {
    if (message.getToolCalls().isEmpty()) {
      message.setToolCalls(List.of());
    } else {
      for (ToolCall call : message.getToolCalls()) {
        call.setName(name(call.getName()));
      }
    }
    if (message.getAttachments().isEmpty()) {
      message.setAttachments(List.of());
    }
    message.setToolName(name(message.getToolName()));
    message.setChannel(name(message.getChannel()));
    message.setSender(name(message.getSender()));
  }

  /** The shared copy of {@code name}, or {@code name} itself when it is not shared. */
  String name(String name) {
    if (name == null || name.length() > MAX_NAME_CHARS) {
      return name;
    }
    String shared = names.get(name);
    if (shared != null || names.size() >= MAX_NAMES) {
      return shared != null ? shared : name;
    }
    shared = names.putIfAbsent(name, name);
    return shared != null ? shared : name;
  }
}
