#!/usr/bin/env bash
# End-to-end test of the zoomed big photo's detail (issue: zooming must
# reveal the photo's own pixels, not an upscaled window-sized picture). A
# 4000 x 3000 photo of random texture (coarse blobs and fine grain, half
# and half) is opened, pinched to 2x and 4x and panned to a corner by a
# replay script through the real binary (SDL's offscreen driver, software
# renderer); each shot's centre is compared with the photo resampled to
# the screen (Tests/e2e/ncc.py: normalised cross-correlation). What the
# screen would show without tiles is the 1x shot's pixels upscaled
# (ncc.py --as-upscaled): the tiles must beat it. The picture stored on its
# side with EXIF orientation 6, as phones write it, zoomed the same: its
# tiles are turned upright too. And the same picture as HEIC, AVIF, PNG,
# WebP and JPEG XL, which have no scaled region decoding (decoded whole once, tiles
# cut from that), pinched straight to 4x: each must match too, and the log
# says how long its tiles took. Then the deepest zoom, 4 points a picture
# pixel, still from the photo's own pixels.
# Usage: Tests/e2e/detail.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-detail "detail" "${1:-}"

formats="heic avif png webp jxl"
mkdir -p "$OUT/jpeg/photos" "$OUT/turned/photos"
for format in $formats; do mkdir -p "$OUT/$format/photos"; done
convert -size 500x375 xc:gray -seed 7 +noise Random -colorspace Gray -filter Gaussian -resize '4000x3000!' -normalize "$OUT/coarse.png"
convert -size 4000x3000 xc:gray -seed 8 +noise Random -colorspace Gray -blur 0x1 -normalize "$OUT/fine.png"
convert "$OUT/coarse.png" "$OUT/fine.png" -define compose:args=40,60 -compose blend -composite -normalize -quality 92 "$OUT/jpeg/photos/texture.jpg"
photo="$OUT/jpeg/photos/texture.jpg"
# Encoders at their fastest settings: the test's time goes to the decoder.
heif-enc -q 50 -p preset=ultrafast "$photo" -o "$OUT/heic/photos/texture.heic" >/dev/null
heif-enc -A -q 90 -p speed=9 "$photo" -o "$OUT/avif/photos/texture.avif" >/dev/null
convert "$photo" -define png:compression-level=1 "$OUT/png/photos/texture.png"
convert "$photo" -quality 90 -define webp:method=0 "$OUT/webp/photos/texture.webp"
cjxl "$photo" "$OUT/jxl/photos/texture.jxl" --lossless_jpeg=0 -q 90 -e 3 >/dev/null 2>&1
convert "$photo" -rotate -90 -quality 92 "$OUT/stored.jpg"
exif_orientation6 "$OUT/stored.jpg" "$OUT/turned/photos/texture.jpg"

for kind in jpeg turned $formats; do
    script=zoom-detail.txt
    case " $formats " in *" $kind "*) script=zoom-4x.txt ;; esac
    (cd "$OUT/$kind" && TRIPS_VERBOSE=1 SDL_VIDEODRIVER=offscreen "$TRIPS" --photos photos --replay "$OLDPWD/Tests/e2e/scripts/$script" \
        >replay.jsonl 2>replay.err)
done
check "the replay pinched to 4x" 'grep -q "\"event\": \"zoom\", \"zoom\": 4" "$OUT/jpeg/replay.jsonl"'

# The big frame in pixels (OverviewLayout at 1280 x 800), and each shot's zoom and centre.
frame=16,68,890,524
score() { Tests/e2e/ncc.py "$OUT/$1/zoom-$2.png" "$photo" "$frame" "$3" "$4" "$5" | cut -d' ' -f1; }
# Without tiles: the 1x shot's pixels of that part, upscaled.
upscaled() { Tests/e2e/ncc.py - "$photo" "$frame" "$2" "$3" "$4" --as-upscaled "$OUT/jpeg/zoom-1x.png" | cut -d' ' -f1; }
declare -A views=([1x]="1 .5 .5" [2x]="2 .5 .5" [4x]="4 .5 .5" [corner]="4 .125 .125")
for view in 1x 2x 4x corner; do
    with=$(score jpeg "$view" ${views[$view]}); without=$(upscaled "$view" ${views[$view]})
    check "$view: the centre matches the photo resampled (NCC $with; the window-sized picture alone: $without)" 'at_least "$with" 0.85'
    # From 4x on, where the window-sized picture is stretched, the tiles
    # must beat it clearly (at 2x the 1/2-level tiles are close to it).
    if [ "$view" != 1x ] && [ "$view" != 2x ]; then
        check "$view: detail tiles beat the window-sized picture by 0.03 or more ($with against $without)" \
            'at_least "$(awk -v a="$with" -v b="$without" "BEGIN { print a - b }")" 0.03'
    fi
