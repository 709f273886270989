// An MCP server whose tool list changes while it runs, built with the official MCP TypeScript SDK
// (the one the reference servers are built with): calling "grow" adds the tool "added", calling
// "shrink" removes it — and the SDK tells the client each time (notifications/tools/list_changed).
// "wait" answers only when cancelled: the SDK aborts its signal on notifications/cancelled, and
// the reason is appended to the file named by the first argument.
import { appendFileSync } from "node:fs";
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

server.registerTool("wait", { description: "Waits until the call is cancelled" }, (extra) =>
  new Promise((resolve) => {
    extra.signal.addEventListener("abort", () => {
      appendFileSync(process.argv[2], `cancelled: ${extra.signal.reason}\n`);
      resolve({ content: [{ type: "text", text: "cancelled" }] });
    });
  }),
);

await server.connect(new StdioServerTransport());
