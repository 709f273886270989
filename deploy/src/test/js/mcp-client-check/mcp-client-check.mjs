// The official MCP TypeScript SDK's client, unchanged, against Threadline as an MCP server
// (Streamable HTTP at /mcp, the tenant's key as a bearer token): it lists the tenant's agents as
// tools, calls one with its progress streamed, goes on with the conversation on the thread the call
// answered from, meets an approval the run waits for as a tool error, cancels a call midway (the
// run is cancelled) and is refused an unknown tool. Prints "mcp-client-check: ok" when every step held.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import assert from "node:assert/strict";

const base = process.env.THREADLINE_URL;
const key = process.env.THREADLINE_API_KEY;

function step(name) {
  console.log(`mcp-client-check: ${name}`);
}

const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
  requestInit: { headers: { Authorization: `Bearer ${key}` } },
});
const client = new Client({ name: "threadline-mcp-client-check", version: "1.0.0" });
await client.connect(transport);
assert.equal(client.getServerVersion().name, "threadline");

step("the tenant's agents listed as tools");
const { tools } = await client.listTools();
const helper = tools.find((t) => t.name === "mcp-helper");
assert.ok(helper, `mcp-helper among ${tools.map((t) => t.name)}`);
assert.equal(helper.description, "Adds numbers with a tool");
assert.deepEqual(helper.inputSchema.required, ["input"]);
assert.ok(!tools.some((t) => t.name === "mcp-hidden"), "an agent not exposed as a tool is not listed");

step("an agent called, its progress streamed");
const progress = [];
const first = await client.callTool(
  { name: "mcp-helper", arguments: { input: "what is 2 and 2?" } },
  undefined,
  { onprogress: (p) => progress.push(p), timeout: 120_000 },
);
assert.equal(first.isError, false, JSON.stringify(first));
assert.equal(first.content[0].text, "four");
assert.equal(first.structuredContent.status, "success");
const messages = progress.map((p) => p.message);
assert.match(messages[0], /^started run \S+ on thread \S+$/);
assert.ok(messages.includes("calling echo"), `progress: ${messages}`);
assert.ok(messages.includes("echo answered"), `progress: ${messages}`);
assert.ok(progress.every((p, i) => i === 0 || p.progress > progress[i - 1].progress), "progress rises");

step("the conversation goes on on its thread");
const threadId = first.structuredContent.threadId;
const second = await client.callTool({
  name: "mcp-helper",
  arguments: { input: "and 3 and 3?", threadId },
});
assert.equal(second.isError, false, JSON.stringify(second));
assert.equal(second.content[0].text, "six");
assert.equal(second.structuredContent.threadId, threadId);

step("an approval the run waits for is a tool error that says how to decide it");
const asked = await client.callTool({ name: "mcp-asker", arguments: { input: "deploy" } });
assert.equal(asked.isError, true);
assert.equal(asked.structuredContent.status, "interrupted");
assert.match(asked.content[0].text, /awaits approval of tool 'echo'/);

step("a call cancelled midway cancels its run");
const abort = new AbortController();
let started;
const cancelled = client
  .callTool({ name: "mcp-slow", arguments: { input: "take your time" } }, undefined, {
    signal: abort.signal,
    onprogress: (p) => {
      started ??= p.message.match(/^started run (\S+) on thread (\S+)$/);
      if (p.message === "echo answered") abort.abort("the user changed their mind");
    },
    timeout: 120_000,
  })
  .then(
    () => assert.fail("a cancelled call answered"),
    (e) => e,
  );
assert.ok((await cancelled) !== undefined);
assert.ok(started, "the first progress named the run");
const [, runId, slowThread] = started;
let run;
for (let i = 0; i < 300 && run?.status !== "cancelled"; i++) {
  const answer = await fetch(`${base}/v1/threads/${slowThread}/runs/${runId}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  run = answer.ok ? await answer.json() : undefined;
  if (run?.status !== "cancelled") await new Promise((resolve) => setTimeout(resolve, 200));
}
assert.equal(run?.status, "cancelled", JSON.stringify(run));

step("an unknown tool is refused");
await assert.rejects(
  client.callTool({ name: "no-such-agent", arguments: { input: "hi" } }),
  (e) => e.code === -32602,
);

await client.close();
console.log("mcp-client-check: ok");
