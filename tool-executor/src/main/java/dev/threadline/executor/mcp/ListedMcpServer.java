package dev.threadline.executor.mcp;

import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolSource;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A registered MCP server and the tools it offers now: listed when the executor starts, listed anew
 * each time the server says its list changed, and each new list handed to whoever follows it (the
 * catalog the door reads). Threads keep the tools their agent froze; a call to one the server no
 * longer offers is {@code unknown_tool}, one it gained is called at once.
 */
public final class ListedMcpServer implements ToolSource, AutoCloseable {
  private final McpConnection connection;
  private volatile McpListing listing;
  private volatile Consumer<McpListing> followers = changed -> {};

  ListedMcpServer(McpServerSettings server) {
    this.connection = new McpConnection(server, this::changed);
    this.listing = McpTools.list(connection);
  }

  /** The server's tools as last listed. */
  public McpListing listing() {
    return listing;
  }

  /** Tells {@code follower} each new list, on the SDK's thread: it hands slow work on. */
  public void follow(Consumer<McpListing> follower) {
    this.followers = follower;
  }

  private void changed(List<McpSchema.Tool> tools) {
    McpListing listed = McpTools.listing(connection, tools);
    listing = listed;
    followers.accept(listed);
  }

  @Override
  public Optional<Tool> find(String name) {
    return listing.tools().stream()
        .filter(t -> t.name().equals(name))
        .map(Tool.class::cast)
        .findFirst();
  }

  @Override
  public List<String> names() {
    return listing.tools().stream().map(McpTool::name).toList();
  }

  /** Ends the session with the server (a stdio server's process with it). */
  @Override
  public void close() {
    connection.close();
  }
}
