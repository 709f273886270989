package dev.threadline.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;

/**
 * An RFC 9457 problem detail ({@code application/problem+json}); thrown as {@link Failure} anywhere
 * in request handling and rendered by {@link Mapper}. Validation problems name the field.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(
    String type, String title, int status, String detail, List<FieldError> errors) {
  public static final String MEDIA_TYPE = "application/problem+json";

  public record FieldError(String field, String message) {}

  public static Failure badRequest(String detail) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/bad-request", "Bad request", 400, detail, null),
        null);
  }

  public static Failure invalid(String field, String message) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/invalid-request",
            "Invalid request",
            422,
            field + ": " + message,
            List.of(new FieldError(field, message))),
        null);
  }

  /** 400 for a request that breaks the message model, naming the field. */
  public static Failure invalidMessage(String field, String message) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/invalid-message",
            "Invalid message",
            400,
            field + ": " + message,
            List.of(new FieldError(field, message))),
        null);
  }

  public static Failure notFound(String detail) {
    return new Failure(
        new Problem("https://threadline.dev/problems/not-found", "Not found", 404, detail, null),
        null);
  }

  /** 409: the request conflicts with what is stored (a definition still in use). */
  public static Failure conflict(String detail) {
    return new Failure(
        new Problem("https://threadline.dev/problems/conflict", "Conflict", 409, detail, null),
        null);
  }

  public static Failure tooLarge(String field, String detail) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/too-large",
            "Payload too large",
            413,
            detail,
            List.of(new FieldError(field, detail))),
        null);
  }

  public static Failure unauthorized() {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/unauthorized",
            "Unauthorized",
            401,
            "send Authorization: Bearer <api key>",
            null),
        null);
  }

  /** 401 for an end user's token that cannot be taken: why, never the token itself. */
  public static Failure unauthorizedToken(String why) {
    return new Failure(
        new Problem("https://threadline.dev/problems/unauthorized", "Unauthorized", 401, why, null),
        null);
  }

  /** 403: a credential that is known but may not do this. */
  public static Failure forbidden(String detail) {
    return new Failure(
        new Problem("https://threadline.dev/problems/forbidden", "Forbidden", 403, detail, null),
        null);
  }

  /** 429: a quota of live threads reached; no Retry-After, it lasts until threads end. */
  public static Failure tooManyThreads(String detail) {
    return new Failure(
        new Problem("https://threadline.dev/problems/quota", "Too many threads", 429, detail, null),
        null);
  }

  /** 429: the tenant's threads hold the most bytes its quota allows. */
  public static Failure threadsHoldTooMuch(String detail) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/quota", "Threads hold too much", 429, detail, null),
        null);
  }

  /** 429: the tenant's store holds the most items its quota allows. */
  public static Failure storeFull(String detail) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/quota", "The store is full", 429, detail, null),
        null);
  }

  /** 429: the tenant holds the most crons its quota allows. */
  public static Failure tooManyCrons(String detail) {
    return new Failure(
        new Problem("https://threadline.dev/problems/quota", "Too many crons", 429, detail, null),
        null);
  }

  /** 429: a rate limit reached; Retry-After says when a request would pass again. */
  public static Failure rateLimited(String detail, long retryAfterSeconds) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/rate-limited", "Too many requests", 429, detail, null),
        String.valueOf(retryAfterSeconds));
  }

  public static Failure unavailable(String detail) {
    return new Failure(
        new Problem(
            "https://threadline.dev/problems/unavailable",
            "Service unavailable",
            503,
            detail,
            null),
        "5");
  }

  /** A problem to answer with; {@code retryAfter} (seconds) sets the Retry-After header. */
  public static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Problem problem;
    private final String retryAfter;

    Failure(Problem problem, String retryAfter) {
      super(problem.detail(), null, false, false);
      this.problem = problem;
      this.retryAfter = retryAfter;
    }

    public Problem problem() {
      return problem;
    }

    public Response toResponse() {
      Response.ResponseBuilder r =
          Response.status(problem.status()).type(MEDIA_TYPE).entity(problem);
      if (retryAfter != null) {
        r.header("Retry-After", retryAfter);
      }
      return r.build();
    }
  }

  @Provider
  public static final class Mapper implements ExceptionMapper<Failure> {
    @Override
    public Response toResponse(Failure failure) {
      return failure.toResponse();
    }
  }
}
