#!/usr/bin/env bash
# Start-up benchmark: time from launch to the first frame presented, median
# of 5 launches, for each display path, measured side by side in one run.
# The app reports the time from its own start to its first present
# (TRIPS_VERBOSE); the wall time of a whole `--frames 1` run (exec, load,
# draw, tear down) is reported too. Also the CPU of an idle window.
# Benchmarks/startup.sh BINARY [OTHER]: with OTHER (e.g. make deb's static
# build against the dynamic one) each display path's launches alternate
# between the two, a row each.
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
BINARIES=("$TRIPS")
[ $# -ge 2 ] && BINARIES+=("$(realpath "$2")")
. Tests/e2e/lib.sh
e2e_begin trips-bench

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# first_frame ENV... (flags in ARGS): median ms from start to first present, and of wall time.
# Each binary's launches in $OUT/inner-N and $OUT/wall-N (N its place in BINARIES).
first_frame() {
    local i n s e
    for n in "${!BINARIES[@]}"; do : >"$OUT/inner-$n"; : >"$OUT/wall-$n"; done
    for i in 1 2 3 4 5; do
        for n in "${!BINARIES[@]}"; do
            s=$(date +%s%N)
            env "$@" TRIPS_VERBOSE=1 "${BINARIES[$n]}" ${ARGS:-} --frames 1 2>"$OUT/ff.err" >/dev/null
            e=$(date +%s%N)
            sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/ff.err" >>"$OUT/inner-$n"
            echo "$(( (e - s) / 1000000 ))" >>"$OUT/wall-$n"
        done
    done
    for n in "${!BINARIES[@]}"; do
        printf '%-28s first frame %7s ms   whole --frames 1 run %5s ms   (median of 5)%s\n' "$LABEL" \
            "$(median <"$OUT/inner-$n")" "$(median <"$OUT/wall-$n")" "$([ ${#BINARIES[@]} -gt 1 ] && echo "   binary $((n + 1))")"
    done
}

echo "startup: ${BINARIES[*]}"
LABEL="offscreen (default)" first_frame SDL_VIDEODRIVER=offscreen
ARGS="--renderer opengl" LABEL="offscreen (opengl)" first_frame SDL_VIDEODRIVER=offscreen
ARGS="--renderer software" LABEL="offscreen (software)" first_frame SDL_VIDEODRIVER=offscreen
start_xvfb 1280x800 >/dev/null
LABEL="x11 on Xvfb" first_frame DISPLAY=$X_DISPLAY
start_weston 1280x800 >/dev/null
LABEL="wayland on nested weston" first_frame WAYLAND_DISPLAY=$WL_SOCKET

# The screen reader bridge's cost at start-up, on X11, alternating launch
# by launch: no session bus at all (a bare kiosk: the app says so in one
# line) against a private session bus with at-spi-bus-launcher (the
# bridge connects after the first frame, on a thread of its own).
dbus-daemon --session --nofork --print-address=3 3>"$OUT/bus.address" >/dev/null 2>&1 &
track $!
wait_for_file "$OUT/bus.address" 5
BUS=$(head -1 "$OUT/bus.address")
DBUS_SESSION_BUS_ADDRESS=$BUS /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
track $!
for i in $(seq 100); do
    DBUS_SESSION_BUS_ADDRESS=$BUS gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
    sleep 0.05
done
nobus=() bus=()
for i in 1 2 3 4 5; do
    env -u DBUS_SESSION_BUS_ADDRESS -u AT_SPI_BUS_ADDRESS XDG_RUNTIME_DIR="$OUT/nobus" DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 \
        "$TRIPS" --frames 1 2>"$OUT/nobus.err" >/dev/null
    nobus+=("$(sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/nobus.err")")
    env -u AT_SPI_BUS_ADDRESS DBUS_SESSION_BUS_ADDRESS=$BUS DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 \
        "$TRIPS" --frames 1 2>"$OUT/bus.err" >/dev/null
    bus+=("$(sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/bus.err")")
done
printf '%-28s first frame %7s ms   (median of 5; it says: %s)\n' "x11, no session bus" \
    "$(printf '%s\n' "${nobus[@]}" | median)" "$(grep -c "no screen reader" "$OUT/nobus.err") line, \"$(grep "no screen reader" "$OUT/nobus.err")\""
printf '%-28s first frame %7s ms   (median of 5, alternating with the row above)\n' "x11, AT-SPI bus present" \
    "$(printf '%s\n' "${bus[@]}" | median)"

DISPLAY=$X_DISPLAY "$TRIPS" 2>/dev/null & pid=$!; track "$pid"
sleep 2
t0=$(awk '{print $14 + $15}' "/proc/$pid/stat"); sleep 10; t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
echo "idle window (x11): $((t1 - t0)) CPU ticks in 10 s ($(awk -v t=$((t1 - t0)) 'BEGIN { printf "%.1f", t / 10 }')% of a core)"
stop "$pid"
