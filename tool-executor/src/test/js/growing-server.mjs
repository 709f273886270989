// An MCP server whose tool list changes while it runs, built with the official MCP TypeScript SDK
// (the one the reference servers are built with): calling "grow" adds the tool "added", calling
// "shrink" removes it — and the SDK tells the client each time (notifications/tools/list_changed).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "growing", version: "1.0.0" });
let added;

server.registerTool("grow", { description: "Adds the tool 'added' to this server" }, async () => {
  added ??= server.registerTool("added", { description: "Added while the server ran" }, async () => ({
    content: [{ type: "text", text: "I was added" }],
  }));
  return { content: [{ type: "text", text: "grown" }] };
});

server.registerTool("shrink", { description: "Removes the tool 'added'" }, async () => {
  added?.remove();
  added = undefined;
  return { content: [{ type: "text", text: "shrunk" }] };
});

await server.connect(new StdioServerTransport());
