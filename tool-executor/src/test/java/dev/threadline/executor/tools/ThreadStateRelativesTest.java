package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.config.Limits;
import dev.threadline.files.ThreadFiles;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * ThreadState beyond the thread's own state: its files, and the state of its parent and of its own
 * children — never of another thread.
 */
class ThreadStateRelativesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<String> reads = new ArrayList<>();

  /** A projector that knows t-1 (a child of p-1, parent of t-1/c-1) and those two threads. */
  private ThreadReader reader(String threadId) {
    return new ThreadReader() {
      @Override
      public Optional<JsonNode> read(String path) {
        reads.add(threadId + path);
        return Optional.of(
            switch (threadId) {
              case "t-1" ->
                  JSON.createObjectNode()
                      .put("threadId", "t-1")
                      .put("parentThreadId", "p-1")
                      .set("children", JSON.createArrayNode().add("t-1/c-1"));
              default -> JSON.createObjectNode().put("threadId", threadId).put("status", "IDLE");
            });
      }

      @Override
      public ThreadReader relative(String other) {
        return reader(other);
      }
    };
  }

  private ThreadState state(ThreadFiles files) {
    return new ThreadState(
        "t-1/t1/s1/c0",
        Limits.defaults(),
        reader("t-1"),
        new CallEnv(Map.of(), "acme", "t-1", Optional.empty(), files));
  }

  @Test
  void theParentAndAChildAreReadButNoOtherThread() {
    ThreadState state = state(null);

    assertThat(state.parentThread()).map(t -> t.path("threadId").asText()).contains("p-1");
    assertThat(state.childThread("t-1/c-1")).map(t -> t.path("status").asText()).contains("IDLE");
    assertThat(state.childThread("q-9")).isEmpty();
    assertThat(reads).doesNotContain("q-9");
  }

  @Test
  void theParentsAndAChildsMessagesAreReadButNoOtherThreads() {
    ThreadState state = state(null);

    assertThat(state.parentMessages(0, 50)).isPresent();
    assertThat(state.childMessages("t-1/c-1", 7, 20)).isPresent();
    assertThat(state.childMessages("q-9", 0, 50)).isEmpty();
    assertThat(reads)
        .contains("p-1/messages?after=0&limit=50", "t-1/c-1/messages?after=7&limit=20")
        .noneMatch(path -> path.startsWith("q-9"));
  }

  @Test
  void theThreadsFilesAreListedAndRead() throws Exception {
    dev.threadline.files.FolderThreadFiles files =
        new dev.threadline.files.FolderThreadFiles(Files.createTempDirectory("tool-files-"));
    files.write(
        "acme",
        "t-1",
        "/attachments/notes.md",
        "text/markdown",
        new ByteArrayInputStream("# notes".getBytes()),
        1_000);
    ThreadState state = state(files);

    assertThat(state.files())
        .extracting(ThreadFiles.Stored::path)
        .contains("/attachments/notes.md");
    assertThat(state.readFile("/attachments/notes.md")).map(String::new).contains("# notes");
    assertThat(state.readFile("/attachments/missing.md")).isEmpty();
    assertThatThrownBy(() -> state.readFile("/attachments/../../other/x"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
