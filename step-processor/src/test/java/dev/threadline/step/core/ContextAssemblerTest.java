package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Values.Message;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextAssemblerTest {

  @Test
  void theSystemPromptIsInterpolatedAndPrecedesTheHistory() {
    MachineState state =
        MachineState.created("t-9", "acme", TestAgents.agent(), null, Scenario.T0, 0);
    List<Message> window = List.of(Message.user(Values.InboundMessage.invoke("hi")));

    ContextAssembler.Context context = ContextAssembler.assemble(state, window, Scenario.T0);

    assertThat(context.messages()).hasSize(2);
    assertThat(context.messages().getFirst().role()).isEqualTo(Role.SYSTEM);
    assertThat(context.messages().getFirst().content())
        .isEqualTo("You help on t-9 as helper (m-1) on 2026-11-22.");
    assertThat(context.messages().get(1).content()).isEqualTo("hi");
  }

  @Test
  void toolsComeFromTheFrozenAgentWithoutDeniedOnesPlusTheRuntimeTools() {
    var tools =
        ContextAssembler.tools(TestAgents.agent()).stream()
            .map(RuntimeTools.ToolDef::name)
            .toList();

    assertThat(tools)
        .containsExactly(
            "echo",
            "search",
            "deploy",
            "sessionStop",
            "sessionFail",
            "sessionStatus",
            "get_value",
            "set_value");
  }

  @Test
  void aWorkingSetOfRecentToolsAndFilesFollowsTheSystemPrompt() {
    MachineState state =
        MachineState.created("t-9", "acme", TestAgents.agent(), null, Scenario.T0, 0);
    var read = new Values.ToolCall("c1", "read_file", "{\"path\":\"src/Main.java\"}");
    var fetch = new Values.ToolCall("c2", "http_fetch", "{\"url\":\"https://kafka.apache.org\"}");
    List<Message> window =
        List.of(
            Message.user(Values.InboundMessage.invoke("fix it")),
            Message.assistant(null, List.of(read)),
            Message.toolResult(read, "class Main {}", false),
            Message.assistant(null, List.of(fetch)),
            Message.toolResult(fetch, "docs", false));

    ContextAssembler.Context context = ContextAssembler.assemble(state, window, Scenario.T0);

    assertThat(context.messages().get(1).role()).isEqualTo(Role.SYSTEM);
    assertThat(context.messages().get(1).content())
        .isEqualTo(
            "Working set — tools used recently: http_fetch, read_file; files and URLs touched: https://kafka.apache.org, src/Main.java");
    assertThat(
            ContextAssembler.workingSet(List.of(Message.user(Values.InboundMessage.invoke("hi")))))
        .isEmpty();
  }

  @Test
  void theWorkingSetNamesPathsInAFixedKeyOrderAndFindsEscapedKeys() {
    var several =
        new Values.ToolCall(
            "c1", "copy", "{\"url\":\"https://x.dev\",\"file\":\"b.txt\",\"path\":\"a.txt\"}");
    var escaped = new Values.ToolCall("c2", "read_file", "{\"\\u0070ath\":\"c.txt\"}");
    var none = new Values.ToolCall("c3", "echo", "{\"q\":\"path\",\"i\":1}");
    var notJson = new Values.ToolCall("c4", "echo", "\"path\" is not an object");

    assertThat(
            ContextAssembler.workingSet(
                List.of(
                    Message.assistant(null, List.of(several)),
                    Message.assistant(null, List.of(escaped, none, notJson)))))
        .hasValue(
            "Working set — tools used recently: echo, read_file, copy; files and URLs touched:"
                + " c.txt, a.txt, b.txt, https://x.dev");
  }
}
