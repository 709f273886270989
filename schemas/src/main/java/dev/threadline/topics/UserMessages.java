package dev.threadline.topics;

import dev.threadline.avro.Origin;
import dev.threadline.avro.UserMessage;
import java.util.List;
import java.util.Map;

/** Messages as a producer of thread-commands writes them. */
public final class UserMessages {
  private UserMessages() {}

  /** A person's plain text, without metadata or attachments. */
  public static UserMessage text(String text) {
    return UserMessage.newBuilder()
        .setOrigin(Origin.INVOKE)
        .setText(text)
        .setMeta(Map.of())
        .setAttachments(List.of())
        .build();
  }
}
