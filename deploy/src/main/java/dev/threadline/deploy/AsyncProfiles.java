package dev.threadline.deploy;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The bench's sampling profiles: async-profiler (its library from the jar on Maven Central) loaded
 * into each process for the measured run through the JDK's attach API, sampling CPU time every
 * millisecond with JIT-compiled, inlined and native frames (JFR's default settings took too few
 * samples in a short run to say which code is hot); at the end each process writes a flame graph
 * ({@code <process>.html}) and its collapsed stacks ({@code <process>.collapsed}), which {@link
 * ProfileSummary} reads.
 */
final class AsyncProfiles {
  private static final String LIBRARY = "linux-x64/libasyncProfiler.so";
  private final Path dir;
  private final Path library;

  private AsyncProfiles(Path dir, Path library) {
    this.dir = dir;
    this.library = library;
  }

  /** Profiles written to {@code dir}, the library unpacked there from the classpath. */
  static AsyncProfiles into(Path dir) {
    try (InputStream in = AsyncProfiles.class.getClassLoader().getResourceAsStream(LIBRARY)) {
      if (in == null) {
        throw new IllegalStateException(
            "async-profiler's " + LIBRARY + " is not on the classpath (linux x64 only)");
      }
      Path library = dir.resolve("libasyncProfiler.so").toAbsolutePath();
      Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
      return new AsyncProfiles(dir.toAbsolutePath(), library);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void start(Map<String, Long> pids) {
    pids.values().forEach(pid -> load(pid, "start,event=cpu,interval=1ms"));
  }

  /** Stops every profile, each process writing its flame graph and collapsed stacks. */
  void stop(Map<String, Long> pids) {
    pids.forEach(
        (name, pid) -> {
          load(pid, "dump,collapsed,file=" + collapsed(name));
          load(pid, "stop,flamegraph,file=" + dir.resolve(name + ".html"));
        });
  }

  Path collapsed(String name) {
    return dir.resolve(name + ".collapsed");
  }

  private void load(long pid, String command) {
    try {
      VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
      try {
        vm.loadAgentPath(library.toString(), command);
      } finally {
        vm.detach();
      }
    } catch (AgentLoadException | AgentInitializationException | AttachNotSupportedException e) {
      throw new IllegalStateException(
          "async-profiler in process " + pid + " (" + command + "): " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
