#!/usr/bin/env bash
# End-to-end: photos show their colours in a live window on Xvfb, whatever
# their format and colour space. One-photo libraries, each screenshotted:
# the strip photo of a JPEG XL (lossy bare codestream, lossless in its ISO
# container) against the same photo as PNG (its sRGB original), and a
# Display P3 HEIC whose colour is given only as nclx numbers against the
# sRGB original, with the same P3 pixels labelled sRGB beside it (what
# drawing it as if sRGB looks like). Mean Delta E of the strip photo's
# pixels (Tests/e2e/delta-e.py).
# Usage: Tests/e2e/colours.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-colours "colours" "${1:-}"

# The strip's first photo (x 40..640, y 620..760): a photo, not a placeholder.
strip_first_photo() { at_least "$(non_background "$1" 40 620 600 140)" 0.9 && at_most "$(near_colour "$1" 40 620 600 140 "$PLACEHOLDER")" 0.05; }
REGION="60 630 560 120"

HEIF_NCLX="$OUT/heif-nclx"
cc -O2 -Wall -Werror -o "$HEIF_NCLX" Tests/e2e/heif-nclx.c $(pkg-config --cflags --libs libheif) -lm || bad "colours: heif-nclx did not build"

src="$OUT/src"; mkdir -p "$src"
convert Assets/photos/garden.jpg -resize 900x600 "$src/garden.png"
convert "$src/garden.png" "$src/garden.ppm"
# From the PPM: no gAMA chunk for cjxl to take as the colour space (the app
# takes a PNG as sRGB).
cjxl -q 95 --container=0 "$src/garden.ppm" "$src/garden.jxl" 2>/dev/null
cjxl -d 0 --container=1 "$src/garden.ppm" "$src/garden-lossless.jxl" 2>/dev/null
"$HEIF_NCLX" "$src/garden.ppm" "$src/garden-p3.heic" 12
"$HEIF_NCLX" "$src/garden.ppm" "$src/garden-p3-as-srgb.heic" 12 1 # the same P3 pixels labelled sRGB
check "the test's files were made" '[ -s "$src/garden.jxl" ] && [ -s "$src/garden-lossless.jxl" ] && [ -s "$src/garden-p3.heic" ]'

start_xvfb 1280x800 >/dev/null || bad "colours: Xvfb did not start"

# show NAME FILE: a library of that one photo; its screenshot is $OUT/NAME.png.
show() {
    local lib="$OUT/lib-$1"
    mkdir -p "$lib" && cp "$2" "$lib/"
    DISPLAY=$X_DISPLAY "$TRIPS" --photos "$lib" --fullscreen 2>"$OUT/$1.err" &
    local pid=$!; track "$pid"
    shoot_until_drawn "$OUT/$1-start.png"
    shoot_until "$OUT/$1.png" 15 'strip_first_photo "$file"'
    local shown=$?
    sleep 1 # any fade-in over
    DISPLAY=$X_DISPLAY import -window root "$OUT/$1.png" 2>/dev/null
    kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    return $shown
}
delta() { Tests/e2e/delta-e.py "$OUT/$1.png" "$OUT/$2.png" $REGION; }

check "the sRGB original (PNG) shows" 'show original "$src/garden.png"'
check "a lossy JPEG XL shows" 'show jxl "$src/garden.jxl"'
check "a lossless JPEG XL in its container shows" 'show jxl-lossless "$src/garden-lossless.jxl"'
check "a Display P3 HEIC (nclx) shows" 'show p3 "$src/garden-p3.heic"'
check "its P3 pixels labelled sRGB show" 'show p3-as-srgb "$src/garden-p3-as-srgb.heic"'
lossy=$(delta jxl original); lossless=$(delta jxl-lossless original)
p3=$(delta p3 original); naive=$(delta p3-as-srgb original)
echo "colours: mean Delta E against the sRGB original: JXL lossy $lossy, JXL lossless $lossless, Display P3 HEIC $p3 (drawn as if sRGB: $naive)"
expect "the lossy JPEG XL looks like its original (mean Delta E $lossy < 2)" at_most "$lossy" 2
expect "the lossless JPEG XL looks like its original (mean Delta E $lossless < 1)" at_most "$lossless" 1
expect "the Display P3 HEIC looks like its sRGB original (mean Delta E $p3 < 2)" at_most "$p3" 2
expect "drawn as if sRGB it would not (mean Delta E $naive > 2x $p3 + 1)" at_least "$naive" "$(awk -v d="$p3" 'BEGIN { print 2 * d + 1 }')"
check "no photo was refused or failed" '! grep -h "photo .*garden" "$OUT"/*.err'
e2e_end
