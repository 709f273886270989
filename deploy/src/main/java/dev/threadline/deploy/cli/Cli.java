package dev.threadline.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code threadline}: a running stack's HTTP API from a terminal — agents, models and prompts,
 * threads (list, show, tail, send, approve, deny, abort, terminate, delete), runs and stats. Tables
 * for people, {@code --json} for scripts; exit codes say what happened ({@link CliException}).
 */
@Command(
    name = "threadline",
    mixinStandardHelpOptions = true,
    description = "Talks to a running Threadline stack (./threadline up) through its HTTP API.",
    subcommands = {Threads.class, Runs.class, Stats.class, Completion.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done",
      "1:failed",
      "2:wrong usage",
      "3:not found",
      "4:refused as invalid (the message names the field)",
      "5:the API key was refused",
      "6:the stack is not reachable or not ready"
    })
public final class Cli {
  @Option(
      names = "--url",
      scope = ScopeType.INHERIT,
      description = "the stack's base URL (env THREADLINE_URL; default http://127.0.0.1:8080)")
  String url;

  @Option(
      names = "--data",
      scope = ScopeType.INHERIT,
      description =
          "the local stack's folder, whose api-key is used when THREADLINE_API_KEY is unset")
  Path data;

  @Option(names = "--json", scope = ScopeType.INHERIT, description = "print JSON, for scripts")
  boolean json;

  private final Map<String, String> env;
  final PrintStream out;

  Cli(Map<String, String> env, PrintStream out) {
    this.env = env;
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.getenv(), System.out, System.err));
  }

  /** Runs {@code args}; answers the exit code. */
  public static int run(
      String[] args, Map<String, String> env, PrintStream rawOut, PrintStream rawErr) {
    // Threads' text is a model's and tenants' tools': no control character reaches the terminal.
    PrintStream out = TerminalSafe.of(rawOut);
    PrintStream err = TerminalSafe.of(rawErr);
    Cli cli = new Cli(env, out);
    CommandLine line = new CommandLine(cli);
    for (String collection : new String[] {"agents", "models", "prompts"}) {
      line.addSubcommand(collection, new Definitions(collection));
    }
    line.setOut(new PrintWriter(out, true));
    line.setErr(new PrintWriter(err, true));
    line.setExecutionExceptionHandler(
        (e, commandLine, parsed) -> {
          if (e instanceof CliException failure) {
            err.println("threadline: " + failure.getMessage());
            return failure.exitCode;
          }
          throw e;
        });
    int code = line.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /** The API, at the URL and with the key this invocation resolves. */
  Api api() {
    String base = url != null ? url : env.getOrDefault("THREADLINE_URL", "http://127.0.0.1:8080");
    return new Api(base, apiKey());
  }

  private String apiKey() {
    String key = env.get("THREADLINE_API_KEY");
    if (key != null && !key.isBlank()) {
      return key.strip();
    }
    Path folder = data != null ? data : Path.of(env.getOrDefault("THREADLINE_DATA", ".threadline"));
    Path file = folder.resolve("api-key");
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      throw new CliException(
          CliException.UNAUTHORIZED,
          "no API key: set THREADLINE_API_KEY, or run where ./threadline up keeps " + file);
    }
  }

  /** Prints {@code json} as JSON when asked to, else lets {@code table} print it for people. */
  void print(JsonNode json, java.util.function.Consumer<JsonNode> table) {
    if (this.json) {
      out.println(json.toPrettyString());
    } else {
      table.accept(json);
    }
  }
}
