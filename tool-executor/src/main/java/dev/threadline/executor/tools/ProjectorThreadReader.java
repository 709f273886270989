package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads a tool's thread from the projector's read API for the thread's tenant ({@link TenantGets}),
 * fenced at the event seq the call was issued at: the projector answers once it holds every event
 * up to it, so a read sees each write the thread made before the call. The tenant's definitions it
 * reads from the ingest's API, with the same kind of pass.
 */
final class ProjectorThreadReader implements ThreadReader {
  private final String baseUrl;
  private final String ingestUrl;
  private final String token;
  private final String tenant;
  private final String threadId;
  private final long eventSeq;

  /** {@code ingestUrl}: where definitions are read, or null. */
  ProjectorThreadReader(
      String baseUrl,
      String ingestUrl,
      String token,
      String tenant,
      String threadId,
      long eventSeq) {
    this.baseUrl = TenantGets.trimmed(baseUrl);
    this.ingestUrl = ingestUrl == null ? null : TenantGets.trimmed(ingestUrl);
    this.token = token;
    this.tenant = tenant;
    this.threadId = threadId;
    this.eventSeq = eventSeq;
  }

  @Override
  public ThreadReader relative(String other) {
    return new ProjectorThreadReader(baseUrl, ingestUrl, token, tenant, other, 0);
  }

  @Override
  public Optional<JsonNode> read(String path) {
    String separator = path.contains("?") ? "&" : "?";
    return get(
        URI.create(
            baseUrl
                + "/v1/threads/"
                + URLEncoder.encode(threadId, StandardCharsets.UTF_8)
                + path
                + separator
                + "atLeastSeq="
                + eventSeq),
        "the thread");
  }

  @Override
  public Optional<JsonNode> definition(String collection, String name) {
    if (ingestUrl == null) {
      return ThreadReader.super.definition(collection, name);
    }
    return get(
        URI.create(
            ingestUrl
                + "/v1/"
                + collection
                + "/"
                + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20")),
        collection + " '" + name + "'");
  }

  private Optional<JsonNode> get(URI uri, String what) {
    return new TenantGets(token, tenant).get(uri, what);
  }
}
