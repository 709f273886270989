package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CreateFork;
import dev.threadline.avro.ForkSeed;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values.Message;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What a fork writes to its new thread: its creation, then seeds of at most a record's room. */
class ForkCommandsTest {
  private static final MachineState FROM =
      MachineState.created("t-f", "acme", GoldenAgents.keeper(), null, Instant.EPOCH, 10);

  @Test
  void seedsCarryTheCopiesThenTheValuesInOrderNoneOverTheRoomGiven() {
    String big = "x".repeat(200_000);
    Map<String, String> values =
        new TreeMap<>(Map.of("a", "1", "b", "\"" + "y".repeat(350_000) + "\""));
    Output.ForkThread fork =
        new Output.ForkThread(
            "t-g",
            "helper",
            FROM.agent(),
            Map.of(),
            Map.of(),
            9,
            List.of(
                Message.system(big + "1"), Message.system(big + "2"), Message.system(big + "3")),
            values);

    List<ThreadCommand> commands = ForkCommands.of(FROM, fork, 0, GoldenFiles.UNCHANGED, 500_000);

    CreateFork create = (CreateFork) commands.getFirst().getPayload();
    List<ForkSeed> seeds = commands.stream().skip(1).map(c -> (ForkSeed) c.getPayload()).toList();
    assertThat(create.getSeeds()).isEqualTo(seeds.size()).isEqualTo(3);
    assertThat(create.getMetadata()).containsEntry("forkedFrom", "t-f");
    assertThat(seeds.get(0).getMessages()).hasSize(2);
    assertThat(seeds.get(1).getMessages()).hasSize(1);
    assertThat(seeds.get(1).getValues()).containsOnlyKeys("a");
    assertThat(seeds.get(2).getValues()).containsOnlyKeys("b");
    assertThat(seeds).extracting(ForkSeed::getIndex).containsExactly(0, 1, 2);
    assertThat(commands).extracting(ThreadCommand::getThreadId).containsOnly("t-g");
    assertThat(commands)
        .extracting(ThreadCommand::getCommandId)
        .containsExactly("t-g/fork", "t-g/fork-seed-0", "t-g/fork-seed-1", "t-g/fork-seed-2");
  }

  @Test
  void aForkOfNothingStillHasASeedThatCompletesIt() {
    Output.ForkThread empty =
        new Output.ForkThread(
            "t-g", "helper", FROM.agent(), Map.of(), Map.of(), 1, List.of(), Map.of());
    List<ThreadCommand> commands = ForkCommands.of(FROM, empty, 0, GoldenFiles.UNCHANGED, 500_000);
    assertThat(commands).hasSize(2);
    assertThat(((CreateFork) commands.getFirst().getPayload()).getSeeds()).isEqualTo(1);
  }
}
