package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.DefinitionKind;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.config.Limits;
import dev.threadline.config.ModelPolicy;
import dev.threadline.ingest.AgentDefiner;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.IngestSecrets;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.bodies.AgentJson;
import dev.threadline.ingest.bodies.DefinitionEnv;
import dev.threadline.ingest.bodies.DefinitionJson;
import dev.threadline.ingest.bodies.Json;
import dev.threadline.ingest.kafka.CommandLog;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

/**
 * A tenant's models and prompts by name ({@code /v1/models}, {@code /v1/prompts}). Agents name
 * them; redefining one re-resolves every agent that names it (all checked before anything is
 * written, so a change that would make one of them invalid is refused whole), and one still named
 * cannot be deleted (409 naming who names it).
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/v1/{kind: models|prompts}")
@Produces(MediaType.APPLICATION_JSON)
public class DefinitionResource {
  @Inject Caller caller;
  @Inject CommandLog log;
  @Inject Limits limits;
  @Inject ModelPolicy modelPolicy;
  @Inject AgentDefiner definer;
  @Inject IngestSecrets secrets;
  private final Clock clock = Clock.systemUTC();

  @PUT
  @Path("{name}")
  public Response put(
      @PathParam("kind") String kindPath,
      @PathParam("name") String name,
      @RequestBody(ref = "ModelOrPrompt") String body,
      @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    DefinitionKind kind = kind(kindPath);
    if (!AgentJson.NAME.matcher(name).matches()) {
      throw Problem.invalid("name", "use 1-100 of A-Z a-z 0-9 . _ -");
    }
    int bytes = body == null ? 0 : body.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > limits.agentBytes()) {
      throw Problem.tooLarge(
          "$",
          Limits.over(
              "the " + DefinitionJson.label(kind), bytes, limits.agentBytes(), "agent.bytes"));
    }
    var view = log.definitions(kind);
    if (view.full(tenant, name)) {
      throw view.quotaReached(tenant);
    }
    JsonNode valid = DefinitionJson.read(kind, Json.parse(body), definer.lookup(tenant));
    if (kind == DefinitionKind.PROMPT) {
      DefinitionEnv.sealPrompt(
          (com.fasterxml.jackson.databind.node.ObjectNode) valid, tenant, secrets);
    }
    JsonNode model = DefinitionJson.inlineModel(kind, valid);
    ModelPolicy.Refusal refusal =
        model == null ? null : modelPolicy.definitionRefusal(tenant, model);
    if (refusal != null) {
      // The policy names a model's fields as model.<field>; a model resource's body is the model.
      throw Problem.invalid(
          kind == DefinitionKind.MODEL
              ? refusal.field().replaceFirst("^model\\.", "")
              : refusal.field(),
          refusal.reason());
    }
    NamedDefinition definition =
        new NamedDefinition(tenant, kind, name, valid.toString(), clock.instant());
    List<AgentDefinition> agents = reResolved(tenant, definition);
    log.checkRoom(tenant, definition, agents);
    log.publishDefinition(definition);
    // After the definition: a crash in between leaves agents on the old one until this PUT is
    // repeated (it is idempotent), never an agent naming a definition that is not there.
    agents.forEach(log::publishAgent);
    return Response.ok(DefinitionJson.render(definition, names(agents))).build();
  }

  /** Every agent naming {@code definition}, resolved again with it; refused whole if one fails. */
  private List<AgentDefinition> reResolved(String tenant, NamedDefinition definition) {
    List<AgentDefinition> agents = new ArrayList<>();
    var lookup = definer.lookup(tenant, definition);
    for (AgentDefinition agent :
        definer.using(tenant, definition.getKind(), definition.getName())) {
      try {
        agents.add(
            definer.define(tenant, agent.getName(), Json.parse(agent.getWrittenJson()), lookup));
      } catch (Problem.Failure e) {
        throw Problem.invalid(
            "$",
            "agent '"
                + agent.getName()
                + "' names this and would be invalid with it: "
                + e.problem().detail());
      }
    }
    return agents;
  }

  @GET
  @Path("{name}")
  public Response get(
      @PathParam("kind") String kindPath,
      @PathParam("name") String name,
      @Context HttpHeaders headers) {
    String tenant = caller.reader(headers);
    DefinitionKind kind = kind(kindPath);
    NamedDefinition definition = find(tenant, kind, name);
    return Response.ok(DefinitionJson.render(definition, names(definer.using(tenant, kind, name))))
        .build();
  }

  @GET
  public Response list(@PathParam("kind") String kindPath, @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    DefinitionKind kind = kind(kindPath);
    ObjectNode answer = Json.MAPPER.createObjectNode();
    ArrayNode items = answer.putArray(kindPath);
    for (NamedDefinition d : log.definitions(kind).list(tenant)) {
      items.add(DefinitionJson.render(d, names(definer.using(tenant, kind, d.getName()))));
    }
    return Response.ok(answer).build();
  }

  /** Deletes a model or prompt no agent (and, for a model, no prompt) names any more. */
  @DELETE
  @Path("{name}")
  public Response delete(
      @PathParam("kind") String kindPath,
      @PathParam("name") String name,
      @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    DefinitionKind kind = kind(kindPath);
    find(tenant, kind, name);
    List<String> users = new ArrayList<>();
    definer.using(tenant, kind, name).forEach(a -> users.add("agent '" + a.getName() + "'"));
    if (kind == DefinitionKind.MODEL) {
      for (NamedDefinition prompt : log.definitions(DefinitionKind.PROMPT).list(tenant)) {
        if (name.equals(Json.parse(prompt.getBodyJson()).path("model").asText(null))) {
          users.add("prompt '" + prompt.getName() + "'");
        }
      }
    }
    if (!users.isEmpty()) {
      throw Problem.conflict(
          DefinitionJson.label(kind)
              + " '"
              + name
              + "' is named by "
              + String.join(", ", users)
              + ": change them first");
    }
    log.deleteDefinition(tenant, kind, name);
    return Response.noContent().build();
  }

  private NamedDefinition find(String tenant, DefinitionKind kind, String name) {
    return log.definitions(kind)
        .get(tenant, name)
        .orElseThrow(
            () -> Problem.notFound("no " + DefinitionJson.label(kind) + " '" + name + "'"));
  }

  private static DefinitionKind kind(String path) {
    return path.equals("models") ? DefinitionKind.MODEL : DefinitionKind.PROMPT;
  }

  private static List<String> names(List<AgentDefinition> agents) {
    return agents.stream().map(AgentDefinition::getName).toList();
  }
}
