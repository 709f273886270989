package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.Attachment;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.config.ModelProfiles;
import dev.threadline.executor.Requests;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request's images are bounded whatever its messages name: each image is read and sent once, and
 * past the per-request count or bytes the rest are left out, said in text.
 */
class ImagePartsTest {
  @TempDir Path root;

  private List<ImageParts.Part> sentParts(List<String> paths) {
    ModelRequest request = Requests.model("t-1", "openai", "{}", 1, Requests.T0.plusSeconds(60));
    List<Attachment> attachments = new ArrayList<>();
    for (String path : paths) {
      attachments.add(new Attachment(path, null, null, null));
    }
    ChatMessage m =
        ChatMessage.newBuilder()
            .setRole(Role.USER)
            .setContent("look")
            .setAttachments(attachments)
            .build();
    request.getMessages().add(m);
    var images =
        new ImageParts(
            new dev.threadline.files.FolderThreadFiles(root), new ModelProfiles(Map.of()));
    return images.forRequest(request, "gpt-4o", 10).parts(m, request.getMessages().size() - 1);
  }

  private void image(String name, int bytes) throws Exception {
    new dev.threadline.files.FolderThreadFiles(root)
        .write(
            "acme",
            "t-1",
            "/attachments/" + name,
            "image/png",
            new ByteArrayInputStream(new byte[bytes]),
            ImageParts.MAX_IMAGE_BYTES);
  }

  @Test
  void oneImageNamedThousandsOfTimesIsSentOnce() throws Exception {
    image("cat.png", 1_000);

    var parts = sentParts(java.util.Collections.nCopies(5_000, "/attachments/cat.png"));

    assertThat(parts.stream().filter(ImageParts.Part.Picture.class::isInstance)).hasSize(1);
    assertThat(((ImageParts.Part.Text) parts.get(2)).text())
        .isEqualTo("[image /attachments/cat.png: as above]");
  }

  @Test
  void imagesPastTheRequestsCountOrBytesAreLeftOutAndSaid() throws Exception {
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < ImageParts.MAX_IMAGES_PER_REQUEST + 4; i++) {
      image("n" + i + ".png", 10);
      paths.add("/attachments/n" + i + ".png");
    }
    var parts = sentParts(paths);
    assertThat(parts.stream().filter(ImageParts.Part.Picture.class::isInstance))
        .hasSize(ImageParts.MAX_IMAGES_PER_REQUEST);
    assertThat(((ImageParts.Part.Text) parts.getLast()).text())
        .contains("left out", "at most 16 images");

    int large = (int) (ImageParts.MAX_REQUEST_IMAGE_BYTES / 3) + 1;
    for (String name : new String[] {"a.png", "b.png", "c.png"}) {
      image(name, large);
    }
    parts = sentParts(List.of("/attachments/a.png", "/attachments/b.png", "/attachments/c.png"));
    assertThat(parts.stream().filter(ImageParts.Part.Picture.class::isInstance)).hasSize(2);
  }
}
