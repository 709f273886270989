// The official LangGraph JS SDK, unchanged, against Threadline's Agent Server endpoints: assistants,
// threads, a run streamed token by token, a run waited for, an interrupt approved, a run
// rejoined after its client disconnected, and an answer regenerated and a message edited from the
// history's checkpoints. Prints "langgraph-sdk-check: ok" when every step held.
import { Client } from "@langchain/langgraph-sdk";
import assert from "node:assert/strict";
import { checkThreads } from "./threads-check.mjs";

const client = new Client({
  apiUrl: process.env.THREADLINE_URL,
  apiKey: process.env.THREADLINE_API_KEY,
});

function step(name) {
  console.log(`langgraph-sdk-check: ${name}`);
}

step("assistants");
const found = await client.assistants.search({ graphId: "lg-chatty" });
assert.equal(found.length, 1);
assert.equal(found[0].assistant_id, "lg-chatty");
assert.equal((await client.assistants.get("lg-chatty")).graph_id, "lg-chatty");
const schemas = await client.assistants.getSchemas("lg-chatty");
assert.deepEqual(schemas.input_schema.required, ["messages"]);
const graph = await client.assistants.getGraph("lg-asker");
assert.ok(graph.nodes.some((n) => n.id === "echo"), `the asker's tool is a node: ${JSON.stringify(graph)}`);
assert.ok(graph.edges.some((e) => e.source === "__start__" && e.target === "agent"));

await checkThreads(client, step);

step("the store: items put, read, searched, listed and deleted, and one that expires");
const ns = ["sdk-check", `run-${Date.now()}`];
await client.store.putItem(ns, "prefs", { theme: "dark", size: 12 });
assert.equal((await client.store.getItem(ns, "prefs")).value.theme, "dark", "read after write");
assert.equal(await client.store.getItem(ns, "missing"), null);
await client.store.putItem([...ns, "deeper"], "other", { theme: "light", size: 3 });
const darkOnes = await client.store.searchItems(ns, { filter: { theme: "dark" } });
assert.deepEqual(darkOnes.items.map((i) => i.key), ["prefs"]);
const bigOnes = await client.store.searchItems(ns, { filter: { size: { $gte: 10 } } });
assert.deepEqual(bigOnes.items.map((i) => i.key), ["prefs"]);
assert.equal((await client.store.searchItems(ns)).items.length, 2);
assert.deepEqual((await client.store.listNamespaces({ prefix: ns })).namespaces, [ns, [...ns, "deeper"]]);
await client.store.deleteItem(ns, "prefs");
assert.equal(await client.store.getItem(ns, "prefs"), null, "read after delete");
await client.store.putItem(ns, "brief", { x: 1 }, { ttl: 0.02 });
await new Promise((resolve) => setTimeout(resolve, 1500));
assert.equal(await client.store.getItem(ns, "brief"), null, "gone once its time to live ran out");
await assert.rejects(client.store.putItem(["a"], "k", { x: 1 }, { ttl: -1 }), /422/);

step("a tool remembers in one thread what a tool in another recalls");
const remembering = await client.threads.create();
await client.runs.wait(remembering.thread_id, "lg-memory", {
  input: { messages: [{ type: "human", content: "remember tea" }] },
});
let memory = null;
for (let i = 0; i < 100 && memory?.value?.note !== "tea"; i++) {
  memory = await client.store.getItem(["memories", "probe"], "latest");
  if (memory?.value?.note !== "tea") await new Promise((resolve) => setTimeout(resolve, 100));
}
assert.equal(memory.value.thread, remembering.thread_id);
const recalling = await client.threads.create();
const recalled = await client.runs.wait(recalling.thread_id, "lg-memory", {
  input: { messages: [{ type: "human", content: "recall" }] },
});
assert.equal(recalled.messages.at(-1).content, `recalled tea from ${remembering.thread_id}`);

