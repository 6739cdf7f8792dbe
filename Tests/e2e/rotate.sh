#!/usr/bin/env bash
# Ctrl+R through the binary (issue 37): the turn is saved in the JPEG's
# EXIF Orientation and nothing else (exiftool reads it; one byte differs;
# the pixels turned back equal the original's), Ctrl+Shift+R undoes it byte
# for byte, the big photo is drawn turned, a two-finger turn past 45° snaps to a
# quarter and a tap on the toast that asks to keep it turns it back, a PNG is turned in an eXIf chunk
# with its pixels kept, a read-only file is left alone with a message, a HEIC's turn is kept in
# Trips' state (the file untouched, a note says so; drawn turned, again after a restart), and a crash between the write and the rename
# (TRIPS_TURN_FAULT, debug builds) leaves the original intact.
# Usage: Tests/e2e/rotate.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-rotate "rotate" "${1:-}"

pics="$OUT/Porto"; mkdir -p "$pics"
convert Assets/photos/dune.jpg -resize 1600x1000^ -gravity center -extent 1600x1000 -fill red -draw "rectangle 0,0 1599,60" "$pics/land.jpg"
exiftool -q -n -Orientation=1 -overwrite_original "$pics/land.jpg"
convert "$pics/land.jpg" "$pics/flat.png"
touch -d "2024-05-12 10:00" "$pics/land.jpg" "$pics/flat.png"
cp -p "$pics/land.jpg" "$OUT/before.jpg"

# replay NAME PHOTO KEY...: the keys at 1000, 1300..., a state and a shot after.
replay() {
    local name=$1 photo=$2; shift 2
    { echo "size 1280 800"; local at=1000; for k in "$@"; do echo "at $at key $k"; at=$((at + 300)); done
      echo "at $((at + 700)) state"; echo "at $((at + 800)) shot $OUT/$name.png"; } >"$OUT/$name.txt"
    SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/$name.txt" "$photo" >"$OUT/$name.jsonl" 2>"$OUT/$name.err"
}

replay turned "$pics/land.jpg" ctrl+r
check "Ctrl+R: exiftool reads Orientation 6 ($(exiftool -n -s3 -Orientation "$pics/land.jpg"))" \
    '[ "$(exiftool -n -s3 -Orientation "$pics/land.jpg")" = 6 ] && grep -q "\"turn\"" "$OUT/turned.jsonl"'
check "only the Orientation value changed: one byte differs ($(cmp -l "$OUT/before.jpg" "$pics/land.jpg" | wc -l))" \
    '[ "$(stat -c %s "$pics/land.jpg")" = "$(stat -c %s "$OUT/before.jpg")" ] && [ "$(cmp -l "$OUT/before.jpg" "$pics/land.jpg" | wc -l)" = 1 ]'
convert "$pics/land.jpg" -auto-orient "$OUT/turned.ppm"; convert "$OUT/before.jpg" -rotate 90 "$OUT/before-turned.ppm"
check "the decoded pixels are the original's, turned: lossless" \
    '[ "$(compare -metric AE "$OUT/turned.ppm" "$OUT/before-turned.ppm" null: 2>&1)" = 0 ]'
check "the file keeps its mode; its mtime is a second on (the shared thumbnail is keyed on it; the trip stays)" \
    '[ "$(stat -c %a "$pics/land.jpg")" = "$(stat -c %a "$OUT/before.jpg")" ] && [ "$(stat -c %Y "$pics/land.jpg")" = $(($(stat -c %Y "$OUT/before.jpg") + 1)) ]'
# The big photo, turned to portrait (x 297-624 in the 890-wide frame): the red band along its right side.
check "the big photo is drawn turned: portrait, the red band along its right side" \
    'at_least "$(near_colour "$OUT/turned.png" 608 100 12 300 "rgb(255,0,0)")" 0.9 && at_least "$(near_colour "$OUT/turned.png" 660 100 200 300 "$BG")" 0.99'
thumb="$XDG_CACHE_HOME/thumbnails/xx-large/$(printf 'file://%s' "$pics/land.jpg" | md5sum | cut -d' ' -f1).png"
check "the shared thumbnail is made again: portrait, with the new mtime ($(identify -format '%wx%h %[Thumb::MTime]' "$thumb" 2>&1))" \
    'set -- $(identify -format "%w %h %[Thumb::MTime]" "$thumb") && [ "$1" -lt "$2" ] && [ "$3" = "$(stat -c %Y "$pics/land.jpg")" ]'

