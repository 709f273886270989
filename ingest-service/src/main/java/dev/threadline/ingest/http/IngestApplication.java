package dev.threadline.ingest.http;

import dev.threadline.ingest.Problem;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The HTTP API as one application: where the OpenAPI document's shared parts are declared — the
 * problem details every operation may answer ({@link ProblemResponses} lists them on each).
 */
@OpenAPIDefinition(
    info = @Info(title = "Threadline ingest API", version = "1"),
    components = @Components(schemas = @Schema(name = "Problem", implementation = Problem.class)))
public class IngestApplication extends Application {}
