package dev.threadline.step;

import dev.threadline.avro.AgentDefinition;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The frozen agents of a task's threads, each kept once: a thread's agent (its team included, up to
 * the record limit) is stored under the SHA-256 of its Avro encoding, beside the count of threads
 * that run it, and each thread keeps only that digest — so ten thousand idle threads of one agent
 * cost one copy, not ten thousand. The copy goes with the last thread that runs it. Threads created
 * before agents were shared keep their own copy in {@link StoreNames#THREAD_AGENT}, read as before.
 *
 * <p>All three stores change in the step's transaction, so a crash never leaves a count that
 * disagrees with the references: a copy is neither leaked nor deleted under a thread.
 */
final class SharedAgents {
  private final KeyValueStore<String, AgentDefinition> copies;
  private final KeyValueStore<String, Long> threadsOfCopy;
  private final KeyValueStore<String, String> copyOfThread;
  private final KeyValueStore<String, AgentDefinition> ownCopies;
  private final SpecificDatumWriter<AgentDefinition> writer =
      new SpecificDatumWriter<>(AgentDefinition.getClassSchema());
  private BinaryEncoder encoder;

  SharedAgents(
      KeyValueStore<String, AgentDefinition> copies,
      KeyValueStore<String, Long> threadsOfCopy,
      KeyValueStore<String, String> copyOfThread,
      KeyValueStore<String, AgentDefinition> ownCopies) {
    this.copies = copies;
    this.threadsOfCopy = threadsOfCopy;
    this.copyOfThread = copyOfThread;
    this.ownCopies = ownCopies;
  }

  /** The agent {@code threadId} froze, or null when it has none stored. */
  AgentDefinition get(String threadId) {
    String digest = copyOfThread.get(threadId);
    return digest == null ? ownCopies.get(threadId) : copies.get(digest);
  }

  /** {@code threadId} runs {@code frozen}: one more thread on its copy (the first stores it). */
  void put(String threadId, AgentDefinition frozen) {
    String digest = digest(frozen);
    String before = copyOfThread.get(threadId);
    if (digest.equals(before)) {
      return; // a thread freezes its agent once; a replayed creation changes nothing
    }
    if (before != null) {
      release(before);
    }
    Long threads = threadsOfCopy.get(digest);
    if (threads == null) {
      copies.put(digest, frozen);
    }
    threadsOfCopy.put(digest, threads == null ? 1 : threads + 1);
    copyOfThread.put(threadId, digest);
  }

  /** {@code threadId} was deleted: one fewer thread on its copy (the last deletes it). */
  void remove(String threadId) {
    String digest = copyOfThread.delete(threadId);
    if (digest != null) {
      release(digest);
    }
    ownCopies.delete(threadId);
  }

  private void release(String digest) {
    Long threads = threadsOfCopy.get(digest);
    if (threads == null || threads <= 1) {
      threadsOfCopy.delete(digest);
      copies.delete(digest);
    } else {
      threadsOfCopy.put(digest, threads - 1);
    }
  }

  /** The SHA-256 of {@code agent}'s Avro binary encoding, in hex: what its copy is stored under. */
  String digest(AgentDefinition agent) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), sha)) {
      encoder = EncoderFactory.get().binaryEncoder(out, encoder);
      writer.write(agent, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("digesting an agent writes to no device", e);
    }
    return HexFormat.of().formatHex(sha.digest());
  }
}
