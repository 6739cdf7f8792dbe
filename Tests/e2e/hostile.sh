#!/usr/bin/env bash
# End-to-end tests of hostile state and cache files through the binary: a
# capture-time cache with impossible times (1e30 once crashed every start),
# and state files that are a FIFO, a link to /dev/zero, a folder or 100 MB.
# Each run must exit 0, draw its first frame within a second, say one
# clear line, and leave what the person made where it was.
# Usage: Tests/e2e/hostile.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-hostile "hostile" "${1:-}"

# run_trips LOG ARGS...: an offscreen run of a few frames, its stderr in LOG;
# sets RC and FIRST_MS (the first frame's time from the verbose log).
run_trips() {
    local log=$1; shift
    SDL_VIDEODRIVER=offscreen TRIPS_VERBOSE=1 timeout 20 "$TRIPS" --frames 3 "$@" 2>"$log" >/dev/null
    RC=$?
    FIRST_MS=$(sed -n 's/^trips: first frame after \([0-9.]*\) ms.*/\1/p' "$log" | head -1)
}
# quick: the first frame came, within a second.
quick() { [ -n "$FIRST_MS" ] && [ "$(echo "$FIRST_MS < 1000" | bc)" = 1 ]; }
# said_once LOG TEXT: exactly one line of LOG holds TEXT.
said_once() { [ "$(grep -cF -- "$2" "$1")" = 1 ]; }

# --- The capture-time cache: one photo whose size and time match each damaged line.
lib="$OUT/library"; mkdir -p "$lib/Lisbon"
cp Assets/photos/storm.jpg "$lib/Lisbon/a.jpg"
cp Assets/photos/storm.jpg "$lib/Lisbon/b.jpg"
# A live run saves the cache once its background reading settles.
SDL_VIDEODRIVER=offscreen "$TRIPS" --photos "$lib" 2>"$OUT/first.err" &
pid=$!; track "$pid"
cache=
for i in $(seq 100); do
    cache=$(ls "$XDG_CACHE_HOME"/trips/capture-times/library-*.tsv 2>/dev/null | head -1)
    [ -n "$cache" ] && [ "$(grep -c . "$cache")" = 3 ] && break
    sleep 0.1
done
stop "$pid"
check "a first run writes the library's capture-time cache" '[ -n "$cache" ] && [ "$(grep -c . "$cache")" = 3 ]'
size=$(stat -c %s "$lib/Lisbon/a.jpg")
for bad in "1e30 1e30" "nan 4" "-1e12 -1e12" "inf inf"; do
    read -r instant wall <<<"$bad"
    { echo "trips capture times 2"
      for f in a b; do
          modified=$(grep -F "/Lisbon/$f.jpg" "$cache" | cut -f2)
          printf '%s\t%s\t%s\t%s\t-\t-\t%s\n' "$size" "$modified" "$instant" "$wall" "$lib/Lisbon/$f.jpg"
      done; } >"$OUT/damaged.tsv"
    cp "$OUT/damaged.tsv" "$cache"
    run_trips "$OUT/cache.err" --photos "$lib"
    check "cache time '$bad': exit 0, first frame ${FIRST_MS:-never} ms, one line naming the cache and its line" \
        '[ "$RC" = 0 ] && quick && said_once "$OUT/cache.err" "$cache:2: a damaged line of the capture-time cache (and 1 more) was dropped"'
done
printf 'trips capture times 2\n%s\t1.5\t3\n\t\t\t\t\t\t\n' "$size" >"$cache"
run_trips "$OUT/fields.err" --photos "$lib"
check "cache lines with the wrong number of fields: exit 0 and one line" \
    '[ "$RC" = 0 ] && quick && said_once "$OUT/fields.err" "a damaged line of the capture-time cache"'
rm -f "$cache"; mkfifo "$cache"
run_trips "$OUT/fifo-cache.err" --photos "$lib"
check "a FIFO for the cache: not waited on, one line" \
    '[ "$RC" = 0 ] && quick && said_once "$OUT/fifo-cache.err" "it is a FIFO, not a regular file"'
rm -f "$cache"

# --- State files (--state names the order's file).
state="$OUT/state"; mkdir -p "$state"
mkfifo "$state/fifo.json"
run_trips "$OUT/fifo.err" --state "$state/fifo.json"
check "a FIFO state file: exit 0, first frame ${FIRST_MS:-never} ms, one line, the FIFO left" \
    '[ "$RC" = 0 ] && quick && said_once "$OUT/fifo.err" "fifo.json: cannot be read: it is a FIFO, not a regular file" && [ -p "$state/fifo.json" ]'
ln -s /dev/zero "$state/zero.json"
run_trips "$OUT/zero.err" --state "$state/zero.json"
check "a state file linked to /dev/zero: exit 0, first frame ${FIRST_MS:-never} ms, one line" \
    '[ "$RC" = 0 ] && quick && said_once "$OUT/zero.err" "zero.json: cannot be read: it is a character device, not a regular file" && [ -L "$state/zero.json" ]'
mkdir "$state/folder.json"
run_trips "$OUT/folder.err" --state "$state/folder.json"
check "a folder for the state file: exit 0, first frame ${FIRST_MS:-never} ms, one line" \
    '[ "$RC" = 0 ] && quick && said_once "$OUT/folder.err" "folder.json: cannot be read: it is a folder, not a regular file"'
head -c 100000000 /dev/urandom >"$state/huge.json"
sum=$(md5sum <"$state/huge.json")
run_trips "$OUT/huge.err" --state "$state/huge.json"
check "a 100 MB state file: exit 0, first frame ${FIRST_MS:-never} ms, one line, the file untouched" \
    '[ "$RC" = 0 ] && quick && said_once "$OUT/huge.err" "huge.json: cannot be read: it is 100000000 bytes, more than the 4 MiB allowed" && [ "$(md5sum <"$state/huge.json")" = "$sum" ]'
rm -f "$state/huge.json"

# --- A trips file and a replay script that are FIFOs: refused, not waited on.
mkfifo "$state/trips.json"
SDL_VIDEODRIVER=offscreen timeout 10 "$TRIPS" --trips "$state/trips.json" --frames 1 2>"$OUT/trips.err" >/dev/null; rc=$?
check "a FIFO for --trips: exit 2 at once, naming it" \
    '[ "$rc" = 2 ] && said_once "$OUT/trips.err" "trips.json: the trips file cannot be read: it is a FIFO, not a regular file"'

e2e_end
