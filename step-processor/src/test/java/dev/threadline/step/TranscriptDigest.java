package dev.threadline.step;

import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a golden transcript: every record fed with its tag and length, in order — and,
 * when a seed is traced, the same records written as text, to diff against another version's.
 */
final class TranscriptDigest {
  private final MessageDigest digest;
  private PrintWriter trace;

  TranscriptDigest() {
    try {
      this.digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every record fed from now on is also written to {@code trace}, as text, in order. */
  void trace(PrintWriter trace) {
    this.trace = trace;
  }

  void feed(String tag, byte[] bytes) {
    if (trace != null) {
      trace.println(
          tag + " " + new String(bytes, StandardCharsets.UTF_8).replaceAll("[^ -~]", "."));
    }
    digest.update(tag.getBytes(StandardCharsets.UTF_8));
    digest.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
    digest.update(bytes);
  }

  String hex() {
    return HexFormat.of().formatHex(digest.digest());
  }

  /** The parts as one record of the digest: each as text, each ended by a NUL. */
  static byte[] text(Object... parts) {
    StringBuilder b = new StringBuilder();
    for (Object part : parts) {
      b.append(part).append('\u0000');
    }
    return b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * An input's type as the digests name it: its class's simple name, as it was when they were
   * written — an input renamed since is hashed under its old name, since its name is no behaviour.
   */
  static String tag(dev.threadline.step.core.Input input) {
    return input instanceof dev.threadline.step.core.Input.RuleBuiltContinuation
        ? "HeuristicContinuation"
        : input.getClass().getSimpleName();
  }
}
