package dev.threadline.executor.model;

import com.anthropic.errors.AnthropicServiceException;
import dev.threadline.config.ModelErrors;
import java.util.Locale;

/**
 * What the Messages API answered, as a classified failure: 429 (rate limited), 529 ({@code
 * overloaded}), 408 and 5xx are retryable, after the {@code retry-after} the API gives; a prompt
 * too long for the model is {@value ModelErrors#CONTEXT_TOO_LONG} (the step processor compacts and
 * calls again); 400, 401, 403, 404 and 413 are not. The tenant's thread is told the status, the
 * API's error type and — for a request the API found malformed — what it said of the request, with
 * anything like a key masked; what it says of the operator's account stays in the operator's log.
 */
final class AnthropicRefusals {

  private AnthropicRefusals() {}

  static ModelOutcome.Failure failure(AnthropicServiceException e) {
    int status = e.statusCode();
    String type = e.type().map(Object::toString).orElse("");
    String said = e.apiMessage().orElse("");
    if (status == 400 && said.toLowerCase(Locale.ROOT).contains("prompt is too long")) {
      return new ModelOutcome.Failure(
          ModelErrors.CONTEXT_TOO_LONG, "the prompt is too long for the model (400)", false);
    }
    boolean retryable = status == 429 || status == 408 || status >= 500;
    String code =
        status == 529 ? "overloaded" : status == 404 ? "model_not_found" : "http_" + status;
    String what =
        switch (status) {
          case 401, 403 -> "the model endpoint refused the operator's credentials";
          case 404 -> "the model endpoint does not serve this model to the operator";
          case 429 -> "the model endpoint is rate limiting the operator's account";
          case 529 -> "the model endpoint is overloaded";
          case 400, 413, 422 ->
              "the model endpoint refused the request: " + ProviderRefusals.masked(said);
          default ->
              status >= 500 ? "the model endpoint failed" : "the model endpoint refused the call";
        };
    String message = what + " (" + status + (type.isEmpty() ? "" : "; type " + type) + ")";
    return new ModelOutcome.Failure(
        code, message, retryable, RetryAfter.of(e.headers().values("retry-after")));
  }
}
