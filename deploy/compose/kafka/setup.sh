#!/bin/sh
# Makes, on the compose stack's first start, what its broker and clients authenticate with: an
# authority of the stack's own that signs the broker's certificate (its private key is dropped
# once it has, so it can sign nothing else), and a random password for each Kafka user. Each
# service's password lands in a volume only that service mounts; the broker's volume holds its
# keystore and every user's password, which it stores as SCRAM credentials when it formats its
# storage. Files are readable by any user of a container that mounts them: the volume is the wall.
# Kept on a later start; delete the volumes (docker compose down -v) to make new ones.
set -eu
secrets=${THREADLINE_KAFKA_SECRETS:-/etc/threadline}
host=${THREADLINE_KAFKA_HOST:-kafka}
users="step-processor tool-executor projector ingest-service registry"
ca="$secrets/kafka-ca"
broker="$secrets/kafka-broker"
mkdir -p "$ca" "$broker"

random() { head -c 24 /dev/urandom | base64 | tr -d '/+=\n'; }

if [ ! -s "$broker/broker.p12" ] || [ ! -s "$ca/ca.crt" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  pass=$(random)
  keytool -genkeypair -alias ca -dname "CN=Threadline compose CA" -keyalg EC -groupname secp256r1 \
    -validity 3650 -ext bc:c -keystore "$work/ca.p12" -storetype PKCS12 -storepass "$pass"
  keytool -genkeypair -alias broker -dname "CN=$host" -keyalg EC -groupname secp256r1 \
    -validity 3650 -keystore "$work/broker.p12" -storetype PKCS12 -storepass "$pass"
  keytool -certreq -alias broker -keystore "$work/broker.p12" -storepass "$pass" \
    -file "$work/broker.csr"
  keytool -gencert -alias ca -keystore "$work/ca.p12" -storepass "$pass" -rfc -validity 3650 \
    -ext "san=dns:$host,dns:localhost" -ext eku=serverAuth \
    -infile "$work/broker.csr" -outfile "$work/broker.crt"
  keytool -exportcert -alias ca -keystore "$work/ca.p12" -storepass "$pass" -rfc \
    -file "$work/ca.crt"
  keytool -importcert -alias ca -noprompt -file "$work/ca.crt" -keystore "$work/broker.p12" \
    -storepass "$pass"
  keytool -importcert -alias broker -file "$work/broker.crt" -keystore "$work/broker.p12" \
    -storepass "$pass"
  printf '%s\n' "$pass" > "$broker/keystore.password"
  cp "$work/broker.p12" "$broker/broker.p12"
  cp "$work/ca.crt" "$ca/ca.crt"
fi

# The admin (acls.sh) keeps its password in the broker's volume; each service in its own.
password() {
  if [ ! -s "$1/kafka.properties" ]; then
    mkdir -p "$1"
    printf 'password=%s\n' "$(random)" > "$1/kafka.properties"
  fi
  sed -n 's/^password=//p' "$1/kafka.properties"
}
printf 'admin %s\n' "$(password "$broker/admin")" > "$broker/users.new"
for user in $users; do
  printf '%s %s\n' "$user" "$(password "$secrets/kafka-users/$user")" >> "$broker/users.new"
done
mv "$broker/users.new" "$broker/users"
chmod -R a+rX "$ca" "$broker" "$secrets/kafka-users"
