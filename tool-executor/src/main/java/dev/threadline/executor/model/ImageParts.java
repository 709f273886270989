package dev.threadline.executor.model;

import dev.threadline.avro.Attachment;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.config.ModelProfiles;
import dev.threadline.files.ThreadFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A message's image attachments — a user's, or the files a tool's result shows (an MCP tool's
 * images) — as image parts: for a model whose profile says it sees images ({@code
 * threadline.model.profile.<model>.vision=true}), and only in the most recent {@code
 * recentImageThreshold} messages (the model config's; 10 by default, as the Standard Agents model
 * has it). Anywhere else the message goes as its text: the image is filtered from the request,
 * never from the stored message. An image is read from the shared files folder and sent as a base64
 * data URL.
 */
public final class ImageParts {
  private static final Logger LOG = LoggerFactory.getLogger(ImageParts.class);
  public static final int DEFAULT_RECENT = 10;

  /** The most an image may have to be sent (larger ones are left out, and said). */
  static final long MAX_IMAGE_BYTES = 8_000_000;

  private final ThreadFiles files;
  private final ModelProfiles profiles;

  /** {@code files} null: no images are ever sent. */
  public ImageParts(ThreadFiles files, ModelProfiles profiles) {
    this.files = files;
    this.profiles = profiles;
  }

  public static final ImageParts NONE = new ImageParts(null, null);

  /** The most images one request carries: each image counts once however often it is named. */
  static final int MAX_IMAGES_PER_REQUEST = 16;

  /** The most image bytes one request carries (as stored, before base64). */
  static final long MAX_REQUEST_IMAGE_BYTES = 16L << 20;

  /** The images of one request, read as its user messages are built. */
  Sent forRequest(ModelRequest request, String model, int recent) {
    return new Sent(request, model, recent);
  }

  /**
   * One request's images: each path read and sent once (a later mention says so in text); past
   * {@link #MAX_IMAGES_PER_REQUEST} images or {@link #MAX_REQUEST_IMAGE_BYTES} bytes the rest are
   * left out, and said — the request's heap and its size on the wire are bounded whatever a message
   * names.
   */
  final class Sent {
    private final ModelRequest request;
    private final String model;
    private final int recent;
    private final java.util.Set<String> sent = new java.util.HashSet<>();
    private long bytes;

    private Sent(ModelRequest request, String model, int recent) {
      this.request = request;
      this.model = model;
      this.recent = recent;
    }

    /**
     * The message {@code m} (at {@code index} of the request's messages) as the model sees it: its
     * text, then its images when the model sees images and the message is recent enough. Null when
     * it is its text alone.
     */
    List<Part> parts(ChatMessage m, int index) {
      String text = m.getContent() == null ? "" : m.getContent();
      boolean recentEnough = index >= request.getMessages().size() - recent;
      if (files == null
          || !profiles.vision(model)
          || !recentEnough
          || m.getAttachments().isEmpty()) {
        return null;
      }
      List<Part> parts = new ArrayList<>();
      parts.add(new Part.Text(text));
      for (Attachment a : m.getAttachments()) {
        String path = a.getPath();
        if (sent.contains(path)) {
          parts.add(new Part.Text("[image " + path + ": as above]"));
          continue;
        }
        Optional<Image> image = image(request, a);
        if (image.isEmpty()) {
          continue;
        }
        if (sent.size() >= MAX_IMAGES_PER_REQUEST
            || bytes + image.get().bytes() > MAX_REQUEST_IMAGE_BYTES) {
          parts.add(
              new Part.Text(
                  "[image "
                      + path
                      + " left out: a request carries at most "
                      + MAX_IMAGES_PER_REQUEST
                      + " images and "
                      + MAX_REQUEST_IMAGE_BYTES
                      + " bytes of them]"));
          continue;
        }
        Optional<String> data = image.get().base64();
        if (data.isEmpty()) {
          continue;
        }
        sent.add(path);
        bytes += image.get().bytes();
        parts.add(new Part.Picture(image.get().type(), data.get()));
      }
      return parts;
    }
  }

  /** Each of {@code parts} in a provider's own shape: its text, or its picture. */
  static <T> List<T> each(
      List<Part> parts,
      java.util.function.Function<String, T> text,
      java.util.function.Function<Part.Picture, T> picture) {
    List<T> shaped = new ArrayList<>();
    for (Part part : parts) {
      shaped.add(
          switch (part) {
            case Part.Text(String t) -> text.apply(t);
            case Part.Picture p -> picture.apply(p);
          });
    }
    return shaped;
  }

  /** One part of a message with images, as every provider has them. */
  sealed interface Part {
    record Text(String text) implements Part {}

    /** An image's bytes, base64, and its media type ({@code image/png}). */
    record Picture(String mediaType, String base64) implements Part {
      String dataUrl() {
        return "data:" + mediaType + ";base64," + base64;
      }
    }
  }

  /** An image to send: its size and type as stored; read only once it is sure to go. */
  private record Image(
      long bytes, ThreadFiles files, String tenant, String threadId, String path, String type) {
    /** The image's bytes as base64, or empty when it can no longer be read. */
    Optional<String> base64() {
      try {
        Optional<java.io.InputStream> in = files.open(tenant, threadId, path);
        if (in.isEmpty()) {
          return Optional.empty();
        }
        try (java.io.InputStream image = in.get()) {
          byte[] read = image.readNBytes((int) MAX_IMAGE_BYTES + 1);
          return read.length > MAX_IMAGE_BYTES
              ? Optional.empty()
              : Optional.of(Base64.getEncoder().encodeToString(read));
        }
      } catch (IOException e) {
        LOG.warn("could not read image {}: {}", path, e.toString());
        return Optional.empty();
      }
    }
  }

  /** The attachment as an image to send, if it is an image the thread has (and not too large). */
  private Optional<Image> image(ModelRequest request, Attachment a) {
    try {
      var stored = files.stat(request.getTenantId(), request.getThreadId(), a.getPath());
      String type =
          a.getMediaType() != null ? a.getMediaType() : stored.map(s -> s.contentType()).orElse("");
      if (stored.isEmpty() || !type.startsWith("image/")) {
        return Optional.empty();
      }
      if (stored.get().bytes() > MAX_IMAGE_BYTES) {
        LOG.warn("image {} of thread {} is too large to send", a.getPath(), request.getThreadId());
        return Optional.empty();
      }
      return Optional.of(
          new Image(
              stored.get().bytes(),
              files,
              request.getTenantId(),
              request.getThreadId(),
              a.getPath(),
              type));
    } catch (IOException e) {
      LOG.warn(
          "could not read image {} of thread {}: {}",
          a.getPath(),
          request.getThreadId(),
          e.toString());
      return Optional.empty();
    }
  }
}