done
for view in 4x corner; do
    turned=$(score turned "$view" ${views[$view]}); without=$(upscaled "$view" ${views[$view]})
    check "$view, stored on its side (EXIF 6): tiles turned upright match the photo (NCC $turned against $without without tiles)" \
        'at_least "$turned" 0.85 && at_least "$(awk -v a="$turned" -v b="$without" "BEGIN { print a - b }")" 0.03'
done
# The deepest zoom: 4 points a picture pixel (BigPhoto.zoomCeiling), its own pixels still.
(cd "$OUT/jpeg" && SDL_VIDEODRIVER=offscreen "$TRIPS" --photos photos --replay "$OLDPWD/Tests/e2e/scripts/zoom-deepest.txt" \
    >deepest.jsonl 2>deepest.err)
deepest=$(score jpeg deepest 17.978 .5 .5); without=$(upscaled deepest 17.978 .5 .5)
check "the deepest zoom is 4 points a pixel (17.98x of the card) and shows the photo's own pixels (NCC $deepest; upscaled $without)" \
    'grep -q "\"event\": \"zoom\", \"zoom\": 17.978" "$OUT/jpeg/deepest.jsonl" && at_least "$deepest" 0.85 \
     && at_least "$(awk -v a="$deepest" -v b="$without" "BEGIN { print a - b }")" 0.03'
# A budget too small to hold the picture whole: one line says so, the window-sized picture stays.
mkdir -p "$OUT/budget" && ln -s ../png/photos "$OUT/budget/photos"
(cd "$OUT/budget" && SDL_VIDEODRIVER=offscreen "$TRIPS" --photos photos --memory-budget 32 --replay "$OLDPWD/Tests/e2e/scripts/zoom-4x.txt" \
    >replay.jsonl 2>replay.err)
check "a photo too large to hold whole within --memory-budget 32 says so once and keeps its picture" \
    '[ "$(grep -c "texture.png: no detail when zoomed: its 4000 x 3000 pixels" "$OUT/budget/replay.err")" = 1 ] && at_least "$(score budget 4x 4 .5 .5)" 0.5'
without=$(upscaled 4x 4 .5 .5)
for format in $formats; do
    with=$(score "$format" 4x 4 .5 .5)
    took=$(grep -o "tiles all there after [0-9]* ms ([0-9]* ms after the last zoom" "$OUT/$format/replay.err" | grep -o "[0-9]* ms after" | cut -d' ' -f1)
    check "4x, $format (tiles cut from the picture decoded whole, all there ${took:-?} ms after the zoom began): NCC $with (without tiles $without)" \
        'at_least "$with" 0.85 && at_least "$(awk -v a="$with" -v b="$without" "BEGIN { print a - b }")" 0.03'
done

# The attract loop's pan and zoom keep asking for tiles as the view moves:
# those it leaves behind are let go (held for their upload, they once took
# 1.9 GiB in 30 s). Peak RSS stays near what the texture budget allows.
mkdir -p "$OUT/attract/photos"
for k in 1 2 3 4; do ln "$photo" "$OUT/attract/photos/texture-$k.jpg"; done
SDL_VIDEODRIVER=offscreen XDG_STATE_HOME="$OUT/attract" "$TRIPS" --kiosk --idle 1 --memory-budget 64 --photos "$OUT/attract/photos" \
    >/dev/null 2>"$OUT/attract/err" &
pid=$!; track "$pid"
sleep 12
peak=$(awk '/VmHWM/ { print int($2 / 1024) }' "/proc/$pid/status" 2>/dev/null)
stop "$pid"
check "the attract loop over 12 MP photos for 12 s keeps near its budget (peak RSS ${peak:-?} MiB, --memory-budget 64)" \
    '[ -n "$peak" ] && [ "$peak" -lt 250 ]'

e2e_end
