package dev.threadline.ingest;

import dev.threadline.files.ThreadFiles;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A thread's files: upload one to {@code /attachments/...} of the caller's thread, list them,
 * download one. Files live in the shared folder every service mounts ({@link ThreadFiles}), under
 * the caller's tenant, so no tenant reaches another's. A file then goes with a message as an
 * attachment ({@code attachments: [{"path": "/attachments/photo.png"}]}) and is copied to a child
 * with the thread's work.
 */
@Path("/v1/threads/{id}/files")
public class FileResource {
  private final ThreadCommandSender threads;
  private final ThreadFiles files;
  private final long maxBytes;

  public FileResource(
      ThreadCommandSender threads,
      @ConfigProperty(
              name = "threadline.blobs.dir",
              defaultValue = "${java.io.tmpdir}/threadline-blobs")
          String root,
      @ConfigProperty(name = "threadline.files.max.bytes", defaultValue = "8000000")
          long maxBytes) {
    this.threads = threads;
    this.files = new ThreadFiles(java.nio.file.Path.of(root));
    this.maxBytes = maxBytes;
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  public Response upload(
      @PathParam("id") String threadId,
      @QueryParam("path") String path,
      InputStream body,
      @Context HttpHeaders headers) {
    String tenant = threads.tenant(threadId, headers);
    String refused = ThreadFiles.pathRefusal(path);
    if (refused != null || files.resolve(tenant, threadId, path).isEmpty()) {
      throw Problem.invalid(
          "path",
          refused != null
              ? refused
              : "a path of the thread under /attachments/, e.g. /attachments/photo.png");
    }
    MediaType type = headers.getMediaType();
    try {
      var stored = files.write(tenant, threadId, path, contentType(type), body, maxBytes);
      return Response.status(201).entity(stored).build();
    } catch (ThreadFiles.TooLarge e) {
      throw Problem.tooLarge("$", e.getMessage() + " (threadline.files.max.bytes)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public Response list(@PathParam("id") String threadId, @Context HttpHeaders headers) {
    String tenant = threads.tenant(threadId, headers);
    try {
      return Response.ok(Map.of("files", files.list(tenant, threadId))).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @GET
  @Path("{path: .+}")
  public Response download(
      @PathParam("id") String threadId,
      @PathParam("path") String path,
      @Context HttpHeaders headers) {
    String tenant = threads.tenant(threadId, headers);
    String threadPath = "/" + path;
    try {
      // Stat first: a path that leaves the thread's folder, or names no file, is the same 404.
      var stored =
          files
              .stat(tenant, threadId, threadPath)
              .orElseThrow(() -> Problem.notFound("no file " + threadPath));
      var file =
          files
              .resolve(tenant, threadId, threadPath)
              .orElseThrow(() -> Problem.notFound("no file " + threadPath));
      return Response.ok(Files.newInputStream(file), stored.contentType())
          .header("Content-Length", stored.bytes())
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The type as given; a charset only where it means something (text). */
  private static String contentType(MediaType type) {
    if (type == null) {
      return "application/octet-stream";
    }
    String base = type.getType() + "/" + type.getSubtype();
    String charset = type.getParameters().get("charset");
    return type.getType().equals("text") && charset != null ? base + ";charset=" + charset : base;
  }
}
