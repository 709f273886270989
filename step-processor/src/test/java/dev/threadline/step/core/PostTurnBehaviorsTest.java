package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Values.ToolEffect;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's post-turn behaviours: at a step that ends with an answer and no tool calls, the first
 * behaviour whose conditions hold for what the turn did (since it began or a behaviour last fired)
 * adds its prompt as a user message and the turn goes on; each at most once a turn; conditions AND
 * across kinds; a turn ended by its step limit fires none.
 */
class PostTurnBehaviorsTest {
  private final Scenario scenario = new Scenario();

  private static final Behavior TESTS =
      new Behavior("tests", List.of(), List.of("/attachments/*.py"), "Now run the tests.");
  private static final Behavior REVIEW =
      new Behavior("review", List.of("echo"), List.of(), "Review what echo said.");
  private static final Behavior BOTH =
      new Behavior("both", List.of("echo"), List.of("/attachments/*.md"), "Both happened.");
  private static final Behavior ALWAYS = new Behavior("always", List.of(), List.of(), "Go on.");

  private static AgentSnapshot with(Behavior... behaviors) {
    return TestAgents.agent().with(b -> b.behaviors = List.of(behaviors));
  }

  private static ToolEffect wrote(String path) {
    return new ToolEffect(
        "write_file", "{\"path\":\"" + path + "\",\"staged\":\"s-1\"}", List.of(), 0, false);
  }

  /** The user messages the last decision appended, with who sent them. */
  private List<String> userMessages() {
    return UserMessages.of(scenario).stream().map(m -> m.sender() + ": " + m.content()).toList();
  }

  private void givenCallingEcho(AgentSnapshot agent) {
    scenario.given(
        scenario.create(agent),
        scenario.message("go"),
        scenario.reply(null, call("c1", "echo", "{}")));
  }

  @Test
  void aBehaviourWhoseToolWasUsedAddsItsPromptAndTheTurnGoesOn() {
    givenCallingEcho(with(TESTS, REVIEW));
    scenario.given(scenario.toolOk("{}"));

    scenario.when(scenario.reply("echoed"));

    assertThat(userMessages()).containsExactly("behavior:review: Review what echo said.");
    assertThat(scenario.events(TurnCompleted.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void aFileWrittenThatMatchesTheGlobFiresItsBehaviour() {
    givenCallingEcho(with(TESTS));
    scenario.given(scenario.toolOk("{}", wrote("/attachments/app.py")));

    scenario.when(scenario.reply("wrote it"));

    assertThat(userMessages()).containsExactly("behavior:tests: Now run the tests.");
  }

  @Test
  void withoutItsConditionsMetNoBehaviourFiresAndTheTurnEnds() {
    givenCallingEcho(with(TESTS, BOTH));
    scenario.given(scenario.toolOk("{}", wrote("/attachments/app.js")));

    scenario.when(scenario.reply("done"));

    assertThat(userMessages()).isEmpty();
    assertThat(scenario.event(TurnCompleted.class).reason()).isEqualTo(TurnEnd.RESPONSE);
  }

  @Test
  void eachBehaviourFiresOnceATurnAndTheNextDueFiresAfterIt() {
    scenario.given(scenario.create(with(ALWAYS, TESTS)), scenario.message("go"));

    scenario.when(scenario.reply("first answer"));
    assertThat(userMessages()).containsExactly("behavior:always: Go on.");

    scenario.when(scenario.reply("second answer"));
    assertThat(userMessages()).isEmpty();
    assertThat(scenario.event(TurnCompleted.class).reason()).isEqualTo(TurnEnd.RESPONSE);

    scenario.when(scenario.message("again"));
    scenario.when(scenario.reply("a new turn's answer"));
    assertThat(userMessages()).as("a new turn: it may fire again").hasSize(1);
  }

  @Test
  void firingSpendsTheActivitySeenSoFar() {
    givenCallingEcho(with(REVIEW, BOTH));
    scenario.given(scenario.toolOk("{}", wrote("/attachments/notes.md")));
    scenario.when(scenario.reply("echoed"));
    assertThat(userMessages()).containsExactly("behavior:review: Review what echo said.");

    scenario.when(scenario.reply("reviewed"));

    assertThat(userMessages()).as("both's echo and file came before review fired").isEmpty();
  }

  @Test
  void aTurnEndedByItsStepLimitFiresNoBehaviour() {
    AgentSnapshot agent = with(ALWAYS).with(b -> b.stop = new StopRules(true, null, 1, null));
    scenario.given(scenario.create(agent), scenario.message("go"));

    scenario.when(scenario.reply("only answer"));

    assertThat(userMessages()).isEmpty();
    scenario.thenRequestsNoModel();
  }
}
