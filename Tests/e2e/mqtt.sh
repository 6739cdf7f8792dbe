#!/usr/bin/env bash
# End-to-end tests of a kiosk steered over MQTT (--mqtt, docs/KIOSK.md) with
# Debian's mosquitto on 127.0.0.1 (a password file, allow_anonymous false, a
# TLS listener signed by a test CA made by openssl) and the app on Xvfb:
# Home Assistant's discovery configs, each command acting (state and
# screenshots looked at), the state following a touch, three kiosks on
# trips/all and their groups, the fleet's retained settings applied live,
# the broker killed and restarted, and a wrong password and a wrong CA each
# said in one line while the photos keep showing.
# Usage: Tests/e2e/mqtt.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-mqtt "mqtt" "${1:-}"
export XDG_STATE_HOME="$OUT/state"
. Tests/e2e/mqtt-broker.sh
make_test_ca
start_broker || bad "mqtt: mosquitto did not start"
lib="$OUT/photos"
make_library "$lib"
start_xvfb 1280x800 >/dev/null || bad "mqtt: Xvfb did not start"
PW=(--mqtt-password-file "$OUT/mqtt-password")

# Kiosk a on the X screen, over TLS verified by the test CA; b and c offscreen.
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtts://$MQTT_USER@localhost:$MQTTS_PORT" "${PW[@]}" \
    --mqtt-ca "$OUT/ca.pem" --device a --group floor1 2>"$OUT/a.err" &
track $!
SDL_VIDEODRIVER=offscreen "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtt://$MQTT_USER@127.0.0.1:$MQTT_PORT" "${PW[@]}" --device b --group floor1 2>"$OUT/b.err" &
b_pid=$!; track $b_pid
SDL_VIDEODRIVER=offscreen "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtt://$MQTT_USER@127.0.0.1:$MQTT_PORT" "${PW[@]}" --device c --group floor2 2>"$OUT/c.err" &
c_pid=$!; track $c_pid
shoot_until_drawn "$OUT/start.png"
expect "mqtt: kiosk a shows its Overview" overview_is_drawn "$OUT/start.png"
check "mqtt: a (over TLS with the test CA), b and c say they are online (retained)" \
    'state_holds a "True" 10 && [ "$(retained trips/a/availability)" = online ] && state_holds b "True" 5 && state_holds c "True" 5'

# --- Home Assistant discovery: every config parses and has what its component needs.
mosquitto_sub -p "$MQTT_PORT" -u "$MQTT_USER" -P secret -t 'homeassistant/+/trips_a/+/config' -v -W 1 >"$OUT/discovery.txt" 2>/dev/null
problems=$(python3 - "$OUT/discovery.txt" <<'PY'
import json, sys
needs = {"button": ["command_topic", "payload_press"], "switch": ["command_topic", "state_topic", "payload_on", "payload_off"],
         "select": ["command_topic", "state_topic", "options"], "sensor": ["state_topic"], "camera": ["topic"]}
seen = set()
for line in open(sys.argv[1]):
    topic, payload = line.rstrip("\n").split(" ", 1)
    component = topic.split("/")[1]; seen.add(component)
    c = json.loads(payload)
    missing = [k for k in ["unique_id", "default_entity_id", "name", "availability_topic", "device"] + needs[component] if k not in c]
    d = c.get("device", {})
    if missing or d.get("model") != "Trips" or not d.get("identifiers") or not d.get("sw_version") or not d.get("name"):
        print(topic, "lacks", missing or "a full device")
    if component == "select" and c["options"][:2] != ["none", "2023-05-01 Lisbon"]:
        print(topic, "options", c["options"])
if seen != set(needs): print("components", sorted(seen))
PY
)
check "mqtt: 9 discovery configs, each with its device and the keys its component needs ($problems)" \
    '[ "$(wc -l <"$OUT/discovery.txt")" = 9 ] && [ -z "$problems" ]'

