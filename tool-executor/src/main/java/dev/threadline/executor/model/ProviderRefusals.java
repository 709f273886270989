package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.errors.OpenAIServiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A model endpoint's refusal as the tenant's thread records it. What the endpoint says of the
 * operator's account — its organization and usage in a 429, a hint of its key in a 401, the models
 * its project may use in a 403 or 404 — is the operator's, kept for the operator's log: the tenant
 * sees the status, what kind of refusal it was (the error's type, code and parameter, the API's own
 * enumerations) and, for a request the endpoint found malformed (400, 422), what it said of the
 * request, with anything like a key or an organization id masked.
 */
final class ProviderRefusals {
  private static final Pattern ACCOUNT = Pattern.compile("\\b(sk|org|proj)-[A-Za-z0-9_*\\-]+");

  private ProviderRefusals() {}

  static String forTenant(OpenAIServiceException e) {
    int status = e.statusCode();
    List<String> kind = new ArrayList<>();
    e.type().ifPresent(t -> kind.add("type " + t));
    e.code().ifPresent(c -> kind.add("code " + c));
    e.param().ifPresent(p -> kind.add("parameter " + p));
    String what =
        switch (status) {
          case 401, 403 -> "the model endpoint refused the operator's credentials";
          case 404 -> "the model endpoint does not serve this model to the operator";
          case 408 -> "the model endpoint timed out";
          case 429 -> "the model endpoint is rate limiting the operator's account";
          case 400, 422 -> "the model endpoint refused the request: " + requestProblem(e);
          default ->
              status >= 500 ? "the model endpoint failed" : "the model endpoint refused the call";
        };
    return what + " (" + status + (kind.isEmpty() ? "" : "; " + String.join(", ", kind)) + ")";
  }

  /** What the endpoint said of the request itself, its account details masked, shortened. */
  private static String requestProblem(OpenAIServiceException e) {
    String said;
    try {
      // The client hands over the body's error object (or, from some endpoints, the whole body).
      JsonNode body = e.body().convert(JsonNode.class);
      JsonNode error = body.has("error") ? body.get("error") : body;
      said = error.path("message").asText("");
    } catch (RuntimeException unreadable) {
      said = "";
    }
    return masked(said);
  }

  /**
   * What an endpoint said of a request, for the tenant: anything like a key or an organization or
   * project id masked, at most 500 characters.
   */
  static String masked(String said) {
    String text =
        said.isBlank() ? "(no reason given)" : ACCOUNT.matcher(said).replaceAll("[hidden]");
    return text.length() <= 500 ? text : text.substring(0, 500) + "…";
  }
}
