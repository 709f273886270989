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
}
