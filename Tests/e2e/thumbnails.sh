#!/usr/bin/env bash
# End-to-end test of the desktop's shared thumbnail cache
# ($XDG_CACHE_HOME/thumbnails, the freedesktop Thumbnail Managing Standard).
# A library of a red JPEG, a green PNG and a broken file, each its own
# trip. Before the first start the test puts two thumbnails in the cache
# itself (Tests/e2e/thumbnail-cache.py, which knows nothing of Trips or
# GNOME): a magenta one of the red photo, valid, which the strip must show
# instead of the photo; and a yellow one of the green photo whose
# Thumb::MTime is a second off, stale, which must not be shown and must be
# replaced. After the start the same reader checks that every shown photo
# has a spec-valid thumbnail (MD5 of the URI, the keys, the CRCs, pixels
# that inflate) and that the broken file has a failure entry. A second
# start must open no photo for its thumbnails (the log's counts), and a
# library inside the cache itself gets nothing written.
# Usage: Tests/e2e/thumbnails.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-thumbnails "thumbnails" "${1:-}"

cache="$XDG_CACHE_HOME/thumbnails"
lib="$OUT/library"
mkdir -p "$lib/a" "$lib/b" "$lib/c"
convert -size 1600x1200 xc:'rgb(200,40,40)' -seed 1 +noise Gaussian -quality 90 "$lib/a/red.jpg"
convert -size 1600x1200 xc:'rgb(40,170,60)' -seed 2 +noise Gaussian -define png:compression-level=1 "$lib/b/green.png"
# Broken as a photo is (its end cut off), not a text file named .jpg: a
# folder of only files that are no photos at all is no trip (PHOTOS.md).
head -c 3000 "$lib/a/red.jpg" >"$lib/c/broken.jpg"
touch -d 2024-01-01 "$lib/a/red.jpg"; touch -d 2024-02-01 "$lib/b/green.png"; touch -d 2024-03-01 "$lib/c/broken.jpg"
tools=Tests/e2e/thumbnail-cache.py
red=$($tools place "$cache" "$lib/a/red.jpg" xx-large 255,0,255)
stale=$($tools place "$cache" "$lib/b/green.png" xx-large 255,255,0 --stale)

# The strip at 1500 x 800: the first two trips' photos are 868 x 180 at
# x 16 and 896, y 604 (the state line says so; the list of trips covers
# the strip from x 1120, and the third is decoded ahead); xx-large covers them.
printf 'size 1500 800\nat 1000 state\nat 1100 shot strip.png\n' >"$OUT/strip.txt"
start() {
    (cd "$OUT" && TRIPS_VERBOSE=1 SDL_VIDEODRIVER=offscreen "$TRIPS" --photos "$1" --replay strip.txt >"$2.jsonl" 2>"$2.err"
     mv strip.png "$2.png")
}
start "$lib" first
check "the state line has the strip where the test looks" \
    'grep -q "\"id\": \"a\", \"frame\": \[16, 604, 868, 180\]" "$OUT/first.jsonl" && grep -q "\"id\": \"b\", \"frame\": \[896, 604, 868, 180\]" "$OUT/first.jsonl"'
check "the red photo's strip tile is the cache's magenta thumbnail, not the photo" \
    'at_least "$(near_colour "$OUT/first.png" 100 640 600 100 "rgb(255,0,255)")" 0.95'
check "the green photo's tile is green: the stale yellow thumbnail was not used" \
    'at_most "$(near_colour "$OUT/first.png" 1000 640 100 100 "rgb(255,255,0)")" 0.01 && at_least "$(convert "$OUT/first.png" -crop 100x100+1000+640 -scale 1x1! -format "%[fx:int(255*g)-int(255*r)]" info:)" 60'
check "the log counts it: 1 found, 1 stale, 1 missing (the broken file), 1 written, 1 failure noted" \
    'grep -q "shared thumbnail cache: 1 found, 1 stale, 1 missing, 1 written, 1 failures noted" "$OUT/first.err"'
check "the red photo's thumbnail is still the test's own (found, not rewritten)" '$tools keys "$red" | grep -q "^Software=thumbnail-cache.py$"'
check "after one start every photo shown has a spec-valid thumbnail (an independent reader)" \
    '$tools check "$cache" "$lib/a/red.jpg" "$lib/b/green.png" >"$OUT/check.txt"; cat "$OUT/check.txt" | sed "s/^/       /"; ! grep -qv "^ok" "$OUT/check.txt"'
check "the stale one was replaced by Trips' own (Software Trips)" '$tools keys "$stale" | grep -q "^Software=Trips "'
fail=$(ls "$cache"/fail/trips-*/*.png 2>/dev/null | head -1)
check "the broken file has a failure entry under fail/trips-VERSION with its URI and MTime" \
    '[ -n "$fail" ] && $tools keys "$fail" | grep -q "^Thumb::URI=file://$lib/c/broken.jpg$" && $tools keys "$fail" | grep -q "^Thumb::MTime=$(stat -c %Y "$lib/c/broken.jpg")$"'
check "folders are 0700, files 0600" \
    '[ "$(stat -c %a "$cache" "$cache/xx-large" "$cache/fail" "$(dirname "$fail")" | sort -u)" = 700 ] && [ "$(stat -c %a "$cache"/xx-large/*.png "$fail" | sort -u)" = 600 ]'

# The second start: every thumbnail from the cache, the broken file not tried again.
start "$lib" second
check "the second start opens no photo for its thumbnails (all found, none written)" \
    'grep -q "shared thumbnail cache: [23] found, 0 stale, 0 missing, 0 written, 0 failures noted" "$OUT/second.err"'
check "the broken file is not decoded again: its failure entry says so" 'grep -q "broken.jpg: it failed before" "$OUT/second.err"'
check "the second start's strip shows the same magenta" 'at_least "$(near_colour "$OUT/second.png" 100 640 600 100 "rgb(255,0,255)")" 0.95'

# A library inside the cache: shown, but nothing is written for it.
before=$(find "$cache" -type f | wc -l)
start "$cache/xx-large" inside
check "photos inside the cache itself get no thumbnails written ($before files before, $(find "$cache" -type f | wc -l) after)" \
    '[ "$(find "$cache" -type f | wc -l)" = "$before" ] && grep -q "0 written" "$OUT/inside.err"'

e2e_end
