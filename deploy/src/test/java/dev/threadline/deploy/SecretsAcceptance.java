package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Variables and secrets through the product: an agent declares a text and a secret variable; a
 * thread without the secret is refused (422 naming it); one with both renders the text into its
 * prompt, and its tool reads the secret. Then the plaintext is looked for everywhere: every record
 * of every topic, and every file of the stack's folder (Kafka's logs, the services' stores and
 * logs) — it must be nowhere.
 */
final class SecretsAcceptance {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final StackClient stack;
  final String plaintext = "s3cr3t-" + UUID.randomUUID();

  SecretsAcceptance(StackClient stack) {
    this.stack = stack;
  }

  static final String AGENT =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "secret_probe", "arguments": {}}]},
         {"text": "checked"}]},
       "systemPrompt": "Weather for {{env.CITY}}; never say {{env.API_TOKEN}}.",
       "tools": [{"name": "secret_probe", "permission": "allow"}],
       "variables": [{"name": "CITY", "required": true},
                     {"name": "API_TOKEN", "type": "secret", "required": true}],
       "stop": {"stopOnResponse": true, "maxSteps": 4}}""";

  void run() throws Exception {
    stack.putAgent("vault", AGENT);
    // An agent that names a model resource is also kept as written (to be resolved again when the
    // model changes): its secrets must be as sealed there as in the definition itself.
    stack.send(
        "PUT", stack.ingest() + "/v1/models/vault-model", "{\"provider\": \"scripted\"}", 200);
    stack.putAgent(
        "vault-named",
        "{\"model\": \"vault-model\", \"env\": {\"API_TOKEN\": {\"value\": \""
            + plaintext
            + "\", \"secret\": true}}}");
    JsonNode refused =
        stack.send(
            "POST",
            stack.ingest() + "/v1/threads",
            "{\"agent\": \"vault\", \"env\": {\"CITY\": \"Lisbon\"}}",
            422);
    assertThat(refused.path("errors").get(0).path("field").asText()).isEqualTo("env.API_TOKEN");

    String threadId =
        stack.createThread(
            "{\"agent\": \"vault\", \"message\": \"weather?\", \"env\": {\"CITY\": \"Lisbon\","
                + " \"API_TOKEN\": \""
                + plaintext
                + "\"}}");
    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    JsonNode probe =
        JSON.readTree(StackClient.toolResults(events).getFirst().path("content").asText());
    assertThat(probe.path("city").asText()).isEqualTo("Lisbon");
    assertThat(probe.path("tokenChars").asInt()).isEqualTo(plaintext.length());
    assertThat(probe.path("tokenLooksRight").asBoolean()).isTrue();

    JsonNode env =
        stack.get(stack.projector() + "/v1/threads/" + StackClient.encode(threadId) + "/env");
    assertThat(env.path("env").toString()).contains("\"API_TOKEN\"").doesNotContain(plaintext);
    assertThat(env.path("env").get(1).path("value").asText()).isEqualTo("Lisbon");
  }

  /** Every record of every topic, decompressed, as bytes: none holds the plaintext. */
  void assertNotOnAnyTopic(String bootstrap) {
    byte[] needle = plaintext.getBytes(StandardCharsets.UTF_8);
    byte[] sealedForm = "tlsec1:".getBytes(StandardCharsets.UTF_8);
    List<String> found = new ArrayList<>();
    int sealed = 0;
    try (var consumer =
        new KafkaConsumer<>(
            Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = new ArrayList<>();
      consumer
          .listTopics(Duration.ofSeconds(10))
          .forEach(
              (topic, infos) ->
                  infos.forEach(p -> partitions.add(new TopicPartition(topic, p.partition()))));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      var end = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))
          && System.nanoTime() < deadline) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
          if (contains(record.value(), needle) || contains(record.key(), needle)) {
            found.add(record.topic() + "@" + record.offset());
          }
          if (contains(record.value(), sealedForm)) {
            sealed++;
          }
        }
      }
      assertThat(partitions).as("topics read").isNotEmpty();
    }
    assertThat(found).as("records holding the secret's plaintext").isEmpty();
    // The scan sees where the secret went: sealed, on the commands, state and tool requests.
    assertThat(sealed).as("records holding a sealed secret").isPositive();
  }

  /**
   * Every file under {@code dir} — log segments, stores, logs — none holds the plaintext; the same
   * walk finds {@code control} (a value known to be in a file), so it does look.
   */
  void assertInNoFile(Path dir, String control) throws IOException {
    byte[] needle = plaintext.getBytes(StandardCharsets.UTF_8);
    byte[] known = control.getBytes(StandardCharsets.UTF_8);
    List<Path> found = new ArrayList<>();
    List<Path> controls = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        try {
          byte[] bytes = Files.readAllBytes(file);
          if (contains(bytes, needle)) {
            found.add(file);
          }
          if (contains(bytes, known)) {
            controls.add(file);
          }
        } catch (IOException gone) {
          // a file removed while walking (a segment rolled): nothing to read
        }
      }
    }
    assertThat(found).as("files holding the secret's plaintext").isEmpty();
    assertThat(controls).as("files holding the control value").isNotEmpty();
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    if (haystack == null) {
      return false;
    }
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