# --- Commands on trips/a/cmd, each seen in the state; the screenshots looked at.
pub -t trips/a/cmd -m next
check "mqtt: 'next' opens the first trip" 'state_holds a "s[\"trip_id\"] == \"2023-05-01 Lisbon\" and s[\"photo\"] == \"a.jpg\"" 3'
pub -t trips/a/cmd -m next
check "mqtt: 'next' again turns to its second photo" 'state_holds a "s[\"photo\"] == \"b.jpg\"" 3'
pub -t trips/a/cmd -m previous
check "mqtt: 'previous' turns back" 'state_holds a "s[\"photo\"] == \"a.jpg\"" 3'
pub -t trips/a/cmd -m '{"command": "open", "trip": "rome"}'
check "mqtt: JSON 'open' by city opens Rome" 'state_holds a "s[\"trip_id\"] == \"2024-02-02 Rome\"" 3'
mosquitto_sub -p "$MQTT_PORT" -u "$MQTT_USER" -P secret -t trips/a/screenshot -C 1 -W 5 >"$OUT/open.jpg" 2>/dev/null &
shot=$!; sleep 0.3
pub -t trips/a/cmd -m screenshot
wait $shot
check "mqtt: 'screenshot' publishes the screen as a JPEG with the big photo out" \
    '[ "$(identify -format %m "$OUT/open.jpg" 2>/dev/null)" = JPEG ] && strip_slot_empty "$OUT/open.jpg" || at_least "$(non_background "$OUT/open.jpg" 100 120 400 150)" 0.9'
pub -t trips/a/cmd -m close
check "mqtt: 'close' puts it back" 'state_holds a "s[\"trip_id\"] is None and s[\"screen\"] == \"overview\"" 3'
pub -t trips/a/cmd -m 'slideshow start'
check "mqtt: 'slideshow start' plays the trips' photos" 'state_holds a "s[\"screen\"] == \"attract\" and s[\"photo\"]" 3'
# The slideshow fades in over the Overview: a loaded machine may be mid-fade.
check "mqtt: ... full screen on kiosk a (no title, a photo where the Overview's list is)" \
    'shoot_until "$OUT/slideshow.png" 5 "at_least \"\$(non_background \"\$file\" 940 200 320 200)\" 0.95 && ! title_gap_is_drawn \"\$file\""'
pub -t trips/a/cmd -m 'slide-seconds 9'
check "mqtt: 'slide-seconds 9' sets the slideshow's seconds" 'state_holds a "s[\"slide_seconds\"] == 9 and s[\"screen\"] == \"attract\"" 3'
pub -t trips/a/cmd -m 'slideshow stop'
check "mqtt: 'slideshow stop' goes back to the Overview" 'state_holds a "s[\"screen\"] == \"overview\"" 3'
pub -t trips/a/cmd -m sleep
check "mqtt: 'sleep' says asleep" 'state_holds a "s[\"power\"] == \"asleep\"" 3'
sleep 0.3; DISPLAY=$X_DISPLAY import -window root "$OUT/asleep.png"
check "mqtt: ... and the screen is black" 'at_least "$(near_colour "$OUT/asleep.png" 0 0 1280 800 black)" 0.99'
pub -t trips/a/cmd -m wake
check "mqtt: 'wake' shows the Overview again" 'state_holds a "s[\"power\"] == \"awake\"" 3 && shoot_until "$OUT/awake.png" 3 "overview_is_drawn \"\$file\" >/dev/null"'
pub -t trips/a/cmd -m reload
pub -t trips/a/cmd -m 'open ../../etc/passwd'
check "mqtt: an unknown trip is refused on trips/a/error naming it; reload is taken" \
    'state_holds a "\"../../etc/passwd\" in (s[\"last_error\"] or \"\")" 3 && grep -q "photos changed: 6 photos" "$OUT/a.err"'
pub -t trips/group/floor1/cmd -m 'jump'
check "mqtt: a bad word on the group's topic is refused naming it" 'state_holds a "\"jump\" in (s[\"last_error\"] or \"\")" 3'

# --- The state follows a touch on the screen.
DISPLAY=$X_DISPLAY xdotool mousemove 300 690 click 1
check "mqtt: a tap on the first strip photo is in the state" 'state_holds a "s[\"trip_id\"] == \"2023-05-01 Lisbon\"" 3'

