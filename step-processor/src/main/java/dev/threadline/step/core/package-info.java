/**
 * The vocabulary of the thread state machine: the state ({@link
 * dev.threadline.step.core.MachineState}), what can happen to a thread ({@link
 * dev.threadline.step.core.Input}), what the shell must do ({@link
 * dev.threadline.step.core.Output}, {@link dev.threadline.step.core.Event}), and the values, limits
 * and rules they are made of. All immutable records; the behaviour that decides over them is in
 * {@code core.machine}.
 *
 * <p>No Kafka, Avro, Quarkus, clock or randomness in here or below (a test enforces the imports):
 * time and ids come in with the input, so replaying the same inputs yields the same state and
 * outputs.
 */
package dev.threadline.step.core;
