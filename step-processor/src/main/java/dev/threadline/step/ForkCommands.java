package dev.threadline.step;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.CreateFork;
import dev.threadline.avro.ForkSeed;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values;
import dev.threadline.step.mapping.AgentMapping;
import dev.threadline.step.mapping.ValueMapping;
import dev.threadline.topics.CommandEnvelope;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The commands a fork writes to its new thread: its creation, then its seeds — the copied messages
 * and the values, in order, each seed as much as a record holds ({@code seedBytes}). A message's
 * attachments are copied into the new thread's folder, so the fork reads its own files.
 */
final class ForkCommands {
  private ForkCommands() {}

  static List<ThreadCommand> of(
      MachineState from, Output.ForkThread fork, long ts, BlobStore blobs, int seedBytes) {
    List<ForkSeed> seeds = seeds(from, fork, blobs, seedBytes);
    Map<String, String> metadata = new TreeMap<>(fork.metadata());
    metadata.put("forkedFrom", from.threadId());
    metadata.put("forkedAtSeq", String.valueOf(fork.atSeq()));
    CreateFork create =
        CreateFork.newBuilder()
            .setAgentName(fork.agentName())
            .setAgent(AgentMapping.toAvro(fork.agent()))
            .setMetadata(metadata)
            .setEnv(ValueMapping.envToAvro(fork.env()))
            .setFromThreadId(from.threadId())
            .setAtSeq(fork.atSeq())
            .setSeeds(seeds.size())
            .build();
    List<ThreadCommand> commands = new ArrayList<>();
    String base = fork.newThreadId() + "/fork";
    commands.add(command(base, from, fork.newThreadId(), ts, create));
    for (int i = 0; i < seeds.size(); i++) {
      commands.add(command(base + "-seed-" + i, from, fork.newThreadId(), ts, seeds.get(i)));
    }
    return commands;
  }

  /** The seeds, at least one: messages first, then values, none over {@code seedBytes}. */
  private static List<ForkSeed> seeds(
      MachineState from, Output.ForkThread fork, BlobStore blobs, int seedBytes) {
    List<ForkSeed> seeds = new ArrayList<>();
    List<ChatMessage> messages = new ArrayList<>();
    Map<String, String> values = new LinkedHashMap<>();
    long bytes = 0;
    for (Values.Message m : fork.messages()) {
      ChatMessage copy = ValueMapping.message(withOwnFiles(from, m, fork.newThreadId(), blobs));
      long size = size(copy.toString());
      if (bytes + size > seedBytes && !messages.isEmpty()) {
        seeds.add(seed(from, seeds.size(), messages, values));
        messages = new ArrayList<>();
        bytes = 0;
      }
      messages.add(copy);
      bytes += size;
    }
    for (Map.Entry<String, String> v : new TreeMap<>(fork.values()).entrySet()) {
      long size = size(v.getKey()) + size(v.getValue());
      if (bytes + size > seedBytes && (!messages.isEmpty() || !values.isEmpty())) {
        seeds.add(seed(from, seeds.size(), messages, values));
        messages = new ArrayList<>();
        values = new LinkedHashMap<>();
        bytes = 0;
      }
      values.put(v.getKey(), v.getValue());
      bytes += size;
    }
    seeds.add(seed(from, seeds.size(), messages, values));
    return seeds;
  }

  private static ForkSeed seed(
      MachineState from, int index, List<ChatMessage> messages, Map<String, String> values) {
    return ForkSeed.newBuilder()
        .setFromThreadId(from.threadId())
        .setIndex(index)
        .setMessages(messages)
        .setValues(values)
        .build();
  }

  /** {@code m}, its attachments copied into the fork's folder (a message without any as it is). */
  private static Values.Message withOwnFiles(
      MachineState from, Values.Message m, String forkId, BlobStore blobs) {
    if (m.attachments().isEmpty()) {
      return m;
    }
    List<Values.Attachment> copied =
        blobs.copy(from.tenantId(), from.threadId(), m.attachments(), forkId);
    return new Values.Message(
        m.role(),
        m.content(),
        m.toolCalls(),
        m.toolCallId(),
        m.toolName(),
        m.isError(),
        m.origin(),
        m.channel(),
        m.sender(),
        copied,
        m.providerItems());
  }

  private static long size(String text) {
    return text == null ? 0 : text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static ThreadCommand command(
      String id, MachineState from, String threadId, long ts, Object payload) {
    return CommandEnvelope.of(id, from.tenantId(), threadId, Instant.ofEpochMilli(ts), payload);
  }
}
