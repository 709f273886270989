package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Schemas a tenant or a tool server writes, compiled and applied by a maintained validator (draft
 * 2020-12): what tool schemas use ({@code $ref} into {@code $defs}, {@code anyOf}, {@code oneOf},
 * formats) works, and nothing in a schema makes a service fetch a URL.
 */
class JsonSchemasTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aSchemaNeverMakesTheServiceFetchARemoteRef() throws Exception {
    AtomicInteger fetched = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          fetched.incrementAndGet();
          byte[] body = "{\"type\": \"string\"}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/s.json";
      JsonNode schema =
          json("{\"type\": \"object\", \"properties\": {\"q\": {\"$ref\": \"" + url + "\"}}}");

      assertThat(check(schema, "{\"q\": 5}"))
          .hasValueSatisfying(error -> assertThat(error).contains(url));
      JsonNode replyFormat =
          json("{\"responseFormat\": {\"type\": \"json_schema\", \"schema\": " + schema + "}}");
      assertThat(ModelOptions.replyRefusal(replyFormat, "{\"q\": 5}")).isNotNull();
      assertThat(fetched).hasValue(0);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void theKeywordsToolSchemasUseAreApplied() throws Exception {
    JsonNode schema =
        json(
            """
            {"type": "object", "required": ["when", "pick"], "additionalProperties": false,
             "$defs": {"day": {"type": "string", "format": "date"}},
             "properties": {
               "when": {"$ref": "#/$defs/day"},
               "pick": {"anyOf": [{"type": "integer", "minimum": 1}, {"enum": ["all"]}]},
               "mode": {"oneOf": [{"const": "fast"}, {"const": "slow"}]}}}
            """);
    assertThat(check(schema, "{\"when\": \"2026-12-03\", \"pick\": 2}")).isEmpty();
    assertThat(check(schema, "{\"when\": \"2026-12-03\", \"pick\": \"all\"}")).isEmpty();
    assertThat(check(schema, "{\"when\": \"someday\", \"pick\": 2}"))
        .hasValueSatisfying(error -> assertThat(error).contains("/when"));
    assertThat(check(schema, "{\"when\": \"2026-12-03\", \"pick\": 0}"))
        .hasValueSatisfying(error -> assertThat(error).contains("/pick"));
    assertThat(check(schema, "{\"when\": \"2026-12-03\", \"pick\": 2, \"mode\": \"odd\"}"))
        .hasValueSatisfying(error -> assertThat(error).contains("/mode"));
    assertThat(check(schema, "{\"when\": \"2026-12-03\"}"))
        .hasValueSatisfying(error -> assertThat(error).contains("pick"));
    assertThat(check(schema, "{\"when\": \"2026-12-03\", \"pick\": 2, \"x\": 1}"))
        .hasValueSatisfying(error -> assertThat(error).contains("x"));
  }

  @Test
  void aSchemaThatIsNotAJsonSchemaIsNamedAsSuch() throws Exception {
    assertThat(JsonSchemas.notASchema(json("{\"type\": 12}"))).isPresent();
    assertThat(JsonSchemas.notASchema(json("{\"type\": \"object\"}"))).isEmpty();
  }

  private static java.util.Optional<String> check(JsonNode schema, String value) throws Exception {
    return JsonSchemas.firstError(schema, json(value));
  }

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }
}
