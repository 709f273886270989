package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.testkit.Chromium;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The dashboard in a real headless Chromium against a projector on a real broker: the key from the
 * URL fragment, the thread list, a click on a thread showing its timeline, live events arriving
 * through the page's stream, and the stats tables. {@code .ci/run} installs Debian's chromium, so
 * CI always runs it; without the binary it is skipped.
 */
class DashboardBrowserIT {
  private static final String KEY = "dashboard-key";

  @Test
  void theDashboardListsThreadsFollowsOneLiveAndShowsStats() throws Exception {
    Assumptions.assumeTrue(Chromium.installed(), "Debian's chromium is not installed");
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    Map<String, String> settings =
        new HashMap<>(
            ProjectorFixture.create("dashboard-it", 2, Map.of("threadline.api-key", KEY))
                .settings());
    settings.put("threadline.projector.state.dir", ScratchDirs.create("dashboard-it-").toString());
    Topics topics =
        new Topics(
            TopicsConfig.from(settings),
            new SerdeFactory(Map.of("schema.registry.url", cluster.registryUrl())));
    try (KafkaProducer<String, ThreadEvent> producer =
        cluster.producer(topics.threadEvents().valueSerde().serializer())) {
      Instant start = Instant.now().minusSeconds(20);
      Events first = new Events("dash-1", "local", start);
      Events second = new Events("dash-2", "local", start);
      send(producer, topics, first.oneTurn("helper", "gpt-x"));
      send(producer, topics, second.oneTurn("helper", "claude-y"));

      try (Projector projector = Projector.start(settings);
          Chromium browser = new Chromium()) {
        projector.awaitRunning(Duration.ofSeconds(60));
        browser.navigate("http://127.0.0.1:" + projector.port() + "/#key=" + KEY);

        var rows =
            browser.await(
                "[...document.querySelectorAll('#threads tbody tr')].map(r => r.dataset.threadId)",
                v -> v.size() == 2,
                Duration.ofSeconds(30));
        assertThat(Chromium.strings(rows)).containsExactlyInAnyOrder("dash-1", "dash-2");
        // "live" shows once the threads and the stats have both loaded: the list can come first.
        var connection =
            browser.await(
                "document.querySelector('#connection').textContent",
                v -> v.asText().equals("live"),
                Duration.ofSeconds(20));
        assertThat(connection.asText()).isEqualTo("live");

        browser.eval("document.querySelector('#threads tr[data-thread-id=\"dash-1\"]').click()");
        var types =
            browser.await(
                "[...document.querySelectorAll('#timeline li')].map(li => li.dataset.type)",
                v -> v.size() == 12,
                Duration.ofSeconds(20));
        assertThat(Chromium.strings(types))
            .startsWith("ThreadCreated", "TurnStarted")
            .contains("ToolCallCompleted", "TurnCompleted");
        assertThat(browser.eval("document.querySelector('#timeline').textContent").asText())
            .contains("echo in 12 ms", "assistant: done");

        // Live: new events of the selected thread appear without a reload.
        send(producer, topics, List.of(first.turnStarted(), first.message(Role.USER, "and now?")));
        var live =
            browser.await(
                "[...document.querySelectorAll('#timeline li')].map(li => li.dataset.seq)",
                v -> v.size() == 14,
                Duration.ofSeconds(20));
        assertThat(Chromium.strings(live)).endsWith("13", "14");
        assertThat(browser.eval("document.querySelector('#timeline').textContent").asText())
            .contains("user: and now?");

        // The agent model: which dual_ai side spoke, a subprompt's model call, and a handoff.
        send(
            producer,
            topics,
            List.of(
                first.sideMessage("b", "looks good"),
                first.subpromptRequested("small", "summarize"),
                first.handedOff("helper", "scheduler"),
                first.valueChanged("color", "\"teal\""),
                first.next(new dev.threadline.avro.EnvChanged("TOKEN", true, null, false)),
                first.next(new dev.threadline.avro.CustomEvent("progress", "{\"pct\":40}")),
                first.next(
                    new dev.threadline.avro.SubagentVariablesRequired(
                        "vars-21",
                        "vault",
                        "keeper",
                        "Apollo",
                        List.of(new dev.threadline.avro.MissingVariable("REPO_KEY", true, null)))),
                first.next(
                    new dev.threadline.avro.SubagentVariablesProvided(
                        "vars-21", "dash-1/vault-vars-21"))));
        browser.await(
            "[...document.querySelectorAll('#timeline li')].map(li => li.dataset.seq)",
            v -> v.size() == 22,
            Duration.ofSeconds(20));
        assertThat(browser.eval("document.querySelector('#timeline').textContent").asText())
            .contains(
                "side B · assistant: looks good",
                "subprompt summarize · scripted/small",
                "helper hands the thread to scheduler",
                "color = \"teal\"",
                "TOKEN set (secret)",
                "progress: {\"pct\":40}",
                "Apollo (vault) waits for REPO_KEY: request vars-21",
                "request vars-21 completed → dash-1/vault-vars-21");

        var tools =
            browser.await(
                "[...document.querySelectorAll('#stats-tools tbody tr')].map(r => r.textContent)",
                v -> v.size() == 1 && v.get(0).asText().startsWith("echo2"),
                Duration.ofSeconds(20));
        assertThat(tools.get(0).asText()).startsWith("echo2");
        var models =
            browser.eval(
                "[...document.querySelectorAll('#stats-models tbody tr')].map(r => r.dataset.model)");
        assertThat(Chromium.strings(models)).containsExactly("claude-y", "gpt-x");
        assertThat(
                browser
                    .eval(
                        "document.querySelector('#status-counts [data-status=total] b').textContent")
                    .asText())
            .isEqualTo("2");
        browser.screenshot(Path.of("target/dashboard.png"));

        // A selected thread is in the address (a link to it), and such a link opens it.
        assertThat(browser.eval("location.hash").asText()).isEqualTo("#thread=dash-1");
        browser.navigate("http://127.0.0.1:" + projector.port() + "/#thread=dash-2");
        var linked =
            browser.await(
                "[document.querySelector('#selected-thread').textContent,"
                    + " document.querySelectorAll('#timeline li').length]",
                v -> v.get(0).asText().equals("dash-2") && v.get(1).asInt() == 12,
                Duration.ofSeconds(20));
        assertThat(linked.get(0).asText()).isEqualTo("dash-2");

        // A link opened in a tab with no key yet opens what it names once the key is given: the
        // thread, and the list of the agent it names.
        browser.eval("sessionStorage.clear()");
        browser.navigate("about:blank");
        browser.navigate("http://127.0.0.1:" + projector.port() + "/#thread=dash-1&agent=helper");
        browser.await(
            "(document.querySelector('#connection') || {}).textContent || ''", // while it loads
            v -> v.asText().equals("enter an API key"),
            Duration.ofSeconds(20));
        browser.eval(
            "document.querySelector('#api-key').value = '"
                + KEY
                + "'; document.querySelector('#key-form').requestSubmit()");
        var opened =
            browser.await(
                "[document.querySelector('#selected-thread').textContent,"
                    + " document.querySelectorAll('#timeline li').length,"
                    + " document.querySelector('#agent-filter').hidden,"
                    + " document.querySelector('#agent-filter-name').textContent, location.hash]",
                v -> v.get(0).asText().equals("dash-1") && v.get(1).asInt() > 0,
                Duration.ofSeconds(20));
        assertThat(opened.get(2).asBoolean()).as("the agent filter shows").isFalse();
        assertThat(opened.get(3).asText()).isEqualTo("helper");
        assertThat(opened.get(4).asText()).isEqualTo("#thread=dash-1&agent=helper");

        // The chat view: the thread as a conversation, and a link that opens it so.
        send(producer, topics, List.of(first.message(Role.TOOL, "{\"echoed\":true}")));
        browser.eval("document.querySelector('#view-chat').click()");
        var bubbles =
            browser.await(
                "[...document.querySelectorAll('#chat .bubble')].map(b => b.className + '|' + b.textContent)",
                v -> v.size() >= 5,
                Duration.ofSeconds(20));
        String conversation = Chromium.strings(bubbles).toString();
        assertThat(conversation)
            .contains("bubble user|user")
            .contains("bubble assistant|assistant")
            .contains("done")
            .contains("bubble tool")
            .contains("echoed")
            .contains("side B");
        assertThat(browser.eval("location.hash").asText()).contains("view=chat");
        assertThat(browser.eval("document.querySelector('#thread-facts').textContent").asText())
            .contains("turns")
            .contains("tokens");
        // Keyboard: a focused row opens with Enter.
        browser.eval(
            "const row = document.querySelector('#threads tr[data-thread-id=\"dash-2\"]'); row.focus();"
                + " row.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}))");
        browser.await(
            "document.querySelector('#selected-thread').textContent",
            v -> v.asText().equals("dash-2"),
            Duration.ofSeconds(20));
        assertThat(browser.eval("document.querySelector('#timeline').hidden").asBoolean()).isTrue();
        browser.screenshot(Path.of("target/dashboard-chat.png"));

        // A link carrying another key does not switch the tab it is opened in.
        browser.navigate("http://127.0.0.1:" + projector.port() + "/#key=someone-elses-key");
        var kept =
            browser.await(
                "[sessionStorage.getItem('threadline.key'), document.querySelector('#key-notice').hidden]",
                v -> v.size() == 2 && !v.get(1).asBoolean(),
                Duration.ofSeconds(20));
        assertThat(kept.get(0).asText()).isEqualTo(KEY);
      }
    }
  }

  private static void send(
      KafkaProducer<String, ThreadEvent> producer, Topics topics, List<ThreadEvent> events) {
    events.forEach(
        e -> producer.send(new ProducerRecord<>(topics.threadEvents().name(), e.getThreadId(), e)));
    producer.flush();
  }
}
