package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.kafka.StreamsSettings;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class ConfigTest {
  private static final Topics TOPICS =
      new Topics(
          TopicsConfig.defaults(), new SerdeFactory(Map.of("schema.registry.url", "in-memory")));

  @Test
  void builtInProfilesCanBeOverriddenAndUnknownModelsGetAConservativeDefault() {
    ModelProfiles profiles =
        new ModelProfiles(
            Map.of(
                "threadline.model.profile.gpt-4o-mini.window", "64000",
                "threadline.model.profile.local-llama.window", "8192",
                "threadline.model.profile.local-llama.tokenizer", "llama3"));

    assertThat(profiles.of("gpt-4o"))
        .isEqualTo(new ModelProfiles.Profile("gpt-4o", 128_000, 16_384, "o200k_base"));
    assertThat(profiles.of("gpt-4o-mini").windowTokens()).isEqualTo(64_000);
    assertThat(profiles.of("local-llama"))
        .isEqualTo(new ModelProfiles.Profile("local-llama", 8_192, 1_024, "llama3"));
    assertThat(profiles.of("mystery").windowTokens())
        .isEqualTo(ModelProfiles.CONSERVATIVE.windowTokens());
  }

  @Test
  void producerCompressionIsOffUnlessAServiceAsksForIt() {
    Topics topics = TOPICS;
    String key = StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG);
    Map<String, String> base = Map.of("bootstrap.servers", "localhost:9092");

    assertThat(StreamsSettings.base(base, topics, "step", "app", "20").get(key)).isEqualTo("none");
    var lz4 = new HashMap<>(base);
    lz4.put("threadline.step.producer.compression.type", "lz4");
    assertThat(StreamsSettings.base(lz4, topics, "step", "app", "20").get(key)).isEqualTo("lz4");
    assertThat(StreamsSettings.base(lz4, topics, "projector", "app", "20").get(key))
        .isEqualTo("none");
  }

  @Test
  void aTransactionsFirstRequestRefusedWhileThePreviousOneCompletesIsRetriedAfter5msNot100() {
    Topics topics = TOPICS;
    String key = StreamsConfig.producerPrefix(ProducerConfig.RETRY_BACKOFF_MS_CONFIG);
    var settings = new HashMap<String, String>();
    settings.put("bootstrap.servers", "localhost:9092");

    assertThat(StreamsSettings.base(settings, topics, "step", "app", "20").get(key)).isEqualTo("5");
    assertThat(StreamsSettings.base(settings, topics, "projector", "app", "20").get(key))
        .isEqualTo("5");
    settings.put("threadline.step.producer.retry.backoff.ms", "50");
    assertThat(StreamsSettings.base(settings, topics, "step", "app", "20").get(key))
        .isEqualTo("50");
  }

  @Test
  void rawStreamsKeysPassThroughPerServiceAndWinOverTheDefaults() {
    Topics topics = TOPICS;
    var settings = new HashMap<String, String>();
    settings.put("bootstrap.servers", "localhost:9092");
    settings.put("threadline.step.producer.retry.backoff.ms", "50");
    settings.put("threadline.step.streams.producer.retry.backoff.ms", "7");
    settings.put("threadline.step.streams.poll.ms", "7");
    settings.put("threadline.step.streams.", "ignored: no key");

    var step = StreamsSettings.base(settings, topics, "step", "app", "20");
    assertThat(step.get("producer.retry.backoff.ms")).isEqualTo("7");
    assertThat(step.get(StreamsConfig.POLL_MS_CONFIG)).isEqualTo("7");
    assertThat(step).doesNotContainKey("");
    assertThat(StreamsSettings.base(settings, topics, "projector", "app", "20"))
        .containsEntry("producer.retry.backoff.ms", "5")
        .containsEntry(StreamsConfig.POLL_MS_CONFIG, "5");
  }

  @Test
  void anInstanceIdMakesTheMainConsumerAStaticMemberWithAShortSession() {
    Topics topics = TOPICS;
    var settings = new HashMap<String, String>();
    settings.put("bootstrap.servers", "localhost:9092");

    assertThat(StreamsSettings.base(settings, topics, "step", "app", "20"))
        .doesNotContainKey("main.consumer.group.instance.id")
        .containsEntry("main.consumer.session.timeout.ms", "15000");
    settings.put("threadline.step.instance.id", "step-processor-1");
    assertThat(StreamsSettings.base(settings, topics, "step", "app", "20"))
        .containsEntry("main.consumer.group.instance.id", "step-processor-1");
  }

  @Test
  void environmentVariablesMapToSettingKeys() {
    assertThat(Settings.envKey("THREADLINE_TOPIC_PREFIX")).isEqualTo("threadline.topic.prefix");
    assertThat(Settings.envKey("KAFKA_BOOTSTRAP_SERVERS")).isEqualTo("bootstrap.servers");
    assertThat(Settings.envKey("SCHEMA_REGISTRY_URL")).isEqualTo("schema.registry.url");
    assertThat(Settings.envKey("THREADLINE_REGISTRY_BASIC_AUTH_USER_INFO"))
        .isEqualTo("basic.auth.user.info");
    assertThat(Settings.envKey("THREADLINE_REGISTRY_SCHEMA_REGISTRY_SSL_TRUSTSTORE_LOCATION"))
        .isEqualTo("schema.registry.ssl.truststore.location");
    assertThat(Settings.keyOf("THREADLINE_KAFKA_SASL_MECHANISM"))
        .isEqualTo("threadline.kafka.sasl.mechanism");
    assertThat(Settings.keyOf("threadline.kafka.sasl.mechanism"))
        .isEqualTo("threadline.kafka.sasl.mechanism");
    assertThat(Settings.envKey("THREADLINE_API_KEY")).isNull();
    assertThat(Settings.envKey("HOME")).isNull();
  }

  @Test
  void aMissingRequiredSettingIsNamed() {
    assertThatThrownBy(() -> SettingValues.required(Map.of(), "bootstrap.servers"))
        .hasMessageContaining("'bootstrap.servers'");
  }
}