step("a run streamed token by token");
const thread = await client.threads.create();
const chunks = [];
let values;
let end;
let created;
for await (const part of client.runs.stream(thread.thread_id, "lg-chatty", {
  input: { messages: [{ type: "human", content: "hello" }] },
  streamMode: ["messages-tuple", "values"],
  onRunCreated: (run) => (created = run),
})) {
  if (part.event === "messages") chunks.push(part.data[0]);
  if (part.event === "values") values = part.data;
  if (part.event === "end") end = part.data;
}
assert.ok(created?.run_id, "the run's id came with the response");
assert.ok(chunks.length >= 2, `tokens streamed one by one, got ${chunks.length}`);
const answer = values.messages.at(-1);
assert.equal(answer.type, "ai");
assert.equal(answer.content, "hello there from the model");
assert.equal(chunks.map((c) => c.content).join(""), answer.content);
assert.ok(chunks.every((c) => c.id === answer.id), "chunks carry the answer's id");
assert.equal(end?.status, "success");

step("the events stream mode: LangChain's callback events");
const evented = await client.threads.create();
const kinds = [];
for await (const part of client.runs.stream(evented.thread_id, "lg-chatty", {
  input: { messages: [{ type: "human", content: "hello" }] },
  streamMode: ["events"],
})) {
  if (part.event === "events") kinds.push(part.data.event);
}
assert.equal(kinds[0], "on_chain_start", kinds.join());
assert.ok(kinds.includes("on_chat_model_start"), kinds.join());
assert.ok(kinds.filter((k) => k === "on_chat_model_stream").length >= 2, kinds.join());
assert.ok(kinds.includes("on_chat_model_end"), kinds.join());
assert.equal(kinds.at(-1), "on_chain_end", kinds.join());

step("a run waited for");
const waited = await client.runs.wait(thread.thread_id, "lg-chatty", {
  input: { messages: [{ role: "user", content: [{ type: "text", text: "again" }] }] },
});
assert.deepEqual(
  waited.messages.map((m) => m.type),
  ["human", "ai", "human", "ai"],
);
assert.equal(waited.messages[2].content, "again");
const state = await client.threads.getState(thread.thread_id);
assert.equal(state.values.messages.length, 4);
const [listed] = await client.threads.search({ ids: [thread.thread_id] });
assert.equal(listed.values.messages[0].content, "hello", "a search shows how each thread opened");

step("a thread's state updated: messages added without a run, then seen by the next run");
const noted = await client.threads.create({ graphId: "lg-chatty" });
await client.runs.wait(noted.thread_id, "lg-chatty", {
  input: { messages: [{ type: "human", content: "hello" }] },
});
const beforeUpdate = await client.threads.getState(noted.thread_id);
const update = await client.threads.updateState(noted.thread_id, {
  values: {
    messages: [
      { type: "human", content: "remember: I drink tea" },
      { type: "ai", content: "noted" },
    ],
  },
  asNode: "agent",
  checkpoint: beforeUpdate.checkpoint,
});
const afterUpdate = await client.threads.getState(noted.thread_id);
assert.equal(update.checkpoint.checkpoint_id, afterUpdate.checkpoint.checkpoint_id);
assert.deepEqual(
  afterUpdate.values.messages.slice(-2).map((m) => [m.type, m.content]),
  [["human", "remember: I drink tea"], ["ai", "noted"]],
);
await client.threads.updateState(noted.thread_id, { values: { mood: "calm" } });
const withMood = await client.threads.getState(noted.thread_id);
assert.equal(withMood.values.mood, "calm", "a value other than messages is a key-value entry");
assert.equal(withMood.values.messages.length, afterUpdate.values.messages.length);
await client.threads.updateState(noted.thread_id, { values: { mood: null } });
assert.equal((await client.threads.getState(noted.thread_id)).values.mood, undefined);
await assert.rejects(
  client.threads.updateState(noted.thread_id, { values: { __interrupt__: 1 } }),
  /values\.__interrupt__/,
);
const seen = await client.runs.wait(noted.thread_id, "lg-chatty", {
  input: { messages: [{ type: "human", content: "what do I drink?" }] },
});
assert.deepEqual(
  seen.messages.map((m) => m.content).slice(2, 5),
  ["remember: I drink tea", "noted", "what do I drink?"],
);

