# Shared by Tests/e2e/mqtt.sh and Benchmarks/mqtt.sh: Debian's mosquitto on
# 127.0.0.1 with a password file, no anonymous clients, a plain listener and
# a TLS one whose certificate a test CA made by openssl signed; and the
# photo library the kiosks show. Needs OUT (e2e_begin).

# Three free ports on 127.0.0.1, asked of the kernel: plain, TLS, and TLS
# with a client certificate required.
read -r MQTT_PORT MQTTS_PORT MQTTS_CLIENT_PORT < <(python3 -c 'import socket
s = [socket.socket() for _ in range(3)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
MQTT_USER=kiosk
printf 'secret\n' >"$OUT/mqtt-password"
printf 'wrong\n' >"$OUT/mqtt-wrong-password"

# make_test_ca: $OUT/ca.pem signs the broker's certificate (localhost and
# 127.0.0.1) and a client's ($OUT/client.pem); $OUT/other-ca.pem signs
# nothing the broker has.
make_test_ca() {
    local o=$OUT
    {
        openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Trips test CA" -keyout "$o/ca.key" -out "$o/ca.pem"
        openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Another CA" -keyout "$o/other-ca.key" -out "$o/other-ca.pem"
        openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$o/broker.key" -out "$o/broker.csr"
        printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$o/san.ext"
        openssl x509 -req -in "$o/broker.csr" -CA "$o/ca.pem" -CAkey "$o/ca.key" -CAcreateserial -days 2 -extfile "$o/san.ext" -out "$o/broker.pem"
        openssl req -newkey rsa:2048 -nodes -subj "/CN=kiosk" -keyout "$o/client.key" -out "$o/client.csr"
        openssl x509 -req -in "$o/client.csr" -CA "$o/ca.pem" -CAkey "$o/ca.key" -CAcreateserial -days 2 -out "$o/client.pem"
    } >"$o/openssl.log" 2>&1
}

# start_broker: mosquitto on MQTT_PORT (plain), MQTTS_PORT (TLS) and
# MQTTS_CLIENT_PORT (TLS, a client certificate required); sets BROKER_PID.
start_broker() {
    local i
    if [ ! -f "$OUT/mosquitto.conf" ]; then
        mosquitto_passwd -c -b "$OUT/passwd" "$MQTT_USER" secret
        cat >"$OUT/mosquitto.conf" <<CONF
per_listener_settings false
allow_anonymous false
password_file $OUT/passwd
persistence false
user $(id -un)
listener $MQTT_PORT 127.0.0.1
listener $MQTTS_PORT 127.0.0.1
cafile $OUT/ca.pem
certfile $OUT/broker.pem
keyfile $OUT/broker.key
listener $MQTTS_CLIENT_PORT 127.0.0.1
cafile $OUT/ca.pem
certfile $OUT/broker.pem
keyfile $OUT/broker.key
require_certificate true
CONF
    fi
    mosquitto -c "$OUT/mosquitto.conf" >>"$OUT/mosquitto.log" 2>&1 &
    BROKER_PID=$!; track "$BROKER_PID"
    for i in $(seq 100); do mosquitto_pub -p "$MQTT_PORT" -u "$MQTT_USER" -P secret -t up -m 1 2>/dev/null && return 0; sleep 0.05; done
    echo "mosquitto did not start"; tail -5 "$OUT/mosquitto.log"; return 1
}

pub() { mosquitto_pub -p "$MQTT_PORT" -u "$MQTT_USER" -P secret "$@"; }
# retained TOPIC: the retained message on TOPIC (empty when none within a second).
retained() { mosquitto_sub -p "$MQTT_PORT" -u "$MQTT_USER" -P secret -t "$1" -C 1 -W 1 2>/dev/null; }
# state_holds DEVICE 'PYTHON' SECONDS: true once the retained state of DEVICE
# makes the Python expression (of `s`, the state's JSON) true.
state_holds() {
    local i
    for i in $(seq $(($3 * 5))); do
        retained "trips/$1/state" | python3 -c 'import json,sys
try: s = json.loads(sys.stdin.read())
except Exception: sys.exit(1)
sys.exit(0 if eval(sys.argv[1]) else 1)' "$2" && return 0
        sleep 0.2
    done
    return 1
}

# make_library DIR: three trips of two photos each.
make_library() {
    local trip
    for trip in "2023-05-01 Lisbon" "2023-08-10 Oslo" "2024-02-02 Rome"; do
        mkdir -p "$1/$trip"; cp Assets/photos/storm.jpg "$1/$trip/a.jpg"; cp Assets/photos/dune.jpg "$1/$trip/b.jpg"
    done
}