# --- The fleet: trips/all reaches a, b and c; a group only its kiosks.
pub -t trips/all/cmd -m '{"command": "open", "trip": "2023-08-10 Oslo"}'
check "mqtt: one trips/all command opens Oslo on a, b and c" \
    'state_holds a "s[\"trip_id\"] == \"2023-08-10 Oslo\"" 3 && state_holds b "s[\"trip_id\"] == \"2023-08-10 Oslo\"" 3 && state_holds c "s[\"trip_id\"] == \"2023-08-10 Oslo\"" 3'
pub -t trips/group/floor1/cmd -m close
check "mqtt: trips/group/floor1 closes it on a and b, not on c" \
    'state_holds a "s[\"trip_id\"] is None" 3 && state_holds b "s[\"trip_id\"] is None" 3 && state_holds c "s[\"trip_id\"] == \"2023-08-10 Oslo\"" 1'

# --- Retained settings, all < group < device, applied live; a bad one refused.
pub -r -t trips/all/config -m '{"slide_seconds": 7, "idle_seconds": 300}'
pub -r -t trips/group/floor1/config -m '{"slide_seconds": 8}'
pub -r -t trips/b/config -m '{"slide_seconds": 5, "awake_hours": "08:00-20:00"}'
check "mqtt: the retained settings apply live, the narrower winning (a 8, b 5, c 7)" \
    'state_holds a "s[\"slide_seconds\"] == 8" 3 && state_holds b "s[\"slide_seconds\"] == 5 and s[\"awake_hours\"] == \"08:00-20:00\"" 3 && state_holds c "s[\"slide_seconds\"] == 7" 3'
check "mqtt: one log line says what changed" '[ "$(grep -c "the fleet.s settings changed: slide_seconds unset → 7, idle_seconds unset → 300" "$OUT/a.err")" = 1 ]'
pub -r -t trips/a/config -m '{"slide_seconds": "fast"}'
check "mqtt: a bad value is refused naming it, the old value stays" \
    'state_holds a "\"fast\" in (s[\"last_error\"] or \"\") and s[\"slide_seconds\"] == 8" 3'
pub -r -t trips/a/config -n

