package dev.threadline.step.core;

import dev.threadline.step.core.machine.ThreadMachine;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * JMH: the pure {@link ThreadMachine#decide} for the two inputs of one agent step — the model's
 * answer with one tool call, and that tool's result (which issues the next model call). No Kafka,
 * no stores, no serialization: the machine's own cost per step.
 *
 * <p>Run with {@code ./threadline bench-decide} (prints JMH's table). Not part of the suite (the
 * class name matches neither Surefire's nor Failsafe's patterns); {@link DecideBenchmarkTest} keeps
 * it compiling and correct.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DecideBenchmark {
  ThreadMachine machine;
  MachineState awaitingModel;
  Input modelAnswer;
  MachineState awaitingTool;
  Input toolResult;

  /** A thread mid-turn: the model call pending, then the tool call pending. */
  @Setup
  public void setup() {
    Scenario scenario = new Scenario();
    scenario.given(scenario.create(), scenario.message("hello"));
    machine = new ThreadMachine(MachineConfig.defaults());
    awaitingModel = scenario.state;
    Transition answered =
        scenario.when(scenario.reply(null, Scenario.call("c1", "echo", "{\"n\":1}")));
    modelAnswer = scenario.inputs.getLast();
    awaitingTool = answered.state();
    scenario.when(scenario.toolOk("{\"n\":1}"));
    toolResult = scenario.inputs.getLast();
  }

  @Benchmark
  public Transition modelAnswerWithOneToolCall() {
    return machine.decide(awaitingModel, modelAnswer);
  }

  @Benchmark
  public Transition toolResultThenNextModelCall() {
    return machine.decide(awaitingTool, toolResult);
  }

  public static void main(String[] args) throws Exception {
    new Runner(new OptionsBuilder().include(DecideBenchmark.class.getSimpleName()).build()).run();
  }

  /** Entry point for {@code ./threadline bench-decide} through Failsafe. */
  @Test
  void run() throws Exception {
    main(new String[0]);
  }
}