replay back "$pics/land.jpg" ctrl+shift+r
check "Ctrl+Shift+R turns it back: the file equals the original byte for byte" 'cmp -s "$pics/land.jpg" "$OUT/before.jpg"'

# Two fingers about the frame's centre turned 60° clockwise (10° a step),
# lifted; then, with another start, a tap on the toast that asks to keep it.
{ echo "size 1280 800"; echo "at 1000 down 1 361 330"; echo "at 1000 down 2 561 330"
  awk 'BEGIN { for (i = 1; i <= 6; i++) { a = i * 10 * 3.14159265 / 180; t = 1000 + i * 16
      printf "at %d move 1 %.2f %.2f\nat %d move 2 %.2f %.2f\n", t, 461 - 100 * cos(a), 330 - 100 * sin(a), t, 461 + 100 * cos(a), 330 + 100 * sin(a) } }'
  echo "at 1200 up 1"; echo "at 1200 up 2"; echo "at 2000 state"; echo "at 2100 shot $OUT/gesture.png"
  echo "at 2200 down 1 640 760"; echo "at 2260 up 1"; echo "at 3000 state"; echo "at 3100 shot $OUT/gesture-back.png"; } >"$OUT/gesture.txt"
SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/gesture.txt" "$pics/land.jpg" >"$OUT/gesture.jsonl" 2>"$OUT/gesture.err"
check "a two-finger turn of 60° snaps to a quarter, saved in the file, and the toast asks to keep it" \
    'grep -q "\"turn\", \"photo\": \"land.jpg\"" "$OUT/gesture.jsonl" && grep -q "land.jpg turned. Keep it? Tap here to turn it back" "$OUT/gesture.jsonl" \
     && at_least "$(near_colour "$OUT/gesture.png" 608 100 12 300 "rgb(255,0,0)")" 0.9'
check "a tap on the toast turns it back: the file equals the original byte for byte" \
    '[ "$(grep -c "\"event\": \"turn\"" "$OUT/gesture.jsonl")" = 2 ] && grep -q "land.jpg turned back" "$OUT/gesture.jsonl" && cmp -s "$pics/land.jpg" "$OUT/before.jpg"'

cp -p "$pics/land.jpg" "$OUT/before-ro.jpg"; chmod 444 "$pics/land.jpg"
replay readonly "$pics/land.jpg" ctrl+r
check "a read-only file is named in a message and left untouched" \
    'grep -q "land.jpg: cannot be turned: the file is read-only" "$OUT/readonly.jsonl" && cmp -s "$pics/land.jpg" "$OUT/before-ro.jpg"'
chmod 644 "$pics/land.jpg"

TRIPS_TURN_FAULT=before-rename replay fault "$pics/land.jpg" ctrl+r; rc=$?
check "a crash between the write and the rename (exit $rc) leaves the original intact" \
    '[ "$rc" = 86 ] && cmp -s "$pics/land.jpg" "$OUT/before-ro.jpg" && [ "$(exiftool -n -s3 -Orientation "$pics/land.jpg")" = 1 ]'
rm -f "$pics"/land.jpg.tmp-*

cp -p "$pics/flat.png" "$OUT/flat-before.png"
replay png "$pics/flat.png" ctrl+r
check "a PNG is turned in an eXIf chunk: exiftool reads Orientation 6 ($(exiftool -n -s3 -Orientation "$pics/flat.png"))" \
    '[ "$(exiftool -n -s3 -Orientation "$pics/flat.png")" = 6 ] && grep -q "flat.png turned" "$OUT/png.jsonl"'
check "the PNG's pixels are the original's: lossless" '[ "$(compare -metric AE "$pics/flat.png" "$OUT/flat-before.png" null: 2>&1)" = 0 ]'
check "the PNG is drawn turned: the red band along its right side" \
    'at_least "$(near_colour "$OUT/png.png" 608 100 12 300 "rgb(255,0,0)")" 0.9'
replay png-back "$pics/flat.png" ctrl+shift+r
check "Ctrl+Shift+R turns the PNG back: Orientation 1, the pixels still the original's" \
    '[ "$(exiftool -n -s3 -Orientation "$pics/flat.png")" = 1 ] && [ "$(compare -metric AE "$pics/flat.png" "$OUT/flat-before.png" null: 2>&1)" = 0 ]'

