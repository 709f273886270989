package dev.threadline.ingest.http;

import dev.threadline.ingest.Problem;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Operation;

/**
 * Every operation refuses the same way — RFC 9457 problem details ({@link Problem}) naming the
 * field or the limit — so the document says so once, here, for all of them.
 */
public class ProblemResponses implements OASFilter {
  @Override
  public Operation filterOperation(Operation operation) {
    if (operation.getResponses() != null && !operation.getResponses().hasAPIResponse("4XX")) {
      operation
          .getResponses()
          .addAPIResponse(
              "4XX",
              OASFactory.createAPIResponse()
                  .description("refused: RFC 9457 problem details naming the field or limit")
                  .content(
                      OASFactory.createContent()
                          .addMediaType(
                              Problem.MEDIA_TYPE,
                              OASFactory.createMediaType()
                                  .schema(
                                      OASFactory.createSchema()
                                          .ref("#/components/schemas/Problem")))));
    }
    return operation;
  }
}
