package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.AppendedMessage;
import dev.threadline.avro.Role;
import dev.threadline.ingest.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A state update's values as the messages it appends; what cannot be appended, refused. */
class StateUpdatesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<AppendedMessage> messages(String values) throws Exception {
    return StateUpdates.parse(JSON.readTree(values), 1_000).messages();
  }

  private static java.util.Map<String, String> entries(String values) throws Exception {
    return StateUpdates.parse(JSON.readTree(values), 1_000).entries();
  }

  private static void refused(String values, String field) {
    assertThatThrownBy(() -> messages(values))
        .isInstanceOfSatisfying(
            Problem.Failure.class,
            f -> assertThat(f.problem().errors().getFirst().field()).isEqualTo(field));
  }

  @Test
  void humanAndAiTextBecomeAUsersAndAnAssistantsMessages() throws Exception {
    List<AppendedMessage> appended =
        messages(
            "{\"messages\": [{\"type\": \"human\", \"content\": \"remember: tea\"},"
                + " {\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"noted\"}]}]}");

    assertThat(appended)
        .containsExactly(
            new AppendedMessage(Role.USER, "remember: tea"),
            new AppendedMessage(Role.ASSISTANT, "noted"));
  }

  @Test
  void oneMessageMayBeGivenWithoutAList() throws Exception {
    assertThat(messages("{\"messages\": {\"type\": \"human\", \"content\": \"hi\"}}")).hasSize(1);
  }

  @Test
  void otherValuesAreTheThreadsKeyValueEntriesNullDeletingOne() throws Exception {
    java.util.Map<String, String> set =
        entries("{\"mood\": \"calm\", \"plan\": {\"steps\": [1, 2]}, \"old\": null}");

    assertThat(set)
        .containsEntry("mood", "\"calm\"")
        .containsEntry("plan", "{\"steps\":[1,2]}")
        .containsEntry("old", null)
        .hasSize(3);
    assertThat(messages("{\"mood\": \"calm\"}")).isEmpty();
  }

  @Test
  void entriesTheStateCannotHoldAreRefusedNamingTheField() {
    refused("{}", "values");
    refused("{\"__interrupt__\": 1}", "values.__interrupt__");
    refused("{\"" + "k".repeat(257) + "\": 1}", "values." + "k".repeat(257));
    refused("{\"big\": \"" + "x".repeat(70_000) + "\"}", "values.big");
  }

  @Test
  void otherValuesToolMessagesCallsAndBadContentAreRefusedNamingTheField() {
    refused("[]", "values");
    refused("{\"messages\": []}", "values.messages");
    refused(
        "{\"messages\": [{\"type\": \"tool\", \"content\": \"x\"}]}", "values.messages[0].type");
    refused(
        "{\"messages\": [{\"type\": \"ai\", \"content\": \"x\", \"tool_calls\": [{\"id\": \"c\"}]}]}",
        "values.messages[0].tool_calls");
    refused(
        "{\"messages\": [{\"type\": \"human\", \"content\": 7}]}", "values.messages[0].content");
    refused(
        "{\"messages\": [{\"type\": \"human\", \"content\": \" \"}]}",
        "values.messages[0].content");
    refused(
        "{\"messages\": [{\"type\": \"human\", \"content\": \"" + "x".repeat(1_001) + "\"}]}",
        "values.messages[0].content");
  }
}
