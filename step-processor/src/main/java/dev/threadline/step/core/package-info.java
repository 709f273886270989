/**
 * The thread state machine: a pure, deterministic function from ({@link
 * dev.threadline.step.core.ThreadState}, {@link dev.threadline.step.core.Input}) to a {@link
 * dev.threadline.step.core.Transition}. No Kafka, Avro, Quarkus, clock or randomness in here (a
 * test enforces the imports): time and ids come in with the input, so replaying the same inputs
 * yields the same state and outputs.
 */
package dev.threadline.step.core;
