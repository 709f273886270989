package dev.threadline.serde;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.avro.Schema;

/**
 * A {@link SchemaRegistryClient} over the Confluent REST API ({@code POST
 * /subjects/{subject}/versions}, {@code POST /subjects/{subject}}, {@code GET
 * /subjects/{subject}/versions/latest}, {@code GET /schemas/ids/{id}}), which Confluent Schema
 * Registry, Apicurio ({@code /apis/ccompat/v7}) and Karapace serve.
 *
 * <p>Caches ids by (subject, schema) and schemas by id, both ways, for the life of the instance:
 * ids are immutable in a registry. The latest version of a subject is cached too, like Confluent's
 * client with {@code latest.cache.ttl.sec=-1}. Thread-safe.
 */
public final class RestSchemaRegistryClient implements SchemaRegistryClient {
  private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Pauses between tries while the registry is out of reach: from 100 ms, doubling to 5 s. */
  private static final long FIRST_PAUSE_MS = 100;

  private static final long MAX_PAUSE_MS = 5_000;

  private final RegistryAccess access;
  private final HttpClient http;
  private final Duration requestTimeout;
  private final Duration retryFor;
  private final Map<String, Integer> idBySubjectAndSchema = new ConcurrentHashMap<>();
  private final Map<Integer, Schema> schemaById = new ConcurrentHashMap<>();
  private final Map<String, RegisteredSchema> latestBySubject = new ConcurrentHashMap<>();

  public RestSchemaRegistryClient(String baseUrl) {
    this(baseUrl, Duration.ofSeconds(10), Duration.ofSeconds(2));
  }

  /**
   * @param retryFor how long a request is tried again while the registry is out of reach
   */
  public RestSchemaRegistryClient(String baseUrl, Duration requestTimeout, Duration retryFor) {
    this(RegistryAccess.of(baseUrl), requestTimeout, retryFor);
  }

  /**
   * @param access the registry's URLs (tried in order while one is out of reach), credentials and
   *     TLS context
   */
  public RestSchemaRegistryClient(
      RegistryAccess access, Duration requestTimeout, Duration retryFor) {
    this.access = access;
    this.requestTimeout = requestTimeout;
    this.retryFor = retryFor;
    HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(requestTimeout);
    if (access.ssl() != null) {
      builder.sslContext(access.ssl());
    }
    this.http = builder.build();
  }

  /**
   * The client a serde configured with {@code configs} uses: the registry as {@link RegistryAccess}
   * reads it, requests tried again for {@code config}'s retry time.
   */
  static RestSchemaRegistryClient forSerde(Map<String, ?> configs, AvroSerdeConfig config) {
    return new RestSchemaRegistryClient(
        RegistryAccess.from(configs), Duration.ofSeconds(10), Duration.ofMillis(config.retryMs()));
  }

  @Override
  public String url() {
    return access.urls().getFirst();
  }

  @Override
  public int register(String subject, Schema schema) {
    return id(subject, schema, "register", "/versions");
  }

  @Override
  public int lookup(String subject, Schema schema) {
    return id(subject, schema, "look up", "");
  }

  /**
   * The id of {@code schema} under {@code subject}, asked once: {@code verb} it at {@code path}.
   */
  private int id(String subject, Schema schema, String verb, String path) {
    return idBySubjectAndSchema.computeIfAbsent(
        key(subject, schema),
        k -> {
          JsonNode body =
              send(
                  verb + " schema " + schema.getFullName() + " under subject '" + subject + "'",
                  post("/subjects/" + encode(subject) + path, schemaBody(schema)));
          int id = body.path("id").asInt(-1);
          schemaById.putIfAbsent(id, schema);
          return id;
        });
  }

  @Override
  public RegisteredSchema latest(String subject) {
    return latestBySubject.computeIfAbsent(
        subject,
        s -> {
          JsonNode body =
              send(
                  "read the latest version of subject '" + subject + "'",
                  get("/subjects/" + encode(subject) + "/versions/latest"));
          Schema schema = new Schema.Parser().parse(body.path("schema").asText());
          int id = body.path("id").asInt(-1);
          schemaById.putIfAbsent(id, schema);
          return new RegisteredSchema(id, body.path("version").asInt(-1), schema);
        });
  }

  @Override
  public Schema byId(int id) {
    return schemaById.computeIfAbsent(
        id,
        i -> {
          JsonNode body = send("read schema id " + id, get("/schemas/ids/" + id));
          return new Schema.Parser().parse(body.path("schema").asText());
        });
  }

