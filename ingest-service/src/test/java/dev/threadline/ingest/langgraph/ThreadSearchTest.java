package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.ingest.Problem;
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
    assertThat(byGraph.agent()).isEqualTo("helper");
    assertThat(byGraph.metadata().has("graph_id")).isFalse();
    assertThat(byGraph.metadata().path("topic").asText()).isEqualTo("x");
    assertThat(search("{}").agent()).isNull();
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
