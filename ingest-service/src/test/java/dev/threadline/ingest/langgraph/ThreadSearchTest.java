package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a LangGraph thread search asks of the projector, and what it refuses naming the field. */
class ThreadSearchTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ThreadSearch search(String body) throws Exception {
    return ThreadSearch.of(JSON.readTree(body));
  }

  @Test
  void aSearchPagesByOffsetAndMapsEachLangGraphStatusToThreadlines() throws Exception {
    ThreadSearch idle =
        search(
            "{\"status\":\"idle\",\"metadata\":{\"topic\":\"g\"},\"limit\":20,\"offset\":40,"
                + "\"sort_order\":\"asc\"}");
    assertThat(idle.statuses()).isEqualTo("IDLE,COMPLETED,TERMINATED");
    assertThat(idle.metadata().path("topic").asText()).isEqualTo("g");
    assertThat(idle.limit()).isEqualTo(20);
    assertThat(idle.offset()).isEqualTo(40);
    assertThat(idle.ascending()).isTrue();
    assertThat(search("{\"status\":\"interrupted\"}").statuses()).isEqualTo("AWAITING_APPROVAL");
    ThreadSearch plain = search("{}");
    assertThat(plain.statuses()).isEmpty();
    assertThat(plain.limit()).isEqualTo(10);
    assertThat(plain.ascending()).isFalse();
  }

  /** A thread's graph_id is its agent: LangGraph front ends list an assistant's threads so. */
  @Test
  void aSearchByGraphIdIsASearchByAgent() throws Exception {
    ThreadSearch byGraph = search("{\"metadata\":{\"graph_id\":\"helper\",\"topic\":\"x\"}}");
    assertThat(byGraph.agents()).containsExactly("helper");
    assertThat(byGraph.metadata().has("graph_id")).isFalse();
    assertThat(byGraph.metadata().path("topic").asText()).isEqualTo("x");
    assertThat(search("{}").agents()).isEmpty();
  }

  /**
   * A thread declared without a graph is listed among the tenant's threads by its last activity,
   * each thread once across the pages, and once only when its run created it meanwhile.
   */
  @Test
  void aDeclaredThreadIsListedAmongTheTenantsThreadsByItsLastActivity() throws Exception {
    var threads = List.of(thread("t5", 50), thread("t3", 30), thread("t1", 10));
    var waiting = List.of(thread("d2", 20), thread("d4", 40), thread("t1", 5));
    assertThat(ids(search("{}").merged(threads, 0, waiting)))
        .containsExactly("t5", "d4", "t3", "d2", "t1");
    assertThat(ids(search("{\"sort_order\":\"asc\",\"limit\":2}").merged(threads, 0, waiting)))
        .containsExactly("t1", "d2");
    // A deep page reads the threads only from where the declared ones could have moved them:
    // offset 3 with 2 declared from the second thread on (t5 and d4 stand before it).
    assertThat(ids(search("{\"limit\":2,\"offset\":3}").merged(threads.subList(1, 3), 1, waiting)))
        .containsExactly("d2", "t1");
    assertThat(search("{\"offset\":9}").merged(List.of(), 7, waiting))
        .as("past the last of both")
        .isEmpty();
  }

  private static ObjectNode thread(String id, int second) {
    return JSON.createObjectNode()
        .put("thread_id", id)
        .put("updated_at", Instant.parse("2026-12-07T10:00:00Z").plusSeconds(second).toString());
  }

  private static List<String> ids(List<ObjectNode> threads) {
    return threads.stream().map(t -> t.path("thread_id").asText()).toList();
  }

  @Test
  void whatASearchCannotDoIsA422NamingTheField() {
    refused("{\"status\":\"sleeping\"}", "status");
    refused("{\"sort_by\":\"thread_id\"}", "sort_by");
    refused("{\"sort_order\":\"up\"}", "sort_order");
    refused("{\"values\":{\"x\":1}}", "values");
    refused("{\"metadata\":[1]}", "metadata");
    refused("{\"limit\":0}", "limit");
    refused("{\"limit\":501}", "limit");
    refused("{\"offset\":10001}", "offset");
  }

  private static void refused(String body, String field) {
    assertThatThrownBy(() -> search(body))
        .isInstanceOf(Problem.Failure.class)
        .satisfies(
            t ->
                assertThat(((Problem.Failure) t).problem().errors().getFirst().field())
                    .isEqualTo(field));
  }
}
