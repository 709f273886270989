package dev.threadline.executor.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * The SDK's transport, and what its client cannot do: tell a server that a call was given up
 * ({@code notifications/cancelled}, naming the request the client sent). It notes the JSON-RPC id
 * of each {@code tools/call} it carries by the call's progress token (the executor's request id),
 * so a call the executor cut at its timeout is cancelled on the server too, rather than left to
 * finish there for nobody.
 */
final class CancellingTransport implements McpClientTransport {
  private final McpClientTransport transport;
  private final Map<Object, Object> requestIds = new ConcurrentHashMap<>();

  CancellingTransport(McpClientTransport transport) {
    this.transport = transport;
  }

  /** Tells the server the call of {@code token} is given up; nothing if none was sent. */
  void cancel(String token, String reason) {
    Object id = requestIds.remove(token);
    if (id != null) {
      transport
          .sendMessage(
              new McpSchema.JSONRPCNotification(
                  McpSchema.JSONRPC_VERSION,
                  "notifications/cancelled",
                  Map.of("requestId", id, "reason", reason)))
          .subscribe(sent -> {}, failed -> {}); // a session that broke cancels nothing anyway
    }
  }

  /** The call of {@code token} is over: there is nothing left to cancel. */
  void forget(String token) {
    requestIds.remove(token);
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCRequest request
        && McpSchema.METHOD_TOOLS_CALL.equals(request.method())
        && request.params() instanceof McpSchema.CallToolRequest call
        && call.meta() != null
        && call.meta().get("progressToken") != null) {
      requestIds.put(call.meta().get("progressToken"), request.id());
    }
    return transport.sendMessage(message);
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return transport.connect(handler);
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    transport.setExceptionHandler(handler);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return transport.closeGracefully();
  }

  @Override
  public void close() {
    transport.close();
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return transport.unmarshalFrom(data, type);
  }

  @Override
  public List<String> protocolVersions() {
    return transport.protocolVersions();
  }
}
