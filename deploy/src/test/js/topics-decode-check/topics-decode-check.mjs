// Reads every record of every Threadline topic with the usual Node stack — kafkajs and
// @kafkajs/confluent-schema-registry, unchanged — and decodes each value through the registry, as
// a stream consumer in JavaScript would. Prints the records decoded per topic and every failure
// (a long outside what a JavaScript number holds exactly is one: the decoder refuses it).
import { Kafka, logLevel } from "kafkajs";
import { SchemaRegistry } from "@kafkajs/confluent-schema-registry";

const { BOOTSTRAP, REGISTRY_URL, TOPIC_PREFIX } = process.env;
const QUIET_MS = 5000;
const DEADLINE_MS = 120000;

const kafka = new Kafka({ clientId: "topics-decode-check", brokers: [BOOTSTRAP], logLevel: logLevel.ERROR });
const registry = new SchemaRegistry({ host: REGISTRY_URL });
const admin = kafka.admin();
await admin.connect();
// Dead letters hold copies of other records, perhaps cut short: they are not a topic to decode.
const topics = (await admin.listTopics())
  .filter((t) => t.startsWith(TOPIC_PREFIX) && !t.endsWith("dead-letters"))
  .sort();
await admin.disconnect();

const decoded = Object.fromEntries(topics.map((t) => [t, 0]));
const failures = [];
let last = Date.now();
const consumer = kafka.consumer({ groupId: `topics-decode-check-${Date.now()}` });
await consumer.connect();
await consumer.subscribe({ topics, fromBeginning: true });
await consumer.run({
  eachMessage: async ({ topic, partition, message }) => {
    last = Date.now();
    if (message.value === null) {
      return; // a tombstone
    }
    try {
      await registry.decode(message.value);
      decoded[topic]++;
    } catch (e) {
      failures.push(`${topic} ${partition}/${message.offset}: ${e.message}`);
    }
  },
});
const start = Date.now();
// Done when no record came for a while: the topics are read to their ends.
while (Date.now() - last < QUIET_MS && Date.now() - start < DEADLINE_MS) {
  await new Promise((r) => setTimeout(r, 250));
}
await consumer.disconnect();
console.log(JSON.stringify({ decoded, failures: failures.slice(0, 20), failureCount: failures.length }));
console.log(failures.length === 0 ? "topics-decode-check: ok" : "topics-decode-check: failed");
process.exit(failures.length === 0 ? 0 : 1);
