#!/usr/bin/env bash
# End-to-end tests of a live photo library on Xvfb: the order a person
# made is kept for the library across a restart and after a trip is added.
# Usage: Tests/e2e/library.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-library "library" "${1:-}"
export XDG_STATE_HOME="$OUT/state"

lib="$OUT/Pictures"
for trip in "2024-05-12 Lisbon" "2024-06-01 Porto" "2024-07-01 Rome"; do
    mkdir -p "$lib/$trip"; cp Assets/photos/storm.jpg "$lib/$trip/a.jpg"
done
start_xvfb 1280x800 >/dev/null || bad "library: Xvfb did not start"

# order_of FILE: the ids of a state file's order, one line.
order_of() { python3 -c 'import json,sys; print(" | ".join(json.load(open(sys.argv[1]))["order"]))' "$1" 2>/dev/null; }

# --- A live reorder with the keyboard: Right focuses the first trip, Ctrl+Right moves it one on.
DISPLAY=$X_DISPLAY "$TRIPS" --photos "$lib" 2>"$OUT/reorder.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/reorder.png"
DISPLAY=$X_DISPLAY xdotool key Right; sleep 0.3
DISPLAY=$X_DISPLAY xdotool key ctrl+Right
saved=
for i in $(seq 40); do saved=$(ls "$XDG_STATE_HOME"/trips/orders/Pictures-*.json 2>/dev/null | head -1); [ -n "$saved" ] && break; sleep 0.1; done
stop "$pid"
check "a library's reorder is saved in a file of its own, keyed by its folder" \
    '[ -n "$saved" ] && [ "$(order_of "$saved")" = "2024-06-01 Porto | 2024-05-12 Lisbon | 2024-07-01 Rome" ]'
check "no other state file was written" '[ ! -e "$XDG_STATE_HOME/trips/state.json" ]'

# --- A trip added while closed takes its place after the kept order; the order read back by the next start.
mkdir -p "$lib/2023-01-01 Oslo"; cp Assets/photos/storm.jpg "$lib/2023-01-01 Oslo/a.jpg"
printf 'size 1280 800\nat 100 state\n' >"$OUT/state.replay"
order=$("$TRIPS" --replay "$OUT/state.replay" --photos "$lib" --state "$saved" 2>"$OUT/replay.err" | python3 -c '
import json, sys
for line in sys.stdin:
    d = json.loads(line)
    if d.get("type", d.get("event")) == "state" or "order" in d: print(" | ".join(d["order"])); break')
check "after a restart with a trip added: the kept order, then the new trip" \
    '[ "$order" = "2024-06-01 Porto | 2024-05-12 Lisbon | 2024-07-01 Rome | 2023-01-01 Oslo" ]'

e2e_end
