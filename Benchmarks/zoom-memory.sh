#!/usr/bin/env bash
# Zoom memory: a dozen 12 MP photos (made here from the bundled ones),
# each opened in a window on Xvfb, zoomed to 4x with the + key (detail
# tiles decoded), held while its tiles arrive, closed, the next one; the
# app's peak RSS (VmHWM) against --memory-budget plus 64 MiB, the target,
# and the summary line (tiles decoded, the last 4x view's time to its
# last tile).
# Usage: Benchmarks/zoom-memory.sh [path/to/trips] [BUDGET_MIB]
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
BUDGET=${2:-64}
. Tests/e2e/lib.sh
e2e_begin trips-zoom-memory
mkdir -p "$OUT/photos"
i=0
for src in Assets/photos/*.jpg Assets/photos/dune.jpg Assets/photos/storm.jpg Assets/photos/wood.jpg Assets/photos/aqua.jpg; do
    convert "$src" -resize '4000x3000!' -quality 90 "$OUT/photos/photo-$(printf %02d $i).jpg"; i=$((i + 1))
    [ "$i" = 12 ] && break
done
start_xvfb 1280x800 >/dev/null || { echo "zoom-memory: Xvfb did not start"; exit 1; }
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$OUT/photos" --fullscreen --memory-budget "$BUDGET" 2>"$OUT/app.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/start.png"
DISPLAY=$X_DISPLAY xdotool key Right
for n in $(seq 12); do
    DISPLAY=$X_DISPLAY xdotool key Return; sleep 1.2
    for k in 1 2 3 4 5 6 7 8; do DISPLAY=$X_DISPLAY xdotool key plus; sleep 0.1; done
    sleep 1.5
    DISPLAY=$X_DISPLAY xdotool key Escape; sleep 0.8
    DISPLAY=$X_DISPLAY xdotool key Right; sleep 0.3
done
peak=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$pid/status")
stop "$pid"
echo "zoom-memory: 12 photos of 12 MP zoomed to 4x in turn, --memory-budget $BUDGET: peak RSS $peak MiB (target under $((BUDGET + 64)) MiB)"
grep "photos: " "$OUT/app.err" | sed 's/^trips: /zoom-memory: /'
[ "$peak" -lt $((BUDGET + 64)) ]
