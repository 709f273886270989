package dev.threadline.ingest.http;

import static jakarta.ws.rs.core.MediaType.APPLICATION_JSON;

import dev.threadline.ingest.Problem;
import dev.threadline.ingest.bodies.AgentBody;
import dev.threadline.ingest.bodies.DefinitionJson;
import dev.threadline.ingest.bodies.MessageBodies;
import dev.threadline.ingest.bodies.ThreadBodies;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

/**
 * The HTTP API as one application: where the OpenAPI document's shared parts are declared — the
 * problem details every operation may answer ({@link ProblemResponses} lists them on each), and the
 * JSON bodies operations take, each described once by the record it is read into and named by the
 * operations with {@code @RequestBody(ref = …)} (a resource reads its body as text, so nothing
 * would tell the document its shape otherwise).
 */
@OpenAPIDefinition(
    info = @Info(title = "Threadline ingest API", version = "1"),
    components =
        @Components(
            schemas = @Schema(name = "Problem", implementation = Problem.class),
            requestBodies = {
              @RequestBody(
                  name = "Agent",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = AgentBody.class))),
              @RequestBody(
                  name = "ModelOrPrompt",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = DefinitionJson.ModelOrPrompt.class))),
              @RequestBody(
                  name = "SendMessage",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = MessageBodies.SendMessage.class))),
              @RequestBody(
                  name = "QueueTool",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.QueueTool.class))),
              @RequestBody(
                  name = "Reason",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.Reason.class))),
              @RequestBody(
                  name = "AppendMessages",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.AppendMessages.class))),
              @RequestBody(
                  name = "SetMetadata",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.SetMetadata.class))),
              @RequestBody(
                  name = "Fork",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.Fork.class))),
              @RequestBody(
                  name = "Branch",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.Branch.class))),
              @RequestBody(
                  name = "EnvValue",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = AgentBody.EnvValue.class))),
              @RequestBody(
                  name = "Approval",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.Approval.class))),
              @RequestBody(
                  name = "CreateThread",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.CreateThread.class))),
              @RequestBody(
                  name = "ScheduleEffect",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = ThreadBodies.ScheduleEffect.class))),
              @RequestBody(
                  name = "Provided",
                  content =
                      @Content(
                          mediaType = APPLICATION_JSON,
                          schema = @Schema(implementation = VariablesResource.Provided.class)))
            }))
public class IngestApplication extends Application {}