step("a thread copied: a fork at its last event, its messages its own");
const copied = await client.threads.copy(thread.thread_id);
assert.notEqual(copied.thread_id, thread.thread_id);
const copiedState = await client.threads.getState(copied.thread_id);
assert.deepEqual(
  copiedState.values.messages.map((m) => m.content),
  state.values.messages.map((m) => m.content),
);

step("an interrupt approved");
const asking = await client.threads.create();
let interrupted;
for await (const part of client.runs.stream(asking.thread_id, "lg-asker", {
  input: { messages: [{ type: "human", content: "deploy it" }] },
  streamMode: ["values", "updates"],
})) {
  if (part.event === "values" && part.data.__interrupt__) interrupted = part.data.__interrupt__[0];
  if (part.event === "end") end = part.data;
}
assert.equal(end.status, "interrupted");
assert.equal(interrupted.value.tool, "echo");
const pendingState = await client.threads.getState(asking.thread_id);
assert.equal(pendingState.interrupts[0].id, interrupted.id);
assert.equal((await client.threads.get(asking.thread_id)).status, "interrupted");
const resumed = await client.runs.wait(asking.thread_id, "lg-asker", {
  command: { resume: { approve: true } },
});
assert.equal(resumed.messages.at(-1).content, "deployed");
assert.ok(resumed.messages.some((m) => m.type === "tool"), "the approved call ran");

step("an interrupt in LangChain's human-in-the-loop shape, rejected with a message");
const rejecting = await client.threads.create();
const asked = await client.runs.wait(rejecting.thread_id, "lg-asker", {
  input: { messages: [{ type: "human", content: "deploy it" }] },
});
const request = asked.__interrupt__[0].value;
assert.equal(request.action_requests[0].name, "echo");
assert.deepEqual(request.action_requests[0].args, { target: "prod" });
assert.deepEqual(request.review_configs[0].allowed_decisions, ["approve", "edit", "reject"]);
const rejected = await client.runs.wait(rejecting.thread_id, "lg-asker", {
  command: { resume: { decisions: [{ type: "reject", message: "not on a Friday" }] } },
});
const refusal = rejected.messages.find((m) => m.type === "tool");
assert.match(refusal.content, /not on a Friday/, JSON.stringify(rejected.messages));

step("an interrupt approved with its arguments edited");
const editing = await client.threads.create();
await client.runs.wait(editing.thread_id, "lg-asker", {
  input: { messages: [{ type: "human", content: "deploy it" }] },
});
const editedRun = await client.runs.wait(editing.thread_id, "lg-asker", {
  command: {
    resume: { decisions: [{ type: "edit", edited_action: { name: "echo", args: { target: "staging" } } }] },
  },
});
const editedResult = editedRun.messages.find((m) => m.type === "tool");
assert.match(editedResult.content, /staging/, JSON.stringify(editedRun.messages));

step("a run rejoined after a disconnect");
const run = await client.runs.create(thread.thread_id, "lg-chatty", {
  input: { messages: [{ type: "human", content: "once more" }] },
});
const controller = new AbortController();
try {
  for await (const part of client.runs.joinStream(thread.thread_id, run.run_id, {
    signal: controller.signal,
  })) {
    if (part.event === "metadata") controller.abort();
  }
} catch (e) {
  if (e.name !== "AbortError") throw e;
}
const joined = await client.runs.join(thread.thread_id, run.run_id);
assert.equal(joined.messages.at(-1).type, "ai");
assert.equal((await client.runs.get(thread.thread_id, run.run_id)).status, "success");
let rejoinedEnd;
for await (const part of client.runs.joinStream(thread.thread_id, run.run_id)) {
  if (part.event === "end") rejoinedEnd = part.data;
}
assert.equal(rejoinedEnd.status, "success");

