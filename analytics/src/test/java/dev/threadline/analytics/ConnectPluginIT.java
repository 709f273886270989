package dev.threadline.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.ScratchDirs;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * The Connect plugin the build makes ({@code target/*-connect-plugin.zip}) is what a Connect
 * cluster one already runs needs, and no more: loaded from its jars alone over Kafka's own — as a
 * worker's plugin.path loads it — the converter and the Parquet sink link and work, and it brings
 * no copy of Kafka's libraries to clash with the worker's.
 */
class ConnectPluginIT {
  @Test
  void thePluginsJarsAloneOverKafkasLoadTheConverterAndTheSink() throws Exception {
    Path zip;
    try (var found = Files.list(Path.of("target"))) {
      zip =
          found.filter(p -> p.toString().endsWith("-connect-plugin.zip")).findFirst().orElseThrow();
    }
    Path dir = ScratchDirs.create("connect-plugin-");
    List<URL> jars = new ArrayList<>();
    try (ZipFile plugin = new ZipFile(zip.toFile())) {
      for (var entry : java.util.Collections.list(plugin.entries())) {
        if (entry.getName().endsWith(".jar")) {
          Path jar = dir.resolve(Path.of(entry.getName()).getFileName());
          Files.copy(plugin.getInputStream(entry), jar);
          jars.add(jar.toUri().toURL());
        }
      }
    }
    assertThat(jars)
        .extracting(u -> Path.of(u.getPath()).getFileName().toString())
        .anyMatch(n -> n.startsWith("threadline-analytics-"))
        .anyMatch(n -> n.startsWith("threadline-schemas-"))
        .noneMatch(n -> n.startsWith("kafka-clients") || n.startsWith("connect-"));

    try (URLClassLoader kafka =
            new URLClassLoader(kafkaJars(), ClassLoader.getPlatformClassLoader());
        URLClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), kafka)) {
      Class<?> converterClass = loader.loadClass(ThreadEventConverter.class.getName());
      assertThat(converterClass.getClassLoader()).isSameAs(loader);
      Object converter = converterClass.getConstructor().newInstance();
      assertThat(kafka.loadClass(Converter.class.getName()).isInstance(converter)).isTrue();
      converterClass
          .getMethod("configure", Map.class, boolean.class)
          .invoke(converter, Map.of("schema.registry.url", "http://127.0.0.1:9"), false);
      Object nothing =
          converterClass
              .getMethod("toConnectData", String.class, byte[].class)
              .invoke(converter, "threadline.thread-events", null);
      assertThat(nothing.getClass().getName()).isEqualTo(SchemaAndValue.class.getName());

      Object sink =
          loader.loadClass(ParquetSinkConnector.class.getName()).getConstructor().newInstance();
      assertThat(kafka.loadClass(SinkConnector.class.getName()).isInstance(sink)).isTrue();
      Object task = sink.getClass().getMethod("taskClass").invoke(sink);
      assertThat(((Class<?>) task).getClassLoader()).isSameAs(loader);
    }
  }

  /**
   * Kafka's own libraries, as a worker of Apache Kafka's distribution has them: the clients,
   * Streams' types, Connect's API and SLF4J.
   */
  private static URL[] kafkaJars() throws IOException {
    List<URL> jars = new ArrayList<>();
    for (Class<?> of : List.of(KafkaProducer.class, Converter.class, org.slf4j.Logger.class)) {
      jars.add(of.getProtectionDomain().getCodeSource().getLocation());
    }
    return jars.toArray(URL[]::new);
  }
}
