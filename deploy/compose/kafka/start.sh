#!/bin/sh
# Starts the compose stack's broker: its settings (server.properties) with the keystore's
# password, its storage formatted on the first start with a SCRAM-SHA-512 credential for every
# user setup.sh made.
set -eu
secrets=${THREADLINE_KAFKA_SECRETS:-/etc/threadline}
template=${THREADLINE_KAFKA_TEMPLATE:-/etc/threadline/kafka/server.properties}
config=${THREADLINE_KAFKA_CONFIG:-/tmp/server.properties}
kafka=${KAFKA_HOME:-/opt/kafka}
cluster=${CLUSTER_ID:-02M0Oqr6REalgzYlM8NVhA}
broker="$secrets/kafka-broker"

pass=$(cat "$broker/keystore.password")
umask 077
{
  cat "$template"
  printf 'listener.name.sasl_ssl.ssl.keystore.password=%s\n' "$pass"
  printf 'listener.name.sasl_ssl.ssl.key.password=%s\n' "$pass"
} > "$config"

set --
while read -r name password; do
  set -- "$@" --add-scram "SCRAM-SHA-512=[name=$name,password=$password]"
done < "$broker/users"
"$kafka/bin/kafka-storage.sh" format --ignore-formatted --cluster-id "$cluster" --config "$config" "$@"
exec "$kafka/bin/kafka-server-start.sh" "$config"
