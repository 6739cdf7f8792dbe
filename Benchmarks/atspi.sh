#!/usr/bin/env bash
# The AT-SPI bridge's cost (docs/ACCESSIBILITY.md), side by side in one run:
# frame CPU time (median and p99, the bridge's publishing counted in each
# frame) of a live window playing the attract loop, with NO_AT_BRIDGE=1,
# with the bridge on and no client, and with a screen reader's load
# listening (Benchmarks/atspi-listener.py), alternating, 3 runs each; and
# the time to the first frame without a bus, with NO_AT_BRIDGE=1 and with a bus.
set -u
cd "$(dirname "$0")/.."
if [ -z "${TRIPS_ATSPI_SESSION:-}" ]; then
    exec env TRIPS_ATSPI_SESSION=1 dbus-run-session -- "$0" "$@" 2>/dev/null
fi
TRIPS=$(realpath "${1:-.build/release/trips}")
. Tests/e2e/lib.sh
e2e_begin trips-bench-atspi
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
track $!
start_xvfb 1280x800 >/dev/null || exit 1
export DISPLAY=$X_DISPLAY
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# frames LABEL ENV...: 600 frames of the attract loop (it starts after 1 s).
frames() {
    local label=$1; shift
    env "$@" TRIPS_BENCH=1 "$TRIPS" --idle 1 --slide 2 --frames 600 2>"$OUT/frames.err" >/dev/null
    local line; line=$(grep "^bench:" "$OUT/frames.err")
    echo "$label $(echo "$line" | sed -n 's/.*frame_ms_p50=\([0-9.]*\) frame_ms_p99=\([0-9.]*\).*/\1 \2/p')" >>"$OUT/frames.txt"
}
# The three side by side, alternating: the bridge off, on with no reader
# on the bus (the registry only), and on with a screen reader's load
# listening (Benchmarks/atspi-listener.py: every event, the whole tree
# read every 50 ms).
for round in 1 2 3; do
    frames off NO_AT_BRIDGE=1
    frames on
    /usr/bin/python3 Benchmarks/atspi-listener.py >"$OUT/listener.log" 2>&1 &
    LISTENER=$!; track $LISTENER
    sleep 0.5
    frames listened
    stop "$LISTENER"
done
echo "atspi: $TRIPS (machine shared and loaded: read the ratio, not the figures)"
row() { awk -v l="$1" -v c="$2" '$1 == l { print $c }' "$OUT/frames.txt" | median; }
for label in off on listened; do
    case $label in off) what="bridge off (NO_AT_BRIDGE=1)  " ;; on) what="bridge on, no client         " ;; *) what="bridge on, a client listening" ;; esac
    printf 'atspi: frame CPU, attract loop, %s  p50 %6s ms  p99 %6s ms  p99/off %s  (median of 3 runs of 600 frames)\n' \
        "$what" "$(row $label 2)" "$(row $label 3)" "$(awk -v a="$(row $label 3)" -v b="$(row off 3)" 'BEGIN { printf "%.2f", a / b }')"
done
echo "atspi: the last listener read the tree $(tail -1 "$OUT/listener.log" | sed -n 's/listener: \([0-9]*\) tree reads, \([0-9]*\) events/\1 times and heard \2 events/p')"

# first_frame LABEL ENV...: median of 5 launches, ms from start to the first present.
first_frame() {
    local label=$1 i v=(); shift
    for i in 1 2 3 4 5; do
        env "$@" TRIPS_VERBOSE=1 "$TRIPS" --frames 1 2>"$OUT/ff.err" >/dev/null
        v+=("$(sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/ff.err")")
    done
    printf 'atspi: first frame %-22s %7s ms (median of 5)\n' "$label" "$(printf '%s\n' "${v[@]}" | median)"
}
first_frame "without a bus" -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$OUT/nobus"
first_frame "NO_AT_BRIDGE=1" NO_AT_BRIDGE=1
first_frame "with the bus" 
first_frame "without a bus" -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$OUT/nobus"