step("a thread's runs listed, newest first, by status");
const newest = await client.runs.list(thread.thread_id, { limit: 2 });
assert.equal(newest.length, 2, JSON.stringify(newest));
assert.equal(newest[0].run_id, run.run_id, "the newest run first");
assert.ok(Date.parse(newest[0].created_at) >= Date.parse(newest[1].created_at));
const succeeded = await client.runs.list(thread.thread_id, { status: "success", limit: 100 });
assert.ok(succeeded.length >= 2 && succeeded.every((r) => r.status === "success"));
assert.deepEqual(await client.runs.list(thread.thread_id, { status: "timeout" }), []);

step("an ended run deleted: read and listed no more");
const older = newest[1];
await client.runs.delete(thread.thread_id, older.run_id);
await assert.rejects(client.runs.get(thread.thread_id, older.run_id), /404|no run/);
const remaining = await client.runs.list(thread.thread_id, { limit: 100 });
assert.ok(!remaining.some((r) => r.run_id === older.run_id), JSON.stringify(remaining));

step("an ended run rejoined from its start, in the modes asked");
const replayed = [];
for await (const part of client.runs.joinStream(thread.thread_id, run.run_id, {
  lastEventId: "-1",
  streamMode: ["updates"],
})) {
  replayed.push(part);
}
const updates = replayed.filter((p) => p.event === "updates");
assert.equal(updates.length, 1, `the run's one answer replayed: ${JSON.stringify(replayed)}`);
assert.equal(updates[0].data.agent.messages[0].content, "hello there from the model");
assert.ok(updates.every((p) => p.id), "replayed events carry their ids");
assert.ok(!replayed.some((p) => p.event === "values"), "only the modes asked");

step("an answer regenerated and a message edited from the history's checkpoints");
const branching = await client.threads.create();
for (const text of ["first", "second"]) {
  await client.runs.wait(branching.thread_id, "lg-chatty", {
    input: { messages: [{ type: "human", content: text }] },
  });
}
const history = await client.threads.getHistory(branching.thread_id);
assert.deepEqual(
  history.map((s) => s.values.messages.length),
  [4, 3, 2, 1, 0],
  "a state per message, newest first, down to the empty one",
);
history.slice(0, -1).forEach((s, i) =>
  assert.equal(s.parent_checkpoint.checkpoint_id, history[i + 1].checkpoint.checkpoint_id),
);
assert.equal(history.at(-1).parent_checkpoint, null);
const head = history[0].values.messages;
const atSecond = await client.threads.getState(branching.thread_id, history[1].checkpoint);
assert.deepEqual(atSecond.values.messages.map((m) => m.id), head.slice(0, 3).map((m) => m.id));
// Regenerate: the last answer's state's parent, and no input, as Agent Chat UI sends it.
const regenerated = await client.runs.wait(branching.thread_id, "lg-chatty", {
  input: null,
  checkpoint: history[0].parent_checkpoint,
});
assert.deepEqual(
  regenerated.messages.map((m) => m.id).slice(0, 3),
  head.slice(0, 3).map((m) => m.id),
  "the messages before the regenerated answer are the same messages",
);
assert.equal(regenerated.messages.length, 4);
assert.notEqual(regenerated.messages[3].id, head[3].id, "a new answer");
// Edit "second" and resend: from the state before it.
const edited = await client.runs.wait(branching.thread_id, "lg-chatty", {
  input: { messages: [{ type: "human", content: "second, edited" }] },
  checkpoint: history[2].checkpoint,
});
assert.deepEqual(
  edited.messages.map((m) => m.content),
  ["first", "hello there from the model", "second, edited", "hello there from the model"],
);
assert.equal((await client.threads.getState(branching.thread_id)).values.messages.length, 4);
await assert.rejects(
  client.runs.wait(branching.thread_id, "lg-chatty", { input: null, checkpoint: history[0].checkpoint }),
  /current branch/,
  "a checkpoint on a branch the thread left",
);