# --- The broker goes away and comes back: the kiosk reconnects by itself.
kill -KILL "$BROKER_PID"; wait "$BROKER_PID" 2>/dev/null
sleep 1
restarted=$(date +%s.%N)
start_broker >/dev/null
for i in $(seq 150); do grep -q "connected again" "$OUT/a.err" && state_holds a True 1 && break; sleep 0.1; done
reconnect=$(awk -v a="$restarted" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
check "mqtt: after the broker's restart a reconnects in $reconnect s and publishes its state again" \
    'grep -q "connected again" "$OUT/a.err" && state_holds a True 1'
check "mqtt: the broker's absence is one line, not one a retry" '[ "$(grep -c "trying again" "$OUT/a.err")" = 1 ] && [ "$(grep -c "connected again" "$OUT/a.err")" = 1 ]'
pub -t trips/a/cmd -m next
check "mqtt: commands act again after the reconnect" 'state_holds a "s[\"trip_id\"] is not None" 3'

# --- Bounds: a burst of 200 commands is cut to the rate limit in one line; 70 KiB is refused unread.
yes previous | head -200 | pub -t trips/c/cmd -l
sleep 1.5
pub -t trips/c/cmd -m next
head -c 71680 /dev/zero | tr '\0' 'n' >"$OUT/oversized"
pub -t trips/c/cmd -f "$OUT/oversized"
check "mqtt: a burst of 200 commands is one log line of what was dropped, a 70 KiB one refused naming its size" \
    'state_holds c "\"71680 bytes is over the limit\" in (s[\"last_error\"] or \"\")" 3 && [ "$(grep -c "commands that came faster than 10 a second" "$OUT/c.err")" = 1 ] && kill -0 $c_pid'

# --- Going away: a clean stop says offline; a killed kiosk's last will says it for it.
stop "$c_pid"
kill -KILL "$b_pid"; wait "$b_pid" 2>/dev/null
check "mqtt: a stopped kiosk says offline, and a killed one's last will does" \
    'for i in $(seq 20); do [ "$(retained trips/c/availability)" = offline ] && [ "$(retained trips/b/availability)" = offline ] && break; sleep 0.2; done
     [ "$(retained trips/c/availability)" = offline ] && [ "$(retained trips/b/availability)" = offline ]'

# --- A wrong password and a wrong CA: one clear line each, the photos keep showing.
start_xvfb 1280x800 >/dev/null; X_WRONG_PW=$X_DISPLAY
DISPLAY=$X_WRONG_PW "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtt://$MQTT_USER@127.0.0.1:$MQTT_PORT" \
    --mqtt-password-file "$OUT/mqtt-wrong-password" --device d 2>"$OUT/d.err" &
d=$!; track $d
start_xvfb 1280x800 >/dev/null; X_WRONG_CA=$X_DISPLAY
DISPLAY=$X_WRONG_CA "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtts://$MQTT_USER@localhost:$MQTTS_PORT" "${PW[@]}" \
    --mqtt-ca "$OUT/other-ca.pem" --device e 2>"$OUT/e.err" &
e=$!; track $e
pub -r -t trips/all/config -m '{"slide_seconds": 11}'
SDL_VIDEODRIVER=offscreen "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtts://$MQTT_USER@localhost:$MQTTS_CLIENT_PORT" "${PW[@]}" \
    --mqtt-ca "$OUT/ca.pem" --mqtt-cert "$OUT/client.pem" --mqtt-key "$OUT/client.key" --device g 2>"$OUT/g.err" &
track $!
SDL_VIDEODRIVER=offscreen "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtts://$MQTT_USER@localhost:$MQTTS_CLIENT_PORT" "${PW[@]}" \
    --mqtt-ca "$OUT/ca.pem" --device h 2>"$OUT/h.err" &
track $!
SDL_VIDEODRIVER=offscreen "$TRIPS" --kiosk --photos "$lib" --mqtt "mqtts://$MQTT_USER@localhost:$MQTTS_PORT" "${PW[@]}" \
    --mqtt-ca "$OUT/other-ca.pem" --mqtt-insecure --device f 2>"$OUT/f.err" &
track $!
sleep 5 # three or more tries each
X_DISPLAY=$X_WRONG_PW shoot_until_drawn "$OUT/wrong-password.png"
X_DISPLAY=$X_WRONG_CA shoot_until_drawn "$OUT/wrong-ca.png"
check "mqtt: a wrong password is one line naming the refusal ($(grep mqtt "$OUT/d.err" | head -1))" \
    '[ "$(grep -c "mqtt" "$OUT/d.err")" = 1 ] && grep -q "refused.*not authori[sz]ed" "$OUT/d.err"'
check "mqtt: ... and that kiosk keeps showing its photos" 'kill -0 $d && overview_is_drawn "$OUT/wrong-password.png"'
check "mqtt: a CA that did not sign the broker is one line naming the verification ($(grep mqtt "$OUT/e.err" | head -1))" \
    '[ "$(grep -c "mqtt" "$OUT/e.err")" = 1 ] && grep -q "certificate verify failed" "$OUT/e.err"'
check "mqtt: ... and that kiosk keeps showing its photos" 'kill -0 $e && overview_is_drawn "$OUT/wrong-ca.png"'
check "mqtt: --mqtt-insecure connects past the wrong CA, and says in the log that it does not verify" \
    'grep -q "NOT verified" "$OUT/f.err" && [ "$(retained trips/f/availability)" = online ]'
# (TLS 1.3 tells a client without a certificate after the handshake: its first try is a bare protocol error.)
check "mqtt: a listener that requires a client certificate takes the kiosk that presents one, and says 'certificate required' to one without" \
    '[ "$(retained trips/g/availability)" = online ] && [ -z "$(retained trips/h/availability)" ] && grep -q "certificate required" "$OUT/h.err" && [ "$(grep -c mqtt "$OUT/h.err")" -le 2 ]'
check "mqtt: a kiosk started after the fleet's retained settings takes them at its start" 'state_holds f "s[\"slide_seconds\"] == 11" 3'
"$TRIPS" --mqtt mqtts://localhost --mqtt-ca "$OUT/missing.pem" 2>"$OUT/missing-ca.err"; code=$?
check "mqtt: a CA file that cannot be read is exit 2 naming it" '[ $code = 2 ] && grep -q "missing.pem: cannot read it" "$OUT/missing-ca.err"'

echo "mqtt: broker restart to reconnect: $reconnect s"
e2e_end
