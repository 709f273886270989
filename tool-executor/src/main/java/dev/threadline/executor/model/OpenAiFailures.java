package dev.threadline.executor.model;

import com.openai.errors.OpenAIServiceException;
import dev.threadline.config.ModelErrors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an OpenAI API (Chat Completions or Responses) call's failure is, classified: 429, 408 and
 * 5xx retryable, after the endpoint's {@code retry-after}; a context too long for the model its own
 * kind ({@value ModelErrors#CONTEXT_TOO_LONG}: the step processor compacts and calls again); 400,
 * 401, 403 and 404 not. The tenant's thread is told what {@link ProviderRefusals} lets it see; the
 * endpoint's own words, which may be about the operator's account, go to the operator's log.
 */
final class OpenAiFailures {
  private static final Logger LOG = LoggerFactory.getLogger(OpenAiFailures.class);

  private OpenAiFailures() {}

  static ModelOutcome.Failure refused(OpenAIServiceException e, String threadId) {
    int status = e.statusCode();
    boolean retryable = status == 429 || status == 408 || status >= 500;
    LOG.warn("model call of thread {} refused: {}", threadId, e.getMessage());
    String code =
        e.code().filter(ModelErrors.CONTEXT_TOO_LONG::equals).isPresent()
            ? ModelErrors.CONTEXT_TOO_LONG
            : "http_" + status;
    return new ModelOutcome.Failure(
        code,
        ProviderRefusals.forTenant(e),
        retryable,
        RetryAfter.of(e.headers().values("retry-after")));
  }
}
