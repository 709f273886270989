package dev.threadline.executor.model;

import com.openai.models.chat.completions.ChatCompletionContentPart;
import com.openai.models.chat.completions.ChatCompletionContentPartImage;
import com.openai.models.chat.completions.ChatCompletionContentPartText;
import com.openai.models.chat.completions.ChatCompletionUserMessageParam;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.config.ModelProfiles;
import dev.threadline.files.ThreadFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user message's image attachments as image parts: for a model whose profile says it sees images
 * ({@code threadline.model.profile.<model>.vision=true}), and only in the most recent {@code
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

  /**
   * The user message {@code m} (at {@code index} of the request's messages) as the model sees it:
   * with its images when the model sees images and the message is recent enough, else its text.
   */
  ChatCompletionUserMessageParam user(
      ModelRequest request, ChatMessage m, int index, String model, int recent) {
    String text = m.getContent() == null ? "" : m.getContent();
    boolean recentEnough = index >= request.getMessages().size() - recent;
    if (files == null || !profiles.vision(model) || !recentEnough || m.getAttachments().isEmpty()) {
      return ChatCompletionUserMessageParam.builder().content(text).build();
    }
    List<ChatCompletionContentPart> parts = new ArrayList<>();
    parts.add(
        ChatCompletionContentPart.ofText(
            ChatCompletionContentPartText.builder().text(text).build()));
    for (Attachment a : m.getAttachments()) {
      image(request, a)
          .ifPresent(
              url ->
                  parts.add(
                      ChatCompletionContentPart.ofImageUrl(
                          ChatCompletionContentPartImage.builder()
                              .imageUrl(
                                  ChatCompletionContentPartImage.ImageUrl.builder()
                                      .url(url)
                                      .build())
                              .build())));
    }
    return ChatCompletionUserMessageParam.builder().contentOfArrayOfContentParts(parts).build();
  }

  /** The attachment as a data URL, if it is an image the thread has (and not too large). */
  private Optional<String> image(ModelRequest request, Attachment a) {
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
      byte[] bytes =
          Files.readAllBytes(
              files
                  .resolve(request.getTenantId(), request.getThreadId(), a.getPath())
                  .orElseThrow());
      return Optional.of("data:" + type + ";base64," + Base64.getEncoder().encodeToString(bytes));
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
