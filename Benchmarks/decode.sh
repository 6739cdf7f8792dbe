#!/usr/bin/env bash
# Thumbnail decoding benchmark: eight 12 MP JPEGs made from the bundled
# photos (in a temporary folder), decoded for a 720x180 strip photo with
# libjpeg-turbo's scaled decoding in this process, in a sandboxed decode
# worker (as the app does), and with plain IMG_Load, side by side. Then
# the other formats the app reads, two 12 MP photos each (PNG, WebP, HEIC
# and AVIF through libheif: neither decodes at a reduced scale; JPEG XL
# through libjxl, made by cjxl at -q 90, plain and progressive), from a
# camera-like photo (sensor-like noise). JPEG XL twice more: for a strip
# photo its DC image (1/8) covers, flushed from it, and the progressive
# file's 1/4 pass for the 720 px strip.
set -u
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/bench-photos}
TRIPS=${2:-$(dirname "$BIN")/trips}
dir=$(mktemp -d /tmp/trips-decode.XXXXXX)
trap 'rm -rf "$dir"' EXIT
i=0
for src in Assets/photos/*.jpg; do
    convert "$src" -resize '4000x3000!' -quality 90 "$dir/camera-$i.jpg"; i=$((i + 1))
done
"$BIN" "$TRIPS" 720x180 "$dir"/camera-*.jpg
for i in 0 1; do
    convert "$dir/camera-$i.jpg" -attenuate 0.4 +noise Gaussian -quality 90 "$dir/noisy-$i.jpg"
    convert "$dir/noisy-$i.jpg" "$dir/noisy-$i.png"
done
for format in jpg png webp heic avif jxl progressive.jxl; do
    for i in 0 1; do
        case $format in
        jpg) cp "$dir/noisy-$i.jpg" "$dir/other-$i.jpg" ;;
        jxl) cjxl -q 90 "$dir/noisy-$i.png" "$dir/other-$i.jxl" 2>/dev/null ;;
        progressive.jxl) cjxl -q 90 -p "$dir/noisy-$i.png" "$dir/other-$i.progressive.jxl" 2>/dev/null ;;
        *) convert "$dir/noisy-$i.png" -quality 90 "$dir/other-$i.$format" ;;
        esac
    done
    echo "as $format:"
    "$BIN" "$TRIPS" 720x180 "$dir"/other-*."$format" | grep -E "wall clock|first photo"
done
echo "as jxl, a 480x120 strip photo (its DC image covers it):"
"$BIN" "$TRIPS" 480x120 "$dir"/other-?.jxl | grep -E "wall clock|first photo"
