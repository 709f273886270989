package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Creating a thread requires every required variable of its agent graph (the Standard Agents
 * model): a subagent's, and its subagents', that its thread can only inherit from the thread
 * created now are asked for now, not when the child starts hours later. What a child cannot inherit
 * — a variable its agent, or one between, declares scoped — is asked for when it starts.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class TeamVariablesApiTest {

  @BeforeEach
  void team() {
    put(
            "key-a",
            "/v1/agents/fetcher",
            """
            {"model": {"provider": "scripted"}, "env": {"UNIT": "C"},
             "variables": [{"name": "API_TOKEN", "type": "secret", "required": true},
                           {"name": "UNIT", "required": true},
                           {"name": "VAULT_KEY", "type": "secret", "required": true,
                            "scoped": true}]}""")
        .statusCode(200);
    put(
            "key-a",
            "/v1/agents/lead",
            """
            {"model": {"provider": "scripted"},
             "subagents": [{"name": "fetch", "agent": "fetcher"}]}""")
        .statusCode(200);
    put(
            "key-a",
            "/v1/agents/boss",
            """
            {"model": {"provider": "scripted"},
             "subagents": [{"name": "delegate", "agent": "lead"},
                           {"name": "maybe", "agent": "fetcher", "optional": "USE_FETCHER"}]}""")
        .statusCode(200);
  }

  @Test
  void aSubagentsRequiredVariableMissingAtCreationIs422NamingItAndTheSubagent() {
    post("key-a", "/v1/threads", "{\"agent\": \"lead\"}")
        .spec(unprocessable("env.API_TOKEN"))
        .body(
            "detail", allOf(containsString("subagent 'fetch'"), containsString("agent 'fetcher'")));
  }

  @Test
  void aGrandchildsRequiredVariableIsAskedForByTheRootThread() {
    post("key-a", "/v1/threads", "{\"agent\": \"boss\"}")
        .spec(unprocessable("env.API_TOKEN"))
        .body("detail", containsString("subagent 'fetch'"));
  }

  @Test
  void givenAtCreationOrByTheChildsOwnDefinitionTheThreadIsCreated() {
    post("key-a", "/v1/threads", "{\"agent\": \"boss\", \"env\": {\"API_TOKEN\": \"t0k3n\"}}")
        .statusCode(201);
  }

  @Test
  void aScopedVariableOfAChildIsNotAskedForAtCreation() {
    // VAULT_KEY is scoped: the thread created now could not hand it down; the child asks for it.
    post("key-a", "/v1/threads", "{\"agent\": \"lead\", \"env\": {\"API_TOKEN\": \"t\"}}")
        .statusCode(201);
  }
}
