package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.SubagentMessage;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §8.1, §8.2: files crossing a thread boundary are copied into the receiver's folder, and the
 * command names them as the receiver sees them.
 */
class ThreadCommandsTest {
  private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  @Test
  void aMessageToAChildCopiesItsAttachmentsIntoTheChildsFolder() throws Exception {
    Path root = ScratchDirs.create("thread-commands-");
    BlobStore blobs = BlobStore.local(root);
    Files.createDirectories(new dev.threadline.files.FolderThreadFiles(root).folder("acme", "p-1"));
    Files.writeString(
        new dev.threadline.files.FolderThreadFiles(root).folder("acme", "p-1").resolve("notes.md"),
        "read me");
    AgentSnapshot agent = GoldenAgents.researcher(0);
    MachineState parent = MachineState.created("p-1", "acme", agent, null, T0, 0);

    var command =
        ThreadCommands.messageChild(
            parent,
            new Output.MessageChild(
                "p-1/helper-1.1.0",
                "read this",
                List.of(new Attachment("notes.md", "text/markdown", null, null))),
            T0.toEpochMilli(),
            1,
            blobs);

    SubagentMessage message = (SubagentMessage) command.getPayload();
    assertThat(message.getAttachments()).extracting(a -> a.getPath()).containsExactly("notes.md");
    assertThat(
            new dev.threadline.files.FolderThreadFiles(root)
                .folder("acme", "p-1/helper-1.1.0")
                .resolve("notes.md"))
        .hasContent("read me");
  }
}
