package dev.threadline.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.stream.Stream;

/**
 * Prints a Server-Sent Events stream of thread events as it arrives: one line per event (its seq,
 * type and gist), content deltas inline, or each event's JSON with {@code --json}.
 */
final class EventStream {
  private final Cli cli;

  EventStream(Cli cli) {
    this.cli = cli;
  }

  /** Follows {@code lines} until they end or an event of type {@code until} has been printed. */
  void follow(Stream<String> lines, String until) {
    String event = null;
    String id = null;
    boolean midLine = false;
    try (lines) {
      Iterator<String> it = lines.iterator();
      while (it.hasNext()) {
        String line = it.next();
        if (line.startsWith("event:")) {
          event = line.substring(6).strip();
        } else if (line.startsWith("id:")) {
          id = line.substring(3).strip();
        } else if (line.startsWith("data:")) {
          JsonNode data = parse(line.substring(5).strip());
          if (cli.json) {
            cli.out.println(data);
          } else if ("delta".equals(event)) {
            cli.out.print(data.path("text").asText(data.path("delta").asText("")));
            midLine = true;
          } else {
            if (midLine) {
              cli.out.println();
              midLine = false;
            }
            cli.out.println((id == null ? "" : id + "  ") + event + gist(data));
          }
          cli.out.flush();
          if (until != null && until.equals(event)) {
            return;
          }
        } else if (line.isEmpty()) {
          event = null;
          id = null;
        }
      }
    }
  }

  private static String gist(JsonNode event) {
    JsonNode payload = event.path("payload");
    if (payload.has("message")) {
      return "  " + Conversation.line(payload.get("message")).strip();
    }
    if (payload.has("toolName")) {
      return "  " + payload.get("toolName").asText();
    }
    if (payload.has("to")) {
      return "  " + payload.path("from").asText() + " → " + payload.get("to").asText();
    }
    return "";
  }

  private static JsonNode parse(String text) {
    try {
      return Api.JSON.readTree(text);
    } catch (IOException e) {
      return Api.JSON.getNodeFactory().textNode(text);
    }
  }
}
