package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.Message;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A subprompt's {@code initAttachmentsProperty} (the agent model's): the files a call names in that
 * argument go with the subprompt's user message, so a prompt that looks at images sees them; paths
 * that would leave the thread's folder are dropped as for a subagent's.
 */
class SubpromptAttachmentsTest {
  private final Scenario scenario = new Scenario();

  private static Subprompt describe() {
    return new Subprompt(
        "describe",
        "Describe files",
        "You describe images.",
        new ModelConfig("scripted", "small", "{}"),
        false,
        false,
        null,
        null,
        true,
        true,
        true,
        Map.of(),
        "files");
  }

  @Test
  void theFilesACallNamesGoWithTheSubpromptsUserMessage() {
    scenario.given(
        scenario.create(SubpromptsTest.coordinator(describe())), scenario.message("look"));

    scenario.when(
        scenario.calls(
            "describe",
            "{\"message\":\"what is this?\","
                + "\"files\":[\"/attachments/cat.png\",{\"path\":\"/attachments/dog.png\"},"
                + "\"/attachments/../../etc/passwd\"]}"));

    Output.RequestSubprompt request = scenario.outputs(Output.RequestSubprompt.class).getFirst();
    assertThat(request.attachments())
        .extracting(Attachment::path)
        .containsExactly("/attachments/cat.png", "/attachments/dog.png");
    Message user =
        SubpromptContext.messages(
                request.subprompt(), List.of(), request.message(), request.attachments())
            .getLast();
    assertThat(user.role()).isEqualTo(Role.USER);
    assertThat(user.attachments()).hasSize(2);
  }

  @Test
  void theToolItIsCalledThroughTakesTheFilesArgument() {
    assertThat(RuntimeTools.subpromptTool(describe()).parametersJson())
        .contains("\"files\":{\"type\":\"array\"");
  }
}
