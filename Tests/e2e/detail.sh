#!/usr/bin/env bash
# End-to-end test of the zoomed big photo's detail (issue: zooming must
# reveal the photo's own pixels, not an upscaled window-sized picture). A
# 4000 x 3000 photo of random texture (coarse blobs and fine grain, half
# and half) is opened, pinched to 2x and 4x and panned to a corner by a
# replay script through the real binary (SDL's offscreen driver, software
# renderer); each shot's centre is compared with the photo resampled to
# the screen (Tests/e2e/ncc.py: normalised cross-correlation). The same
# script on the same picture as PNG, which has no detail tiles (JPEGs
# only), is what the screen shows without them: the JPEG must beat it.
# And the picture stored on its side with EXIF orientation 6, as phones
# write it, zoomed the same: its tiles are turned upright too.
# Usage: Tests/e2e/detail.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-detail "detail" "${1:-}"

mkdir -p "$OUT/jpeg/photos" "$OUT/png/photos" "$OUT/turned/photos"
convert -size 500x375 xc:gray -seed 7 +noise Random -colorspace Gray -filter Gaussian -resize '4000x3000!' -normalize "$OUT/coarse.png"
convert -size 4000x3000 xc:gray -seed 8 +noise Random -colorspace Gray -blur 0x1 -normalize "$OUT/fine.png"
convert "$OUT/coarse.png" "$OUT/fine.png" -define compose:args=40,60 -compose blend -composite -normalize -quality 92 "$OUT/jpeg/photos/texture.jpg"
convert "$OUT/jpeg/photos/texture.jpg" -quality 10 "$OUT/png/photos/texture.png"
photo="$OUT/jpeg/photos/texture.jpg"
convert "$photo" -rotate -90 -quality 92 "$OUT/stored.jpg"
exif_orientation6 "$OUT/stored.jpg" "$OUT/turned/photos/texture.jpg"

for kind in jpeg png turned; do
    (cd "$OUT/$kind" && SDL_VIDEODRIVER=offscreen "$TRIPS" --photos photos --replay "$OLDPWD/Tests/e2e/scripts/zoom-detail.txt" \
        >replay.jsonl 2>replay.err)
done
check "the replay pinched to 4x" 'grep -q "\"event\": \"zoom\", \"zoom\": 4" "$OUT/jpeg/replay.jsonl"'

# The big frame in pixels (OverviewLayout at 1280 x 800), and each shot's zoom and centre.
frame=16,68,890,524
score() { Tests/e2e/ncc.py "$OUT/$1/zoom-$2.png" "$photo" "$frame" "$3" "$4" "$5" | cut -d' ' -f1; }
declare -A views=([1x]="1 .5 .5" [2x]="2 .5 .5" [4x]="4 .5 .5" [corner]="4 .125 .125")
for view in 1x 2x 4x corner; do
    with=$(score jpeg "$view" ${views[$view]}); without=$(score png "$view" ${views[$view]})
    check "$view: the centre matches the photo resampled (NCC $with; the window-sized picture alone: $without)" 'at_least "$with" 0.85'
    # At 2x the PNG is no fair "without": SDL_image's smooth shrink of it,
    # blitted by the software renderer, scores above the JPEG's own 1/2-scale
    # DCT decode (0.95 against 0.93), tiles or not. From 4x on, where the
    # window-sized picture is stretched, the tiles must beat it.
    if [ "$view" != 1x ] && [ "$view" != 2x ]; then
        check "$view: detail tiles beat the window-sized picture by 0.03 or more ($with against $without)" \
            'at_least "$(awk -v a="$with" -v b="$without" "BEGIN { print a - b }")" 0.03'
    fi
done
for view in 4x corner; do
    turned=$(score turned "$view" ${views[$view]}); without=$(score png "$view" ${views[$view]})
    check "$view, stored on its side (EXIF 6): tiles turned upright match the photo (NCC $turned against $without without tiles)" \
        'at_least "$turned" 0.85 && at_least "$(awk -v a="$turned" -v b="$without" "BEGIN { print a - b }")" 0.03'
done
check "a photo without detail tiles (PNG) says so once and keeps its picture" \
    '[ "$(grep -c "texture.png: no detail when zoomed" "$OUT/png/replay.err")" = 1 ]'

e2e_end
