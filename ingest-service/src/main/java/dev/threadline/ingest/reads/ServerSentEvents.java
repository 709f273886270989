package dev.threadline.ingest.reads;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The projector's Server-Sent Events, read one event at a time: its id, its name and its data as
 * JSON (data that is not JSON reads as an empty object), with each comment line — the projector's
 * keep-alive — told apart, so a door passes the beat on to its own client.
 */
public final class ServerSentEvents {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What a door does with each event; true from {@link #event} when it has read enough. */
  public interface Reader {
    boolean event(String id, String event, JsonNode data) throws IOException;

    /** The source is alive but quiet. */
    default void keepAlive() throws IOException {}
  }

  private ServerSentEvents() {}

  /**
   * Reads {@code source} into {@code reader} until the reader has read enough (true) or the source
   * ends (false).
   */
  public static boolean read(InputStream source, Reader reader) throws IOException {
    var lines = new BufferedReader(new InputStreamReader(source, StandardCharsets.UTF_8));
    String id = null;
    String event = null;
    StringBuilder data = new StringBuilder();
    for (String line; (line = lines.readLine()) != null; ) {
      if (line.isEmpty()) {
        if (event != null && reader.event(id, event, parse(data))) {
          return true;
        }
        id = null;
        event = null;
        data.setLength(0);
      } else if (line.startsWith(":")) {
        reader.keepAlive();
      } else if (line.startsWith("id:")) {
        id = line.substring(3).trim();
      } else if (line.startsWith("event:")) {
        event = line.substring(6).trim();
      } else if (line.startsWith("data:")) {
        data.append(line.substring(5).trim());
      }
    }
    return false;
  }

  private static JsonNode parse(StringBuilder data) {
    try {
      return data.isEmpty() ? JSON.createObjectNode() : JSON.readTree(data.toString());
    } catch (JsonProcessingException e) {
      return JSON.createObjectNode();
    }
  }
}
