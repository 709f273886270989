// A Threadline tool executor in Node, as docs/tools.md describes one: it reads tool requests
// (Avro through the registry) in a consumer group of its own, answers those for the tools it
// serves with a ToolResult on tool-results, keyed by the thread, and leaves every other request to
// the executor group that serves it. The Java executor is told to leave these tools
// (threadline.executor.tools.elsewhere), so each request is answered once.
import { Kafka, logLevel } from "kafkajs";
import { SchemaRegistry } from "@kafkajs/confluent-schema-registry";

const { BOOTSTRAP, REGISTRY_URL, TOPIC_PREFIX, RUN_MS } = process.env;
const TOOLS = {
  node_weather: (args) => ({ city: args.city ?? "nowhere", forecast: "sunny", servedBy: "node" }),
};

const kafka = new Kafka({ clientId: "node-executor", brokers: [BOOTSTRAP], logLevel: logLevel.ERROR });
const registry = new SchemaRegistry({ host: REGISTRY_URL });
const resultsTopic = `${TOPIC_PREFIX}tool-results`;
const resultSchema = await registry.getLatestSchemaId(`${resultsTopic}-value`);
const producer = kafka.producer({ idempotent: true });
await producer.connect();
const consumer = kafka.consumer({ groupId: `${TOPIC_PREFIX}node-executor` });
await consumer.connect();
// One lane per thread group: a turn's calls wait in its group's.
const lanes = ["chat", "task", "chore", "will"].map((group) => `${TOPIC_PREFIX}tool-requests.${group}`);
await consumer.subscribe({ topics: lanes, fromBeginning: false });
let answered = 0;
await consumer.run({
  eachMessage: async ({ message }) => {
    const request = await registry.decode(message.value);
    const tool = TOOLS[request.toolName];
    if (!tool) {
      return; // another executor group's
    }
    const started = Date.now();
    let output = null;
    let error = null;
    try {
      output = JSON.stringify(tool(JSON.parse(request.argumentsJson)));
    } catch (e) {
      error = { code: "tool_error", message: String(e) };
    }
    const result = {
      requestId: request.requestId,
      threadId: request.threadId,
      epoch: request.epoch,
      callId: request.callId,
      toolName: request.toolName,
      completedAt: Date.now(),
      durationMs: Date.now() - started,
      output,
      error,
      effects: [],
      hookFailures: [],
    };
    await producer.send({
      topic: resultsTopic,
      messages: [{ key: request.threadId, value: await registry.encode(resultSchema, result) }],
    });
    answered++;
  },
});
console.log("node-executor: ready");
await new Promise((r) => setTimeout(r, Number(RUN_MS ?? 60000)));
await consumer.disconnect();
await producer.disconnect();
console.log(JSON.stringify({ answered }));