  /** Asks the registry for its subjects: returns if it answers, throws what failed if not. */
  public void ping() {
    send("list the subjects", get("/subjects"));
  }

  private static String key(String subject, Schema schema) {
    return subject + '\u0000' + schema.toString();
  }

  private static String encode(String subject) {
    return URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String schemaBody(Schema schema) {
    ObjectNode body = JSON.createObjectNode();
    // Explicit type: Confluent defaults to AVRO when absent, but Apicurio's content detection
    // can fail on large schemas without it.
    body.put("schemaType", "AVRO");
    body.put("schema", schema.toString());
    return body.toString();
  }

  private Function<String, HttpRequest> post(String path, String body) {
    return baseUrl ->
        request(baseUrl + path)
            .header("Content-Type", CONTENT_TYPE)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
  }

  private Function<String, HttpRequest> get(String path) {
    return baseUrl -> request(baseUrl + path).GET().build();
  }

  private HttpRequest.Builder request(String url) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(requestTimeout)
            .header("Accept", CONTENT_TYPE + ", application/json");
    access.credentials().headers().forEach(b::header);
    return b;
  }

  /**
   * Sends {@code request}, trying again a few times, with growing pauses, while the registry is out
   * of reach or failing: a blip must not fail a record (a longer outage still does, as an outage
   * the caller waits out, never as a bad record).
   */
  private JsonNode send(String operation, Function<String, HttpRequest> request) {
    long pauseMs = FIRST_PAUSE_MS;
    long giveUpAt = System.nanoTime() + retryFor.toNanos();
    while (true) {
      try {
        return sendToAny(operation, request);
      } catch (SchemaRegistryException e) {
        if (!e.isOutage()
            || System.nanoTime() + pauseMs * 1_000_000 > giveUpAt
            || Thread.currentThread().isInterrupted()) {
          throw e;
        }
        try {
          Thread.sleep(pauseMs);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
        pauseMs = Math.min(pauseMs * 2, MAX_PAUSE_MS);
      }
    }
  }

  /** To each registry URL in turn while one is out of reach; the last one's failure is thrown. */
  private JsonNode sendToAny(String operation, Function<String, HttpRequest> request) {
    List<String> urls = access.urls();
    boolean renewed = false;
    for (int i = 0; ; i++) {
      try {
        return sendOnce(operation, urls.get(i), request.apply(urls.get(i)));
      } catch (SchemaRegistryException e) {
        // A token the registry no longer takes is fetched anew, and the request goes once more.
        if (e.httpStatus() == 401 && !renewed && access.credentials().refused()) {
          renewed = true;
          i--;
          continue;
        }
        if (!e.isOutage() || i == urls.size() - 1) {
          throw e;
        }
      }
    }
  }

  private JsonNode sendOnce(String operation, String baseUrl, HttpRequest request) {
    HttpResponse<String> response;
    // Bounded as a whole: the request's own timeout ends when the headers come, and a registry
    // that stalls in the body would hold the calling thread (a Streams thread) for ever.
    var answer = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    try {
      response =
          answer.get(requestTimeout.toMillis() * 2, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      answer.cancel(true);
      throw new SchemaRegistryException(
          "Could not " + operation + ": schema registry at " + baseUrl + " did not answer in time",
          -1,
          -1,
          e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new SchemaRegistryException(
          "Could not "
              + operation
              + ": schema registry at "
              + baseUrl
              + " unreachable ("
              + e.getCause()
              + ")",
          -1,
          -1,
          e.getCause());
    } catch (InterruptedException e) {
      answer.cancel(true);
      Thread.currentThread().interrupt();
      throw new SchemaRegistryException(
          "Interrupted while trying to " + operation + " at " + baseUrl, -1, -1, e);
    }
    JsonNode body = parse(response.body());
    if (response.statusCode() / 100 != 2) {
      int errorCode = body.path("error_code").asInt(response.statusCode());
      String message = body.path("message").asText(response.body());
      throw new SchemaRegistryException(
          "Could not "
              + operation
              + ": schema registry at "
              + baseUrl
              + " answered HTTP "
              + response.statusCode()
              + " (error_code "
              + errorCode
              + "): "
              + message
              + (response.statusCode() == 401 || response.statusCode() == 403
                  ? " — check basic.auth.user.info, bearer.auth.token or the OAuth client's grants"
                  : ""),
          response.statusCode(),
          errorCode,
          null);
    }
    return body;
  }

  private static JsonNode parse(String body) {
    try {
      return body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
    } catch (IOException e) {
      return JSON.createObjectNode().put("message", body);
    }
  }
}
