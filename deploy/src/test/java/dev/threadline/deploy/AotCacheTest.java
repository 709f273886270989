package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.threadline.testkit.ScratchDirs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A service records its cache when its build has none and starts from it when it has one; a new
 * build records anew and the old build's caches go.
 */
class AotCacheTest {

  @Test
  void withoutADirectoryAServiceRunsAsItAlwaysDid() throws Exception {
    String classpath = "/a/classes" + File.pathSeparator + "/b.jar";
    assertThat(AotCache.NONE.options("step-processor", classpath)).isEmpty();
    assertThat(AotCache.NONE.classpath(classpath)).isEqualTo(classpath);
  }

  @Test
  void aServiceWithoutACacheRecordsOneAndAServiceWithOneStartsFromIt() throws Exception {
    assumeTrue(Runtime.version().feature() >= 25, "AOT caches with profiles need JDK 25");
    Path home = ScratchDirs.create("aot-");
    Path jar = Files.writeString(home.resolve("service.jar"), "jar");
    AotCache aot = new AotCache(home.resolve("aot"));

    assertThat(aot.options("step-processor-2", jar.toString()))
        .as("only a cluster's first instance records: two writing one file could tear it")
        .isEmpty();
    String record = aot.options("step-processor-1", jar.toString()).getFirst();
    assertThat(record).startsWith("-XX:AOTCacheOutput=").endsWith("step-processor.aot");
    Path cache = Path.of(record.substring(record.indexOf('=') + 1));
    Files.writeString(cache, "cache");
    assertThat(aot.options("step-processor", jar.toString()))
        .containsExactly("-XX:AOTCache=" + cache);
    assertThat(aot.options("step-processor-2", jar.toString()))
        .as("instances of a cluster share their service's cache")
        .containsExactly("-XX:AOTCache=" + cache);

    Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2030-01-01T00:00:00Z")));
    assertThat(aot.options("step-processor", jar.toString()).getFirst())
        .as("a rebuilt jar: a cache of the old one would be ignored by the JVM, so record anew")
        .startsWith("-XX:AOTCacheOutput=");
    assertThat(cache).as("the old build's caches are deleted").doesNotExist();
  }

  @Test
  void aCachedServiceRunsFromItsJarsAloneSinceTheJvmRefusesDirectories() throws Exception {
    assumeTrue(Runtime.version().feature() >= 25, "AOT caches with profiles need JDK 25");
    Path home = ScratchDirs.create("aot-");
    Path classes = Files.createDirectories(home.resolve("classes"));
    String jar = home.resolve("service.jar").toString();
    assertThat(new AotCache(home).classpath(classes + File.pathSeparator + jar)).isEqualTo(jar);
  }
}
