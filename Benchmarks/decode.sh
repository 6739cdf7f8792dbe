#!/usr/bin/env bash
# Thumbnail decoding benchmark: eight 12 MP JPEGs made from the bundled
# photos (in a temporary folder), decoded for a 720x180 strip photo with
# libjpeg-turbo's scaled decoding in this process, in a sandboxed decode
# worker (as the app does), and with plain IMG_Load, side by side. Then
# the other formats the app reads, two 12 MP photos each (PNG, WebP, HEIC
# and AVIF through libheif: neither decodes at a reduced scale).
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
for format in png webp heic avif; do
    for i in 0 1; do convert "$dir/camera-$i.jpg" -quality 90 "$dir/other-$i.$format"; done
    echo "as $format:"
    "$BIN" "$TRIPS" 720x180 "$dir"/other-*."$format" | grep -E "wall clock|first photo"
done
