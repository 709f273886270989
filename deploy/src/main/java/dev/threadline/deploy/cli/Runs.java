package dev.threadline.deploy.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** Runs: a message and its own answer, streamed until the run ends. */
@Command(name = "runs", description = "Send a message and stream its run to its end.")
final class Runs {
  @ParentCommand Cli cli;

  @Command(name = "stream", description = "sends TEXT to thread ID and prints the run as it goes")
  void stream(
      @Parameters(index = "0", paramLabel = "ID") String id,
      @Parameters(index = "1", paramLabel = "TEXT") String text) {
    String body = Api.JSON.createObjectNode().put("text", text).toString();
    new EventStream(cli)
        .follow(cli.api().events("POST", Threads.thread(id) + "/runs/stream", body), null);
  }
}