step("a cron on a thread: a run at each time of its schedule; searched, counted, updated, deleted");
const cronThread = await client.threads.create({ graphId: "lg-chatty" });
const cron = await client.crons.createForThread(cronThread.thread_id, "lg-chatty", {
  schedule: "* * * * * */2", // every 2 s: six fields, the seconds last as croniter reads them
  input: { messages: [{ type: "human", content: "report" }] },
  metadata: { purpose: "sdk-check" },
});
assert.equal(cron.thread_id, cronThread.thread_id);
assert.ok(Date.parse(cron.next_run_date) > Date.now() - 5_000, JSON.stringify(cron));
let fired = [];
for (let i = 0; i < 600 && fired.length < 2; i++) {
  fired = (await client.runs.list(cronThread.thread_id, { status: "success", limit: 100 }));
  if (fired.length < 2) await new Promise((resolve) => setTimeout(resolve, 200));
}
assert.ok(fired.length >= 2, `two firings ran: ${JSON.stringify(fired)}`);
assert.notEqual(fired[0].run_id, fired[1].run_id, "each firing is a run of its own");
const cronMessages = (await client.threads.getState(cronThread.thread_id)).values.messages;
assert.ok(cronMessages.filter((m) => m.content === "report").length >= 2);
const listedCrons = await client.crons.search({ threadId: cronThread.thread_id });
assert.equal(listedCrons.length, 1, JSON.stringify(listedCrons));
assert.equal(listedCrons[0].cron_id, cron.cron_id);
assert.equal(listedCrons[0].assistant_id, "lg-chatty");
assert.equal(listedCrons[0].metadata.purpose, "sdk-check");
assert.equal(listedCrons[0].payload.input.messages[0].content, "report");
assert.equal(await client.crons.count({ threadId: cronThread.thread_id }), 1);
const yearly = await client.crons.update(cron.cron_id, { schedule: "0 0 1 1 *" });
assert.equal(yearly.schedule, "0 0 1 1 *");
let moved = [];
for (let i = 0; i < 150 && moved[0]?.schedule !== "0 0 1 1 *"; i++) {
  moved = await client.crons.search({ threadId: cronThread.thread_id });
  if (moved[0]?.schedule !== "0 0 1 1 *") await new Promise((resolve) => setTimeout(resolve, 200));
}
assert.equal(moved[0].schedule, "0 0 1 1 *", "the update took: a yearly schedule");
await client.crons.delete(cron.cron_id);
let left = [1];
for (let i = 0; i < 150 && left.length > 0; i++) {
  left = await client.crons.search({ threadId: cronThread.thread_id });
  if (left.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
}
assert.deepEqual(left, [], "the cron deleted");
await assert.rejects(client.crons.delete(cron.cron_id), /404|no cron/);

step("a cron that starts a thread each time: held by a thread of its own, listed, deleted");
const stateless = await client.crons.create("lg-chatty", {
  schedule: "0 9 * * 1-5",
  input: { messages: [{ type: "human", content: "daily digest" }] },
});
assert.equal(stateless.thread_id, null, JSON.stringify(stateless));
assert.equal(stateless.on_run_completed, "keep");
let statelessListed = [];
for (let i = 0; i < 150 && statelessListed.length === 0; i++) {
  statelessListed = (await client.crons.search({ assistantId: "lg-chatty", limit: 100 })).filter(
    (c) => c.cron_id === stateless.cron_id,
  );
  if (statelessListed.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
}
assert.equal(statelessListed[0].thread_id, null);
await assert.rejects(
  client.crons.create("lg-chatty", {
    schedule: "* * * * * */10",
    input: { messages: [{ type: "human", content: "too often" }] },
  }),
  /once a minute/,
);
await client.crons.delete(stateless.cron_id);

console.log("langgraph-sdk-check: ok");
