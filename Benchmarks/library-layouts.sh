#!/usr/bin/env bash
# The first frame of a 10,000-photo library laid out as today's flat one
# (50 trip folders of 200 photos at the top) and as a real one, nested
# (a phone's DCIM of 25 numbered folders, and 25 albums as deep as 20
# folders), with this build, and the flat one with a build from before
# nested libraries (TRIPS_BASELINE=path/to/trips), alternating in one run:
# median of 5 first starts (no cache) and of 5 known starts (warm cache),
# from the app's own "first frame after" (TRIPS_VERBOSE), offscreen.
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
BASELINE=${TRIPS_BASELINE:-}
. Tests/e2e/lib.sh
e2e_begin trips-layouts-bench

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

flat="$OUT/flat"; nested="$OUT/nested"
for t in $(seq 0 49); do
    day=$(date -u -d "2024-01-01 + $((t * 4)) days" +%Y:%m:%d)
    cp Assets/photos/storm.jpg "$OUT/src-$t.jpg"
    exiftool -q -overwrite_original -DateTimeOriginal="$day 10:00:00" -OffsetTimeOriginal="+00:00" "$OUT/src-$t.jpg"
    mkdir -p "$flat/trip-$t"
    if [ "$t" -lt 25 ]; then folder="$nested/DCIM/$((100 + t))APPLE"
    else folder="$nested/Albums/$(seq -s/ 1 $((t - 25 + 1 < 18 ? t - 25 + 1 : 18)) | sed 's#[0-9]*#level&#g')/Album $t"; fi
    mkdir -p "$folder"
    for n in $(seq -w 1 200); do ln "$OUT/src-$t.jpg" "$flat/trip-$t/IMG_$n.jpg"; ln "$OUT/src-$t.jpg" "$folder/IMG_$n.jpg"; done
done
deepest=$(( $(find "$nested" -type d | awk -F/ '{ print NF }' | sort -n | tail -1) - $(echo "$nested" | awk -F/ '{ print NF }') ))
echo "layouts: 10,000 photos in 50 folders; the nested library's deepest is $deepest folders down"

# start BINARY LIBRARY CACHE: one start, 1 frame; prints the first frame's ms.
start() {
    env SDL_VIDEODRIVER=offscreen TRIPS_VERBOSE=1 XDG_CACHE_HOME="$3" XDG_STATE_HOME="$3" TZ=UTC "$1" --photos "$2" --frames 1 2>"$OUT/start.err" >/dev/null
    sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/start.err"
}
rows=("this build, flat:$TRIPS:$flat" "this build, nested:$TRIPS:$nested")
[ -n "$BASELINE" ] && rows+=("before, flat:$(realpath "$BASELINE"):$flat")
declare -A first known
for round in 1 2 3 4 5; do
    for row in "${rows[@]}"; do
        IFS=: read -r name binary library <<<"$row"
        cache="$OUT/cache-$round-${name//[^a-z]/}"
        first[$name]+="$(start "$binary" "$library" "$cache") "
        library_run_until "$binary" "$library" "$cache" "capture times:"
        known[$name]+="$(start "$binary" "$library" "$cache") "
    done
done
for row in "${rows[@]}"; do
    name=${row%%:*}
    echo "layouts: $name: first frame, first start $(tr ' ' '\n' <<<"${first[$name]}" | grep . | median) ms, known start $(tr ' ' '\n' <<<"${known[$name]}" | grep . | median) ms"
done
