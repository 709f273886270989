package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Crash recovery through a running local stack: a service killed with SIGKILL is started again by
 * the launcher, says so, and takes its work back at once (static group membership) — a thread
 * started right after the kill completes within seconds of the restart.
 */
record RecoveryAcceptance(StackClient stack, Path data, List<String> launcherOutput) {
  static final String QUICK =
      """
      {"model": {"provider": "scripted", "script": [{"text": "back"}]},
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "task"}""";

  void run(String service) throws Exception {
    stack.write("PUT", "/v1/agents/recovery-quick", QUICK, 200);
    long pid = pidOf(service);
    long killed = System.nanoTime();
    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);

    String thread =
        stack
            .write("POST", "/v1/threads", "{\"agent\": \"recovery-quick\"}", 201)
            .path("threadId")
            .asText();
    stack.write(
        "POST",
        "/v1/threads/" + StackClient.encode(thread) + "/messages",
        "{\"text\": \"are you back?\"}",
        202);
    stack.awaitEvents(
        thread,
        e -> StackClient.count(e, "TurnCompleted") >= 1,
        "a turn after " + service + " died");
    Duration recovery = Duration.ofNanos(System.nanoTime() - killed);
    System.out.printf("recovery after killing %s: %.1f s%n", service, recovery.toMillis() / 1e3);

    assertThat(launcherOutput)
        .as("the launcher says it restarted " + service)
        .anyMatch(l -> l.startsWith(service + " restarted after"));
    assertThat(pidOf(service)).as("a new " + service + " process").isNotEqualTo(pid);
    assertThat(recovery).as("time to a completed turn").isLessThan(Duration.ofSeconds(30));
  }

  /** The newest pid recorded for {@code service}. */
  private long pidOf(String service) throws Exception {
    long pid = -1;
    for (String line : Files.readAllLines(data.resolve("pids"))) {
      String[] parts = line.trim().split(" ");
      if (parts.length == 2 && parts[0].equals(service)) {
        pid = Long.parseLong(parts[1]);
      }
    }
    return pid;
  }
}