heif-enc -q 60 "$OUT/before.jpg" -o "$pics/heic.heic" >/dev/null 2>&1 && touch -d "2024-05-12 10:00" "$pics/heic.heic"
cp -p "$pics/heic.heic" "$OUT/heic-before.heic"
export XDG_STATE_HOME="$OUT/state"
replay heic "$pics/heic.heic" ctrl+r
turns="$XDG_STATE_HOME/trips/turns.json"
check "a HEIC cannot hold a turn without loss: the file as it was, and a note that Trips keeps the turn" \
    'grep -q "heic.heic turned in Trips, not in the file" "$OUT/heic.jsonl" && grep -q "\"turn\".*\"kept\": 1" "$OUT/heic.jsonl" \
     && cmp -s "$pics/heic.heic" "$OUT/heic-before.heic"'
check "the turn is kept in Trips' state by the file's path and identity ($(tr -d ' \n' <"$turns" 2>&1 | cut -c1-120))" \
    'grep -q "\"path\": \"$pics/heic.heic\"" "$turns" && grep -q "\"quarters\": 1" "$turns" && grep -q "\"size\": $(stat -c %s "$pics/heic.heic")" "$turns"'
check "the HEIC is drawn turned: the red band along its right side" \
    'at_least "$(near_colour "$OUT/heic.png" 608 100 12 300 "rgb(255,0,0)")" 0.9 && at_least "$(near_colour "$OUT/heic.png" 660 100 200 300 "$BG")" 0.99'
replay heic-again "$pics/heic.heic"
check "a new start draws it turned still, from Trips' state" \
    'at_least "$(near_colour "$OUT/heic-again.png" 608 100 12 300 "rgb(255,0,0)")" 0.9'
replay heic-back "$pics/heic.heic" ctrl+shift+r
check "Ctrl+Shift+R turns it back: upright again, no turn kept, the file never touched" \
    '! grep -q "heic.heic" "$turns" && at_least "$(near_colour "$OUT/heic-back.png" 16 68 890 12 "rgb(255,0,0)")" 0.3 && cmp -s "$pics/heic.heic" "$OUT/heic-before.heic"'
# Live through weston with real touch input (weston-input.c, as touch.sh
# plays it): two fingers turned 60° on the big photo of `trips PHOTO`.
PLUGIN="$OUT/weston-input.so"; export TRIPS_INPUT_FIFO="$OUT/input.fifo"; mkfifo "$TRIPS_INPUT_FIFO"
if build_weston_input "$PLUGIN" && start_xvfb 1280x800 && start_weston 1280x800 1 --shell=kiosk-shell.so --use-pixman --modules="$PLUGIN"; then
    for i in $(seq 100); do grep -q "weston-input: playing" "$OUT/weston.log" && break; sleep 0.05; done
    cp -p "$pics/land.jpg" "$OUT/before-live.jpg"
    WAYLAND_DISPLAY=$WL_SOCKET "$TRIPS" "$pics/land.jpg" 2>"$OUT/live.err" &
    live=$!; track "$live"
    shoot_until_drawn "$OUT/live-open.png"
    { echo "down 0 361 330"; echo "down 1 561 330"; echo frame
      awk 'BEGIN { for (i = 1; i <= 6; i++) { a = i * 10 * 3.14159265 / 180
          printf "wait 16\nmove 0 %d %d\nmove 1 %d %d\nframe\n", 461 - 100 * cos(a), 330 - 100 * sin(a), 461 + 100 * cos(a), 330 + 100 * sin(a) } }'
      echo "wait 16"; echo "up 0"; echo "up 1"; echo frame; } >"$TRIPS_INPUT_FIFO"
    for i in $(seq 40); do [ "$(exiftool -n -s3 -Orientation "$pics/land.jpg")" = 6 ] && break; sleep 0.25; done
    shoot_until "$OUT/live-turned.png" 5 'at_least "$(near_colour "$OUT/live-turned.png" 608 100 12 300 "rgb(255,0,0)")" 0.9' || true
    check "live on weston, two fingers turned 60° turn the JPEG a quarter (Orientation $(exiftool -n -s3 -Orientation "$pics/land.jpg")), drawn turned" \
        '[ "$(exiftool -n -s3 -Orientation "$pics/land.jpg")" = 6 ] && at_least "$(near_colour "$OUT/live-turned.png" 608 100 12 300 "rgb(255,0,0)")" 0.9'
    stop "$live"
else
    bad "weston with the input module starts" "$(tail -3 "$OUT/plugin.log" "$OUT/weston.log" 2>/dev/null)"
fi
e2e_end
