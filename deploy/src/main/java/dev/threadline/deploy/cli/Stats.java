package dev.threadline.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** The tenant's recent model work, per model. */
@Command(
    name = "stats",
    description = "Steps, failures, tokens and cost per model over the last minutes.")
final class Stats implements Runnable {
  @ParentCommand Cli cli;

  @Option(names = "--minutes", defaultValue = "15", description = "1 to 60")
  int minutes;

  @Override
  public void run() {
    cli.print(
        cli.api().get("/v1/stats?minutes=" + minutes),
        json -> {
          Table models = new Table("MODEL", "STEPS", "FAILURES", "TOKENS IN/OUT", "COST USD");
          for (JsonNode m : json.path("models")) {
            models.row(
                m.path("model").asText(),
                m.path("steps").asLong(),
                m.path("failures").asLong(),
                m.path("inputTokens").asLong() + "/" + m.path("outputTokens").asLong(),
                m.path("costUsd").isNumber()
                    ? String.format("%.4f", m.path("costUsd").asDouble())
                    : "-");
          }
          models.print(cli.out);
          Table tools = new Table("TOOL", "CALLS", "ERRORS", "P50 MS", "P95 MS");
          for (JsonNode t : json.path("tools")) {
            tools.row(
                t.path("tool").asText(),
                t.path("calls").asLong(),
                t.path("errors").asLong(),
                t.path("p50Ms").asLong(),
                t.path("p95Ms").asLong());
          }
          cli.out.println();
          tools.print(cli.out);
          JsonNode threads = json.path("threads");
          StringBuilder counts =
              new StringBuilder("\nthreads: ").append(threads.path("total").asLong());
          threads
              .path("byStatus")
              .properties()
              .forEach(
                  e ->
                      counts
                          .append(", ")
                          .append(e.getKey())
                          .append(" ")
                          .append(e.getValue().asLong()));
          cli.out.println(counts);
        });
  }
}
