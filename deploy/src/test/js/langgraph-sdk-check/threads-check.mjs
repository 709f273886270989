// The threads of the LangGraph JS SDK check: found by their metadata, updated, searched among all of
// them, and — as a LangGraph thread exists before its first run — one created without a graph kept
// with its metadata until its first run creates it on the assistant the run names.
import assert from "node:assert/strict";

const pause = () => new Promise((resolve) => setTimeout(resolve, 200));

export async function checkThreads(client, step) {
  step("threads found by their metadata");
  const topic = `sdk-check-${Date.now()}`;
  const tagged = await client.threads.create({ graphId: "lg-chatty", metadata: { topic } });
  let matching = [];
  for (let i = 0; i < 150 && matching.length === 0; i++) {
    matching = await client.threads.search({ metadata: { topic } });
    if (matching.length === 0) await pause();
  }
  assert.deepEqual(matching.map((t) => t.thread_id), [tagged.thread_id]);
  assert.equal(matching[0].metadata.graph_id, "lg-chatty");
  assert.equal((await client.threads.search({ metadata: { topic: "none such" } })).length, 0);

  step("a thread's metadata updated: found by the entry added");
  const updated = await client.threads.update(tagged.thread_id, { metadata: { stage: "reviewed" } });
  assert.equal(updated.metadata.stage, "reviewed");
  assert.equal(updated.metadata.topic, topic);
  let restaged = [];
  for (let i = 0; i < 150 && restaged.length === 0; i++) {
    restaged = await client.threads.search({ metadata: { topic, stage: "reviewed" } });
    if (restaged.length === 0) await pause();
  }
  assert.deepEqual(restaged.map((t) => t.thread_id), [tagged.thread_id]);
  assert.equal((await client.threads.get(tagged.thread_id)).metadata.stage, "reviewed");

  step("threads searched among all of them: by status, sorted, paged by offset");
  const batch = `sdk-page-${Date.now()}`;
  const made = [];
  for (let i = 0; i < 3; i++) {
    made.push((await client.threads.create({ graphId: "lg-chatty", metadata: { batch } })).thread_id);
  }
  let all = [];
  for (let i = 0; i < 150 && all.length < 3; i++) {
    all = await client.threads.search({ metadata: { batch }, limit: 10 });
    if (all.length < 3) await pause();
  }
  const firstPage = await client.threads.search({ metadata: { batch }, limit: 2, offset: 0 });
  const secondPage = await client.threads.search({ metadata: { batch }, limit: 2, offset: 2 });
  assert.equal(firstPage.length, 2);
  assert.equal(secondPage.length, 1);
  const paged = [...firstPage, ...secondPage].map((t) => t.thread_id);
  assert.deepEqual([...paged].sort(), [...made].sort(), "every thread once across the pages");
  const oldest = await client.threads.search({ metadata: { batch }, limit: 1, sortOrder: "asc" });
  assert.equal(oldest[0].thread_id, paged.at(-1), "oldest first when asked");
  assert.equal((await client.threads.search({ metadata: { batch }, status: "idle" })).length, 3);
  assert.equal((await client.threads.search({ metadata: { batch }, status: "busy" })).length, 0);

  step("a thread created without a graph: kept with its metadata until its first run");
  const owner = `sdk-declared-${Date.now()}`;
  const declared = await client.threads.create({ metadata: { owner, plan: "pro" } });
  assert.equal(declared.status, "idle");
  assert.equal(declared.metadata.owner, owner);
  const read = await client.threads.get(declared.thread_id);
  assert.deepEqual(read.metadata, { owner, plan: "pro" }, JSON.stringify(read));
  assert.deepEqual(read.values.messages, []);
  await assert.rejects(client.threads.create({ metadata: { big: "x".repeat(5000) } }), /422/);
  const again = await client.threads.create({ threadId: declared.thread_id, metadata: { owner: "x" } });
  assert.equal(again.metadata.owner, owner, "a thread created twice keeps its first metadata");
  const listed = await client.threads.search({ metadata: { owner } });
  assert.deepEqual(listed.map((t) => t.thread_id), [declared.thread_id]);
  assert.equal((await client.threads.search({ metadata: { owner }, status: "busy" })).length, 0);
  const onlyIt = await client.threads.search({ ids: [declared.thread_id] });
  assert.equal(onlyIt[0].metadata.plan, "pro");
  const upgraded = await client.threads.update(declared.thread_id, { metadata: { plan: "team" } });
  assert.equal(upgraded.metadata.plan, "team");
  assert.equal((await client.threads.get(declared.thread_id)).metadata.plan, "team");
  await assert.rejects(client.store.searchItems(["__threadline"]), /422/);
  const names = (await client.store.listNamespaces({ maxDepth: 1, limit: 1000 })).namespaces;
  assert.ok(!names.some((n) => n[0].startsWith("__")), `no listing shows Threadline's own: ${names}`);
  await client.runs.wait(declared.thread_id, "lg-chatty", {
    input: { messages: [{ type: "human", content: "hello" }] },
  });
  const ran = await client.threads.get(declared.thread_id);
  assert.equal(ran.metadata.graph_id, "lg-chatty");
  assert.equal(ran.metadata.plan, "team", "its first run created it with the metadata it had");
  assert.equal(ran.values.messages.at(-1).content, "hello there from the model");
  let found = [];
  for (let i = 0; i < 150 && found.length !== 1; i++) {
    found = await client.threads.search({ metadata: { owner } });
    if (found.length !== 1) await pause();
  }
  assert.deepEqual(found.map((t) => t.metadata.graph_id), ["lg-chatty"], "listed once, as created");
  const dropped = await client.threads.create({ metadata: { owner: `${owner}-dropped` } });
  await client.threads.delete(dropped.thread_id);
  assert.deepEqual((await client.threads.get(dropped.thread_id)).metadata, {}, "a delete forgets it");
}
