#!/bin/sh
# Grants each service's Kafka user exactly the ACLs docs/operations.md lists for it, the same as
# k8s/kafka-users.yaml's: Read on the topics it reads, Write on those it writes, Describe on the
# other thread-keyed topics, and its own group, internal topics and transactions. Run as the
# admin user setup.sh made, once the broker is up; granting what is already granted is a no-op.
set -eu
secrets=${THREADLINE_KAFKA_SECRETS:-/etc/threadline}
bootstrap=${THREADLINE_KAFKA_BOOTSTRAP:-kafka:9092}
kafka=${KAFKA_HOME:-/opt/kafka}
p=${THREADLINE_TOPIC_PREFIX:-threadline.}
admin=$(awk '$1 == "admin" { print $2 }' "$secrets/kafka-broker/users")
config=$(mktemp)
trap 'rm -f "$config"' EXIT
cat > "$config" <<PROPERTIES
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="$admin";
ssl.truststore.type=PEM
ssl.truststore.location=$secrets/kafka-ca/ca.crt
PROPERTIES

allow() {
  user=$1
  shift
  "$kafka/bin/kafka-acls.sh" --bootstrap-server "$bootstrap" --command-config "$config" \
    --add --allow-principal "User:$user" "$@" > /dev/null
}
# --topic for each of the contract's topics named, with the stack's prefix.
topics() { for name in "$@"; do printf ' --topic %s%s' "$p" "$name"; done; }
requests="model-requests.chat model-requests.task model-requests.chore model-requests.will
  tool-requests.chat tool-requests.task tool-requests.chore tool-requests.will"

allow step-processor --operation Read --group threadline-step-processor $(topics \
  agent-definitions model-results tenant-thread-counts tenant-usage thread-commands tool-results)
allow step-processor --operation Write $(topics dead-letters thread-commands thread-data-keys \
  thread-events $requests)
allow step-processor --operation Describe $(topics thread-deltas definitions mcp-servers store-items)
allow step-processor --operation Create --cluster
allow step-processor --resource-pattern-type prefixed --operation All \
  --topic threadline-step-processor
allow step-processor --resource-pattern-type prefixed --operation Write --operation Describe \
  --transactional-id threadline-step-processor

allow tool-executor --operation Read $(topics mcp-servers $requests)
allow tool-executor --operation Write $(topics thread-deltas dead-letters model-results tool-results \
  mcp-servers store-items)
allow tool-executor --operation Describe $(topics thread-commands thread-events thread-data-keys)
allow tool-executor --resource-pattern-type prefixed --operation Read --group threadline-tool-executor

allow projector --operation Read --group threadline-projector $(topics \
  tenant-usage thread-deltas thread-events thread-data-keys store-items)
allow projector --operation Write $(topics tenant-usage tenant-thread-counts store-items)
allow projector --operation Describe $(topics thread-commands model-results \
  tool-results $requests)
allow projector --resource-pattern-type prefixed --operation All --topic threadline-projector
allow projector --resource-pattern-type prefixed --operation Write --operation Describe \
  --transactional-id threadline-projector

allow ingest-service --operation Read $(topics agent-definitions definitions tenant-thread-counts \
  mcp-servers)
allow ingest-service --operation Write $(topics agent-definitions definitions thread-commands \
  store-items)
allow ingest-service --operation Describe $(topics model-results tool-results \
  thread-events thread-deltas thread-data-keys $requests)

allow registry --operation Create --operation Describe --operation DescribeConfigs \
  --operation Read --operation Write \
  --topic kafkasql-journal --topic kafkasql-snapshots --topic registry-events
allow registry --resource-pattern-type prefixed --operation Read --group apicurio-
echo "ACLs granted"
