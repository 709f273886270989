package dev.threadline.serde;

import org.apache.avro.Schema;

/** The subset of the Confluent Schema Registry REST API the Avro serde needs. */
public interface SchemaRegistryClient {

  /** Registers {@code schema} under {@code subject} (idempotent) and returns its global id. */
  int register(String subject, Schema schema);

  /** The id of {@code schema} already registered under {@code subject}; 404 if it is not. */
  int lookup(String subject, Schema schema);

  /** The latest version registered under {@code subject}. */
  RegisteredSchema latest(String subject);

  /** The schema with global id {@code id}. */
  Schema byId(int id);

  /** The URL requests go to, for error messages. */
  String url();

  /** A schema with its registry id and subject version. */
  record RegisteredSchema(int id, int version, Schema schema) {}
}
