package dev.threadline.ingest.http;

import dev.threadline.files.FileQuota;
import dev.threadline.files.ThreadFileStores;
import dev.threadline.files.ThreadFiles;
import dev.threadline.ingest.IngestLimits;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.ThreadCall;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.identity.ForEndUsers;
import dev.threadline.ingest.reads.ThreadOwners;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A thread's files: upload one to {@code /attachments/...} of the caller's thread, list them,
 * download one. Files live in the shared folder every service mounts ({@link ThreadFiles}), under
 * the caller's tenant, so no tenant reaches another's. A file then goes with a message as an
 * attachment ({@code attachments: [{"path": "/attachments/photo.png"}]}) and is copied to a child
 * with the thread's work. An upload goes only to an existing thread of the caller's ({@link
 * ThreadOwners}). Each thread and each tenant hold what {@link FileQuota} allows; a file is deleted
 * to make room.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
// An end user reaches the files of their own threads only: each route names its thread through
// ThreadCommandSender.tenant, which checks the thread's owner.
@ForAgentKeys
@ForEndUsers
@Path("/v1/threads/{id}/files")
public class FileResource {
  private final ThreadCommandSender threads;
  private final ThreadFiles files;
  private final ThreadOwners owners;

  public FileResource(
      ThreadCommandSender threads,
      ThreadOwners owners,
      @ConfigProperty(
              name = "threadline.blobs.dir",
              defaultValue = "${java.io.tmpdir}/threadline-blobs")
          String root,
      Config config) {
    this.threads = threads;
    this.owners = owners;
    this.files =
        ThreadFileStores.from(
            IngestLimits.settingsStartingWith(config, "threadline.files."),
            java.nio.file.Path.of(root));
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  public Response upload(
      @BeanParam ThreadCall call, @QueryParam("path") String path, InputStream body)
      throws IOException {
    String tenant = threads.tenant(call);
    String refused = ThreadFiles.pathRefusal(path);
    if (refused != null) {
      throw Problem.invalid("path", refused);
    }
    // Only to a thread of the caller's: files of threads it never had would still count.
    owners.requireOwned(tenant, call.threadId());
    MediaType type = call.headers().getMediaType();
    FileQuota.Room room = files.room(tenant, call.threadId(), path);
    if (room.refusal() != null) {
      throw Problem.tooLarge("$", room.refusal());
    }
    if (call.headers().getLength() > room.bytes()) {
      throw Problem.tooLarge("$", room.tooLarge());
    }
    try {
      var stored =
          files.write(tenant, call.threadId(), path, contentType(type), body, room.bytes());
      return Response.status(201).entity(stored).build();
    } catch (ThreadFiles.TooLarge e) {
      throw Problem.tooLarge("$", room.tooLarge());
    }
  }

  @DELETE
  @Path("{path: .+}")
  public Response delete(@BeanParam ThreadCall call, @PathParam("path") String path)
      throws IOException {
    String tenant = threads.tenant(call);
    if (!files.delete(tenant, call.threadId(), "/" + path)) {
      throw Problem.notFound("no file /" + path);
    }
    return Response.noContent().build();
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public Response list(@BeanParam ThreadCall call) throws IOException {
    String tenant = threads.tenant(call);
    return Response.ok(Map.of("files", files.list(tenant, call.threadId()))).build();
  }

  @GET
  @Path("{path: .+}")
  public Response download(@BeanParam ThreadCall call, @PathParam("path") String path)
      throws IOException {
    String tenant = threads.tenant(call);
    String threadPath = "/" + path;
    // Stat first: a path that leaves the thread's folder, or names no file, is the same 404.
    var stored =
        files
            .stat(tenant, call.threadId(), threadPath)
            .orElseThrow(() -> Problem.notFound("no file " + threadPath));
    var file =
        files
            .open(tenant, call.threadId(), threadPath)
            .orElseThrow(() -> Problem.notFound("no file " + threadPath));
    return Response.ok(file, stored.contentType()).header("Content-Length", stored.bytes()).build();
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
