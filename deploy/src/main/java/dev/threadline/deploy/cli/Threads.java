package dev.threadline.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** The tenant's threads: read them, follow one live, and act on one. */
@Command(name = "threads", description = "List, show, follow and act on threads.")
final class Threads {
  @ParentCommand Cli cli;

  @Command(name = "list", description = "threads, most recently active first")
  void list(
      @Option(
              names = "--status",
              description = "IDLE, RUNNING, AWAITING_APPROVAL, COMPLETED, FAILED or TERMINATED")
          String status,
      @Option(names = "--agent") String agent,
      @Option(names = "--limit", defaultValue = "20") int limit) {
    StringBuilder query = new StringBuilder("/v1/threads?limit=").append(limit);
    if (status != null) {
      query.append("&status=").append(Api.encode(status.toUpperCase(java.util.Locale.ROOT)));
    }
    if (agent != null) {
      query.append("&agent=").append(Api.encode(agent));
    }
    cli.print(
        cli.api().get(query.toString()),
        json -> {
          Table table =
              new Table("THREAD", "AGENT", "STATUS", "TURNS", "TOKENS IN/OUT", "LAST ACTIVITY");
          for (JsonNode t : json.path("threads")) {
            table.row(
                t.path("threadId").asText(),
                t.path("agent").asText(),
                t.path("status").asText(),
                t.path("turns").asLong(),
                t.path("inputTokens").asLong() + "/" + t.path("outputTokens").asLong(),
                t.path("lastActivity").asText());
          }
          table.print(cli.out);
        });
  }

  @Command(
      name = "start",
      description = "starts a thread of AGENT with a first message; prints its id")
  void start(
      @Parameters(index = "0", paramLabel = "AGENT") String agent,
      @Parameters(index = "1", paramLabel = "TEXT") String text) {
    String body = Api.JSON.createObjectNode().put("agent", agent).put("message", text).toString();
    JsonNode created = cli.api().send("POST", "/v1/threads", body);
    cli.print(created, json -> cli.out.println(json.path("threadId").asText()));
  }

  @Command(name = "show", description = "a thread's summary and its conversation")
  void show(@Parameters(paramLabel = "ID") String id) {
    JsonNode summary = cli.api().get(thread(id));
    JsonNode messages = cli.api().get(thread(id) + "/messages?after=0&limit=200");
    ObjectNode both = Api.JSON.createObjectNode();
    both.set("thread", summary);
    both.set("messages", messages.path("messages"));
    cli.print(
        both,
        json -> {
          cli.out.printf(
              "%s  %s  %s  turns %d  tokens %d/%d%n",
              id,
              summary.path("agent").asText(),
              summary.path("status").asText(),
              summary.path("turns").asLong(),
              summary.path("inputTokens").asLong(),
              summary.path("outputTokens").asLong());
          for (JsonNode m : json.path("messages")) {
            cli.out.println(Conversation.line(m));
          }
        });
  }

  @Command(name = "tail", description = "follows a thread's events live from now (Ctrl-C ends it)")
  void tail(
      @Parameters(paramLabel = "ID") String id,
      @Option(
              names = "--after",
              paramLabel = "SEQ",
              description = "replay from after this event seq (0: from the start)")
          Long after,
      @Option(
              names = "--until",
              paramLabel = "TYPE",
              description = "stop after an event of this type, e.g. TurnCompleted")
          String until) {
    long from = after != null ? after : cli.api().get(thread(id)).path("lastSeq").asLong(0);
    new EventStream(cli)
        .follow(cli.api().events("GET", thread(id) + "/stream?after=" + from, null), until);
  }

  @Command(name = "send", description = "sends the thread a message")
  void send(
      @Parameters(index = "0", paramLabel = "ID") String id,
      @Parameters(index = "1", paramLabel = "TEXT") String text,
      @Option(names = "--queue", description = "after the running turn") boolean queue,
      @Option(names = "--steer", description = "into the running turn, before its next model call")
          boolean steer) {
    if (queue && steer) {
      throw new CliException(CliException.INVALID, "--queue or --steer, not both");
    }
    ObjectNode body =
        Api.JSON
            .createObjectNode()
            .put("text", text)
            .put("mode", queue ? "queue" : steer ? "steer" : "auto");
    accepted(cli.api().send("POST", thread(id) + "/messages", body.toString()), "sent");
  }

  @Command(name = "approve", description = "approves a call waiting for approval")
  void approve(
      @Parameters(index = "0", paramLabel = "ID") String id,
      @Parameters(index = "1", paramLabel = "CALL") String call) {
    decide(id, call, true, null);
  }

  @Command(name = "deny", description = "denies a call waiting for approval")
  void deny(
      @Parameters(index = "0", paramLabel = "ID") String id,
      @Parameters(index = "1", paramLabel = "CALL") String call,
      @Option(names = "--reason") String reason) {
    decide(id, call, false, reason);
  }

  @Command(name = "abort", description = "aborts the running turn")
  void abort(@Parameters(paramLabel = "ID") String id, @Option(names = "--reason") String reason) {
    accepted(cli.api().send("POST", thread(id) + "/abort", reason(reason)), "abort sent");
  }

  @Command(name = "terminate", description = "ends the thread for good")
  void terminate(
      @Parameters(paramLabel = "ID") String id, @Option(names = "--reason") String reason) {
    accepted(cli.api().send("POST", thread(id) + "/terminate", reason(reason)), "terminate sent");
  }

  @Command(name = "delete", description = "deletes the thread and its children")
  void delete(@Parameters(paramLabel = "ID") String id) {
    accepted(cli.api().send("DELETE", thread(id), null), "delete sent");
  }

  private void decide(String id, String call, boolean approve, String reason) {
    ObjectNode body = Api.JSON.createObjectNode().put("approve", approve);
    if (reason != null) {
      body.put("reason", reason);
    }
    accepted(
        cli.api().send("POST", thread(id) + "/approvals/" + Api.encode(call), body.toString()),
        approve ? "approved" : "denied");
  }

  static String thread(String id) {
    return "/v1/threads/" + Api.encode(id);
  }

  private static String reason(String reason) {
    ObjectNode body = Api.JSON.createObjectNode();
    if (reason != null) {
      body.put("reason", reason);
    }
    return body.toString();
  }

  private void accepted(JsonNode answer, String said) {
    cli.print(answer, json -> cli.out.println(said));
  }
}
