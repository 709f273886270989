package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * The API's OpenAPI document, as served: a valid OpenAPI 3.1 document (by swagger-parser) listing
 * every route of every resource class of the service, typed bodies by their records; Swagger UI
 * serves it.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class OpenApiDocumentTest {
  private static final Map<Class<? extends Annotation>, String> METHODS =
      Map.of(
          GET.class, "get",
          POST.class, "post",
          PUT.class, "put",
          DELETE.class, "delete",
          PATCH.class, "patch");

  private static OpenAPI document() {
    String json = given().get("/q/openapi?format=json").then().statusCode(200).extract().asString();
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    SwaggerParseResult result = new OpenAPIV3Parser().readContents(json, null, options);
    assertThat(result.getMessages()).as("what the parser found wrong").isEmpty();
    return result.getOpenAPI();
  }

  @Test
  void theDocumentIsValidOpenApi31AndListsEveryRoute() throws Exception {
    OpenAPI document = document();
    assertThat(document.getOpenapi()).startsWith("3.1");
    Map<String, Set<String>> documented = new TreeMap<>();
    document
        .getPaths()
        .forEach(
            (path, item) -> {
              Set<String> methods = new TreeSet<>();
              item.readOperationsMap().keySet().forEach(m -> methods.add(m.name().toLowerCase()));
              documented.put(path, methods);
            });

    Map<String, Set<String>> routes = routes();
    assertThat(routes).as("routes found").hasSizeGreaterThan(30);
    routes.forEach(
        (path, methods) ->
            assertThat(documented.getOrDefault(path, Set.of()))
                .as("the document's operations on %s", path)
                .containsAll(methods));
  }

  @Test
  void aBodyReadIntoARecordIsDescribedByIt() {
    OpenAPI document = document();
    assertThat(properties(document, document.getPaths().get("/v1/threads").getPost()))
        .contains("agent", "message", "metadata", "env");
    assertThat(properties(document, document.getPaths().get("/v1/agents/{name}").getPut()))
        .contains("model", "systemPrompt", "tools", "subagents", "stop", "sideB", "hooks");
    assertThat(properties(document, document.getPaths().get("/v1/threads/{id}/messages").getPost()))
        .contains("text", "origin", "attachments", "mode");
  }

  /** The fields of an operation's body, as the document describes them. */
  private static Set<String> properties(OpenAPI document, Operation operation) {
    io.swagger.v3.oas.models.media.Schema<?> schema =
        body(document, operation).getContent().values().iterator().next().getSchema();
    String ref = schema.get$ref();
    io.swagger.v3.oas.models.media.Schema<?> resolved =
        ref == null
            ? schema
            : document.getComponents().getSchemas().get(ref.substring(ref.lastIndexOf('/') + 1));
    return new TreeSet<>(resolved.getProperties().keySet());
  }

  @Test
  void everyJsonBodyOfTheApiIsTypedNotText() {
    OpenAPI document = document();
    List<String> untyped =
        v1OperationsWhere(
            document,
            (path, operation) -> {
              if (operation.getRequestBody() == null
                  || path.endsWith("/values/{key}")
                  || path.endsWith("/files")) {
                return false; // no body; a key's value is any JSON, a file any bytes
              }
              return body(document, operation).getContent().entrySet().stream()
                  .anyMatch(
                      e -> {
                        var schema = e.getValue().getSchema();
                        boolean text =
                            schema.get$ref() == null
                                && schema.getOneOf() == null
                                && (schema.getProperties() == null
                                    || schema.getProperties().isEmpty());
                        return !e.getKey().equals("application/json") || text;
                      });
            });
    assertThat(untyped).as("bodies not described as typed JSON").isEmpty();
  }

  @Test
  void everyOperationDescribesItsRefusalsAndTheWritesWhatTheyAnswer() {
    OpenAPI document = document();
    List<String> withoutProblem =
        v1OperationsWhere(
            document,
            (path, operation) -> {
              var refused = operation.getResponses().get("4XX");
              return refused == null || refused.getContent().get(Problem.MEDIA_TYPE) == null;
            });
    assertThat(withoutProblem).as("operations without problem details").isEmpty();
    assertThat(reply(document, "/v1/threads", "201")).endsWith("/ThreadCreated");
    assertThat(document.getPaths().get("/v1/threads").getPost().getResponses())
        .doesNotContainKey("202");
    assertThat(reply(document, "/v1/threads/{id}/messages", "202")).endsWith("/Accepted");
    assertThat(reply(document, "/v1/threads/{id}/effects", "202")).endsWith("/EffectScheduled");
    assertThat(reply(document, "/v1/threads/{id}/runs", "202")).endsWith("/RunStarted");
  }

  /** An operation's body: its own, or the shared one it names by reference. */
  private static io.swagger.v3.oas.models.parameters.RequestBody body(
      OpenAPI document, Operation operation) {
    var body = operation.getRequestBody();
    String ref = body.get$ref();
    return ref == null
        ? body
        : document.getComponents().getRequestBodies().get(ref.substring(ref.lastIndexOf('/') + 1));
  }

  /** The {@code /v1} operations {@code flagged} holds for, as {@code METHOD path}. */
  private static List<String> v1OperationsWhere(
      OpenAPI document, java.util.function.BiPredicate<String, Operation> flagged) {
    List<String> found = new ArrayList<>();
    document
        .getPaths()
        .forEach(
            (path, item) ->
                item.readOperationsMap()
                    .forEach(
                        (method, operation) -> {
                          if (path.startsWith("/v1/") && flagged.test(path, operation)) {
                            found.add(method + " " + path);
                          }
                        }));
    return found;
  }

  /** The schema reference of a POST's {@code status} answer. */
  private static String reply(OpenAPI document, String path, String status) {
    return document
        .getPaths()
        .get(path)
        .getPost()
        .getResponses()
        .get(status)
        .getContent()
        .get("application/json")
        .getSchema()
        .get$ref();
  }

  @Test
  void swaggerUiServesTheDocument() {
    given()
        .get("/q/swagger-ui/")
        .then()
        .statusCode(200)
        .body(Matchers.containsString("swagger-ui"));
  }

  /** Every route of the service's resource classes: path template → HTTP methods. */
  private static Map<String, Set<String>> routes() throws IOException, URISyntaxException {
    Map<String, Set<String>> routes = new TreeMap<>();
    var root =
        java.nio.file.Path.of(
            OpenApiDocumentTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    var classes = root.resolveSibling("classes");
    try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
      for (var file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String name =
            classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
        Class<?> type;
        try {
          type = Class.forName(name, false, OpenApiDocumentTest.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
          continue;
        }
        Path base = type.getAnnotation(Path.class);
        if (base == null) {
          continue;
        }
        for (Method method : type.getDeclaredMethods()) {
          METHODS.forEach(
              (annotation, verb) -> {
                if (method.isAnnotationPresent(annotation)) {
                  Path sub = method.getAnnotation(Path.class);
                  routes
                      .computeIfAbsent(
                          template(base.value() + "/" + (sub == null ? "" : sub.value())),
                          p -> new TreeSet<>())
                      .add(verb);
                }
              });
        }
      }
    }
    return routes;
  }

  /** A JAX-RS path as the document names it: one slash between parts, no regular expressions. */
  private static String template(String path) {
    String plain = path.replaceAll("\\{\\s*(\\w+)\\s*:[^}]*}", "{$1}").replaceAll("/+", "/");
    plain = plain.startsWith("/") ? plain : "/" + plain;
    return plain.length() > 1 && plain.endsWith("/")
        ? plain.substring(0, plain.length() - 1)
        : plain;
  }
}
