package dev.threadline.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** Agents, models or prompts: the tenant's definitions by name. */
@Command(description = "List, show, store or delete definitions by name.")
final class Definitions {
  @ParentCommand Cli cli;
  private final String collection;

  Definitions(String collection) {
    this.collection = collection;
  }

  @Command(name = "list", description = "every definition, by name")
  void list() {
    JsonNode answer = cli.api().get("/v1/" + collection);
    cli.print(
        answer,
        json -> {
          Table table = new Table("NAME", "DETAIL");
          for (JsonNode item : json.path(collection)) {
            table.row(item.path("name").asText(), detail(item));
          }
          table.print(cli.out);
        });
  }

  @Command(name = "get", description = "one definition, as JSON")
  void get(@Parameters(paramLabel = "NAME") String name) {
    cli.out.println(cli.api().get("/v1/" + collection + "/" + Api.encode(name)).toPrettyString());
  }

  @Command(name = "put", description = "stores NAME from a JSON file (- reads standard input)")
  void put(
      @Parameters(paramLabel = "NAME") String name,
      @Option(
              names = {"-f", "--file"},
              required = true,
              paramLabel = "FILE")
          String file) {
    String body;
    try {
      body =
          file.equals("-")
              ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(Path.of(file));
    } catch (IOException e) {
      throw new CliException(CliException.INVALID, "cannot read " + file + ": " + e.getMessage());
    }
    JsonNode stored = cli.api().send("PUT", "/v1/" + collection + "/" + Api.encode(name), body);
    cli.print(stored, json -> cli.out.println("stored " + name));
  }

  @Command(name = "delete", description = "deletes NAME")
  void delete(@Parameters(paramLabel = "NAME") String name) {
    cli.api().send("DELETE", "/v1/" + collection + "/" + Api.encode(name), null);
    if (!cli.json) {
      cli.out.println("deleted " + name);
    }
  }

  private static String detail(JsonNode item) {
    if (item.has("model")) {
      JsonNode model = item.get("model");
      return model.isTextual()
          ? "model " + model.asText()
          : "model " + model.path("provider").asText() + " " + model.path("model").asText("");
    }
    if (item.has("provider")) {
      return item.path("provider").asText() + " " + item.path("model").asText("");
    }
    return item.path("description").asText("");
  }
}
