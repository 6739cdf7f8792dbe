#!/usr/bin/env bash
# The first frame of a 10,000-photo camera roll (loose JPEGs in one folder,
# 50 trips in 50 cities, EXIF dates and GPS as phones write them), with the
# places named (this build) beside a build from before places
# (TRIPS_BASELINE=path/to/trips, built from an earlier commit; several
# builds separated by colons, each compared), alternating in one run: median of 5 first starts (no cache) and of 5 known starts
# (warm cache), from the app's own "first frame after" (TRIPS_VERBOSE),
# offscreen. Also when the trips took their places' names.
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
IFS=: read -r -a BASELINES <<<"${TRIPS_BASELINE:-}"
. Tests/e2e/lib.sh
e2e_begin trips-places-bench

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

lib="$OUT/roll"; mkdir -p "$lib"
cities=("38.7107 -9.1368" "41.1456 -8.6110" "35.6812 139.7671" "40.4168 -3.7038" "48.8566 2.3522" "52.5200 13.4050" "41.9028 12.4964" "51.5074 -0.1278" "40.7128 -74.0060" "-33.8688 151.2093")
for t in $(seq 0 49); do
    read -r lat lon <<<"${cities[$((t % 10))]}"
    day=$(date -u -d "2024-01-01 + $((t * 4)) days" +%Y:%m:%d)
    cp Assets/photos/storm.jpg "$OUT/src-$t.jpg"
    exiftool -q -overwrite_original -DateTimeOriginal="$day 10:00:00" -OffsetTimeOriginal="+00:00" \
        -GPSLatitude="${lat#-}" -GPSLatitudeRef="$([ "${lat#-}" = "$lat" ] && echo N || echo S)" \
        -GPSLongitude="${lon#-}" -GPSLongitudeRef="$([ "${lon#-}" = "$lon" ] && echo E || echo W)" "$OUT/src-$t.jpg"
    for n in $(seq -w 1 200); do ln "$OUT/src-$t.jpg" "$lib/IMG_$(printf %02d "$t")$n.jpg"; done
done

# start BINARY CACHE: one start, 1 frame; prints the first frame's ms.
start() {
    env SDL_VIDEODRIVER=offscreen TRIPS_VERBOSE=1 XDG_CACHE_HOME="$2" XDG_STATE_HOME="$2" TZ=UTC "$1" --photos "$lib" --frames 1 2>"$OUT/start.err" >/dev/null
    sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/start.err"
}
# run_until BINARY CACHE TEXT: a start left running until its log says TEXT (60 s at most).
run_until() { library_run_until "$1" "$lib" "$2" "$3"; }
declare -A first known
whos=(new); for b in "${!BASELINES[@]}"; do whos+=("base$b"); done
binary() { if [ "$1" = new ]; then echo "$TRIPS"; else echo "${BASELINES[${1#base}]}"; fi; }
for i in 1 2 3 4 5; do
    for who in "${whos[@]}"; do
        bin=$(binary "$who")
        rm -rf "$OUT/cache-$who"
        first[$who]+="$(start "$bin" "$OUT/cache-$who") "
        # Let the background reading fill the cache: a run until it settled.
        run_until "$bin" "$OUT/cache-$who" "capture times:"
        known[$who]+="$(start "$bin" "$OUT/cache-$who") "
    done
done
echo "places: a 10,000-photo camera roll, first frame, offscreen, median of 5 alternating starts (ms)"
for who in "${whos[@]}"; do
    label="this build (places)"; [ "$who" = new ] || label="$(binary "$who" | sed 's#/.build/.*##; s#.*/##')"
    printf '  %-34s first start %7s   known library %7s   (runs: %s/ %s)\n' "$label" \
        "$(printf '%s\n' ${first[$who]} | median)" "$(printf '%s\n' ${known[$who]} | median)" "${first[$who]}" "${known[$who]}"
done
[ ${#BASELINES[@]} -gt 0 ] || echo "  (TRIPS_BASELINE unset: no build from before places to compare with)"
# When the names came: a known start, run until they did.
run_until "$TRIPS" "$OUT/cache-new" "places named"
grep -E "first frame after|cities indexed|places named" "$OUT/until.err" | sed 's/^/  /'
