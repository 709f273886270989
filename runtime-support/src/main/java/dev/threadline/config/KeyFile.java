package dev.threadline.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * API keys an operator keeps in a file ({@code threadline.api-keys.file}): {@code key:tenant} or
 * {@code sha256:<hex>:tenant} entries, a line each or comma-separated as {@code
 * threadline.api-keys} takes them (so one Secret serves either way), blank lines and {@code #}
 * comments skipped. It is read again when it changes — checked on use, at most once an interval —
 * so a key is added or revoked without a restart: a Kubernetes Secret mounted as a volume is
 * updated in place. A file that cannot be read or has a line that is no key is refused at start;
 * later, the keys it had are kept and the error logged, so a broken edit locks no tenant out.
 */
final class KeyFile {
  private static final Logger log = LoggerFactory.getLogger(KeyFile.class);

  /** How often the file is checked for a change by default. */
  static final Duration CHECKED_EVERY = Duration.ofSeconds(1);

  private record Read(byte[] content, List<KeyEntry> entries, long checkedAt) {}

  private final Path path;
  private final long intervalNanos;
  private volatile Read read;

  private KeyFile(Path path, Duration interval, Read read) {
    this.path = path;
    this.intervalNanos = interval.toNanos();
    this.read = read;
  }

  static KeyFile open(Path path, Duration interval) {
    try {
      byte[] content = Files.readAllBytes(path);
      return new KeyFile(
          path, interval, new Read(content, parse(path, content), System.nanoTime()));
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "threadline.api-keys.file " + path + " cannot be read: " + e, e);
    }
  }

  /** The file's keys as it is now, read again if the interval passed and it changed. */
  List<KeyEntry> entries() {
    Read last = read;
    if (System.nanoTime() - last.checkedAt() < intervalNanos) {
      return last.entries();
    }
    synchronized (this) {
      last = read;
      long now = System.nanoTime();
      if (now - last.checkedAt() >= intervalNanos) {
        read = reread(last, now);
      }
      return read.entries();
    }
  }

  private Read reread(Read last, long now) {
    try {
      byte[] content = Files.readAllBytes(path);
      if (Arrays.equals(content, last.content())) {
        return new Read(last.content(), last.entries(), now);
      }
      List<KeyEntry> entries = parse(path, content);
      log.info("API keys read again from {}: {} keys", path, entries.size());
      return new Read(content, entries, now);
    } catch (IOException | IllegalArgumentException e) {
      log.error("API keys of {} kept as they were: {}", path, e.getMessage());
      return new Read(last.content(), last.entries(), now);
    }
  }

  /** The keys of {@code content}; a line that is none is named by its number, never its text. */
  private static List<KeyEntry> parse(Path path, byte[] content) {
    List<KeyEntry> entries = new ArrayList<>();
    String[] lines = new String(content, StandardCharsets.UTF_8).split("\r?\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      for (String spec : line.split(",")) {
        KeyEntry entry = KeyEntry.of(spec);
        if (entry == null) {
          throw new IllegalArgumentException(
              path + " line " + (i + 1) + " holds an entry that is neither " + KeyEntry.FORMS);
        }
        entries.add(entry);
      }
    }
    return entries;
  }
}
