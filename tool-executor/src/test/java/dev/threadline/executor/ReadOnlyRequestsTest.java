package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ToolRequest;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.Tools;
import dev.threadline.executor.tools.builtin.BuiltinHooks;
import dev.threadline.executor.tools.builtin.EchoTool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadOnlyRequestsTest {
  private final ReadOnlyRequests readOnly =
      new ReadOnlyRequests(
          new ToolRegistry(
              concat(
                  List.of(new EchoTool(), Tools.of("send_mail", "sends", (c, a) -> "sent")),
                  BuiltinHooks.all())));

  @Test
  void aToolDeclaredFreeOfSideEffectsMayRunBeforeItsDecisionCommits() {
    assertThat(readOnly.test(request("echo", Map.of()))).isTrue();
  }

  @Test
  void aToolNotDeclaredSoWaitsForTheCommit() {
    assertThat(readOnly.test(request("send_mail", Map.of()))).isFalse();
    assertThat(readOnly.test(request("not_here", Map.of()))).isFalse();
  }

  @Test
  void aHookThatMayHaveSideEffectsMakesTheCallWaitForTheCommit() {
    assertThat(readOnly.test(request("echo", Map.of("after_tool_call_success", "send_mail"))))
        .isFalse();
  }

  private static ToolRequest request(String tool, Map<String, String> hooks) {
    ToolRequest request = Requests.tool("t-1", tool, "{}", Instant.now().plusSeconds(60));
    request.setHooks(hooks);
    return request;
  }

  private static List<dev.threadline.executor.tools.Tool> concat(
      List<dev.threadline.executor.tools.Tool> a, List<dev.threadline.executor.tools.Tool> b) {
    List<dev.threadline.executor.tools.Tool> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
