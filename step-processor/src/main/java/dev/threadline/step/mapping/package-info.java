/**
 * Converts the generated Avro classes (the Kafka boundary) to and from the core's own immutable
 * types. Every mapped type has a round-trip test.
 */
package dev.threadline.step.mapping;
