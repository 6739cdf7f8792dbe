#!/usr/bin/env bash
# A kiosk steered over MQTT (docs/KIOSK.md), measured: command-to-screen
# latency (from the command's arrival on the broker link to the end of the
# first present after the model took it: TRIPS_VERBOSE's "on screen after"
# lines) over LATENCY_COMMANDS (60) next/previous commands 0.25 s apart;
# the reconnect time after the broker is killed, down for 1 s, and
# restarted, RESTARTS (5) times; and a fuzz of FUZZ_PAYLOADS (2,000)
# random, malformed and oversized payloads on every command and config
# topic while the slideshow plays: the app stays up, the rate limit drops
# what comes too fast (one line in 10 s at most), and the slideshow's frame-time p99
# (the state's frame_p99_ms, its last 240 frames) before and after.
# Usage: Benchmarks/mqtt.sh [path/to/trips]
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
. Tests/e2e/lib.sh
e2e_begin trips-mqtt-bench
. Tests/e2e/mqtt-broker.sh
export XDG_STATE_HOME="$OUT/state"
make_test_ca
start_broker || exit 1
make_library "$OUT/photos"
start_xvfb 1280x800 >/dev/null || exit 1
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --kiosk --photos "$OUT/photos" --mqtt "mqtt://$MQTT_USER@127.0.0.1:$MQTT_PORT" \
    --mqtt-password-file "$OUT/mqtt-password" --device bench --group floor 2>"$OUT/app.err" &
app=$!; track $app
shoot_until_drawn "$OUT/start.png"
state_holds bench True 10 || { echo "mqtt bench: the kiosk never published its state"; exit 1; }

# percentiles FILE: p50 and p99 of the numbers in FILE, one a line.
percentiles() { sort -n "$1" | awk '{ v[NR] = $1 } END { i50 = int(NR * 0.5 + 0.5); i99 = int(NR * 0.99 + 0.5); if (i99 < 1) i99 = 1; printf "p50 %.1f, p99 %.1f (n %d)", v[i50], v[i99], NR }'; }

# --- Command to screen.
for i in $(seq "${LATENCY_COMMANDS:-60}"); do
    pub -t trips/bench/cmd -m "$([ $((i % 3)) = 0 ] && echo previous || echo next)"; sleep 0.25
done
sleep 0.5
grep -o "'\(next\|previous\)' on screen after [0-9.]* ms" "$OUT/app.err" | awk '{ print $(NF - 1) }' >"$OUT/latency.txt"
echo "mqtt bench: command to screen, ms: $(percentiles "$OUT/latency.txt")"

# --- Broker restarts.
: >"$OUT/reconnect.txt"
for i in $(seq "${RESTARTS:-5}"); do
    before=$(grep -c "connected again" "$OUT/app.err")
    kill -KILL "$BROKER_PID"; wait "$BROKER_PID" 2>/dev/null
    sleep 1
    restarted=$(date +%s.%N)
    start_broker >/dev/null
    for j in $(seq 400); do [ "$(grep -c "connected again" "$OUT/app.err")" -gt "$before" ] && break; sleep 0.05; done
    awk -v a="$restarted" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", b - a }' >>"$OUT/reconnect.txt"
    sleep $((i % 3)) # the next outage catches the backoff at another point
done
echo "mqtt bench: broker restart to reconnect, s: $(percentiles "$OUT/reconnect.txt"), each: $(tr '\n' ' ' <"$OUT/reconnect.txt")"
state_holds bench True 5 || echo "mqtt bench: no state after the restarts"

# --- Fuzz while the slideshow plays.
pub -t trips/bench/cmd -m 'slide-seconds 1'; pub -t trips/bench/cmd -m 'slideshow start'
sleep 10
p99_before=$(retained trips/bench/state | python3 -c 'import json,sys; print(json.load(sys.stdin)["frame_p99_ms"])')
python3 - "$OUT/fuzz" "${FUZZ_PAYLOADS:-2000}" <<'PY'
import json, os, random, sys
out, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(36)
os.makedirs(out, exist_ok=True)
words = ["next", "open", "slide-seconds", "slideshow", "sleep", "{", "\"command\"", "null", "[]", "../..", "%s", "\u202e", "\x00"]
def payload(k):
    kind = k % 6
    if kind == 0: return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
    if kind == 1: return " ".join(rng.choice(words) + rng.choice(["", "x", "9" * rng.randrange(1, 40)]) for _ in range(rng.randrange(2, 6))).encode("utf-8", "surrogatepass")
    if kind == 2: return json.dumps({"command": rng.choice(["open", "slide-seconds", "jump"]), rng.choice(["trip", "seconds", "path"]): rng.choice([None, -1, 1e308, "x" * rng.randrange(300), [1], {"a": 1}])}).encode()
    if kind == 3: return ("{" * rng.randrange(1, 2000)).encode()
    if kind == 4: return os.urandom(70_000 + rng.randrange(30_000))  # over the 64 KiB limit
    return json.dumps({rng.choice(["slide_seconds", "idle_seconds", "awake_hours", "language", "reduce_motion", "x"]): rng.choice(["fast", -5, 1e9, "true", "25:99-00:00", "../../x", None])}).encode()
topics = ["trips/bench/cmd", "trips/all/cmd", "trips/group/floor/cmd", "trips/bench/config", "trips/all/config", "trips/group/floor/config"]
with open(os.path.join(out, "list"), "w") as index:
    for k in range(n):
        path = os.path.join(out, "%04d" % k)
        open(path, "wb").write(payload(k))
        index.write("%s %s\n" % (topics[k % len(topics)], path))
PY
fuzz_start=$(date +%s.%N)
while read -r topic file; do pub -t "$topic" -f "$file" 2>/dev/null; done <"$OUT/fuzz/list"
fuzz_seconds=$(awk -v a="$fuzz_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
p99_during=$(retained trips/bench/state | python3 -c 'import json,sys; print(json.load(sys.stdin)["frame_p99_ms"])')
pub -r -t trips/bench/config -n; pub -r -t trips/all/config -n; pub -r -t trips/group/floor/config -n
sleep 10
state=$(retained trips/bench/state)
p99_after=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["frame_p99_ms"])' "$state" 2>/dev/null)
alive=$(kill -0 $app 2>/dev/null && echo "up" || echo "DOWN")
echo "mqtt bench: fuzz of ${FUZZ_PAYLOADS:-2000} payloads over ${fuzz_seconds} s: the app is $alive;" \
    "$(grep -c "refused:" "$OUT/app.err") refusal lines logged (one a second at most), $(grep -c "commands that came faster" "$OUT/app.err") dropped-burst lines; slideshow frame p99 ${p99_before} ms before, ${p99_during} ms at its end, ${p99_after} ms 10 s after"
echo "mqtt bench: state after: $state"
DISPLAY=$X_DISPLAY import -window root "$OUT/after-fuzz.png"
echo "mqtt bench: the screen after the fuzz: $OUT/after-fuzz.png"
