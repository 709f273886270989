package dev.threadline.ingest.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The JSON-RPC 2.0 messages MCP is made of: a request's result or error, a notification. */
final class JsonRpc {
  static final ObjectMapper JSON = new ObjectMapper();

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;

  private JsonRpc() {}

  /** A refusal of the request as JSON-RPC names it: a protocol error, not a tool's. */
  static final class Error extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;

    Error(int code, String message) {
      super(message, null, false, false);
      this.code = code;
    }

    ObjectNode to(JsonNode id) {
      return error(id, code, getMessage());
    }
  }

  static ObjectNode result(JsonNode id, JsonNode result) {
    ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0");
    message.set("id", id);
    message.set("result", result);
    return message;
  }

  static ObjectNode error(JsonNode id, int code, String text) {
    ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0");
    message.set("id", id == null ? JSON.nullNode() : id);
    message.putObject("error").put("code", code).put("message", text);
    return message;
  }

  static ObjectNode notification(String method, JsonNode params) {
    ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method);
    message.set("params", params);
    return message;
  }
}
