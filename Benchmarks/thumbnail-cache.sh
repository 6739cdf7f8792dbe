#!/usr/bin/env bash
# The shared thumbnail cache's benchmark: a 1,000-photo HEIC library (one
# camera-like 4000 x 3000 HEIC with sensor-like noise, about 3 MB,
# hard-linked 1,000 times into 100 trips of 10, so every photo is its own
# file and cache entry) started twice in a fresh cache, three times over,
# alternating: the first start decodes its visible thumbnails from the
# photos and writes them to $XDG_CACHE_HOME/thumbnails; the second must
# open no photo for them (the log's cache counts: found, none missing) and
# show them all within a few frames. Figures: time and frame of the first
# present with every photo on screen decoded (medians), beside the first
# start's. Usage: Benchmarks/thumbnail-cache.sh [path/to/trips]
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
. Tests/e2e/lib.sh
e2e_begin trips-bench-thumbnails

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
convert -size 500x375 -seed 1 plasma:fractal -resize '4000x3000!' -attenuate 0.15 +noise Gaussian "$OUT/photo.png"
heif-enc -q 70 -p preset=ultrafast "$OUT/photo.png" -o "$OUT/photo.heic" >/dev/null
for t in $(seq -w 0 99); do
    mkdir -p "$OUT/library/trip-$t"
    for p in $(seq 0 9); do ln "$OUT/photo.heic" "$OUT/library/trip-$t/IMG_$p.HEIC"; done
done
echo "thumbnail cache: $TRIPS, 1000 HEIC photos ($(du -k "$OUT/photo.heic" | cut -f1) KiB each, hard links)"

# show them all within a few frames. The capture-time cache stays between
# runs (only the thumbnails go), so the two starts differ only in them.
# start NAME: one start in the offscreen window for 1200 frames; the log kept as NAME.err.
start() {
    XDG_CACHE_HOME="$OUT/cache" TRIPS_VERBOSE=1 SDL_VIDEODRIVER=offscreen "$TRIPS" --photos "$OUT/library" --frames 1200 \
        >/dev/null 2>"$OUT/$1.err"
}
field() { sed -n "$2" "$OUT/$1.err" | head -1; }
declare -A ms frames
# A start to fill the capture-time cache: both starts below read the trips the same way.
start warm-up
for run in 1 2 3; do
    rm -rf "$OUT/cache/thumbnails"
    mkdir -p "$OUT/cache"
    for which in first second; do
        start "$which-$run"
        ms[$which]+="$(field "$which-$run" 's/.*every photo on screen decoded after \([0-9.]*\) ms.*/\1/p') "
        frames[$which]+="$(field "$which-$run" 's/.*every photo on screen decoded after [0-9.]* ms (frame \([0-9]*\)).*/\1/p') "
    done
    echo "  run $run: first start: $(field "first-$run" 's/.*\(shared thumbnail cache: .*\)/\1/p')"
    echo "  run $run: second start: $(field "second-$run" 's/.*\(shared thumbnail cache: .*\)/\1/p')"
done
for which in first second; do
    printf '%-13s every visible thumbnail on screen after %7s ms, frame %s (median of 3; runs: %s)\n' "$which start:" \
        "$(echo ${ms[$which]} | tr ' ' '\n' | median)" "$(echo ${frames[$which]} | tr ' ' '\n' | median)" "${ms[$which]% }"
done
bad=$(grep -L "shared thumbnail cache: [1-9][0-9]* found, 0 stale, 0 missing, 0 written" "$OUT"/second-*.err | wc -l)
[ "$bad" = 0 ] && echo "every second start opened no photo for its thumbnails" || { echo "FAIL: $bad second starts decoded photos"; exit 1; }
