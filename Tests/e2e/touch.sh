#!/usr/bin/env bash
# Touch, pointer and scroll through a real compositor: a weston module
# (weston-input.c, built here against Debian's libweston-10-dev) gives weston
# a seat with a touch screen and a pointer and plays scripts from a FIFO, so
# the app gets real Wayland events through weston and SDL's Wayland code.
# kiosk-shell puts the window at 0,0, so compositor points are window points.
# What the app did is read from its --record output, replayed offscreen with
# snapshots at the end of every part; screenshots show the live window.
# Usage: Tests/e2e/touch.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-touch "touch e2e" "${1:-}"

PLUGIN="$OUT/weston-input.so"
if ! build_weston_input "$PLUGIN"; then
    bad "the weston input module builds" "$(head -5 "$OUT/plugin.log")"
    exit 1
fi

FIFO="$OUT/input.fifo"
mkfifo "$FIFO"
start_xvfb 1280x800 || exit 1
WL_SOCKET="trips-touch-$$"
DISPLAY=$X_DISPLAY TRIPS_INPUT_FIFO="$FIFO" weston --backend=x11-backend.so --shell=kiosk-shell.so --use-pixman \
    --width=1280 --height=800 --socket="$WL_SOCKET" --idle-time=0 --modules="$PLUGIN" >"$OUT/weston.log" 2>&1 &
WESTON_PID=$!; track "$WESTON_PID"
# The socket comes before the module's "playing" line: wait for both.
for i in $(seq 200); do [ -e "$XDG_RUNTIME_DIR/$WL_SOCKET" ] && grep -q "weston-input: playing" "$OUT/weston.log" && break; sleep 0.05; done
if ! grep -q "weston-input: playing" "$OUT/weston.log"; then
    bad "weston loads the input module" "$(tail -5 "$OUT/weston.log")"
    exit 1
fi

WAYLAND_DISPLAY=$WL_SOCKET "$TRIPS" --record "$OUT/live.txt" --state "$OUT/order.json" 2>"$OUT/trips.err" &
TRIPS_PID=$!; track "$TRIPS_PID"
shoot_until_drawn "$OUT/start.png"

PARTS=()      # each part's name
STATE_AT=()   # the recording's time (ms) at which its snapshot is taken

# part NAME SETTLE_MS COMMAND...: plays the script COMMAND prints, waits
# until weston has played it, and asks for a snapshot SETTLE_MS after the
# last input the app recorded.
part() {
    local name=$1 settle=$2 i t
    shift 2
    { "$@"; echo "mark $name"; } >"$FIFO"
    for i in $(seq 300); do grep -q "weston-input: mark $name\$" "$OUT/weston.log" && break; sleep 0.05; done
    sleep "$(awk -v ms="$settle" 'BEGIN { print ms / 1000 + 0.2 }')"
    t=$(awk '/^at /{ t = $2 } END { print t + 0 }' "$OUT/live.txt")
    PARTS+=("$name"); STATE_AT+=($((t + settle)))
}

# touch_drag ID X Y DY STEPS EVERY_MS: a finger down at X,Y that moves DY
# points down in STEPS moves EVERY_MS apart and lifts EVERY_MS after the last.
touch_drag() {
    local id=$1 x=$2 y=$3 dy=$4 steps=$5 every=$6 i
    echo "down $id $x $y"; echo frame
    for i in $(seq "$steps"); do
        echo "wait $every"; echo "move $id $x $((y + dy * i / steps))"; echo frame
    done
    echo "wait $every"; echo "up $id"; echo frame
}
tap() { printf 'down 0 %s %s\nframe\nwait 60\nup 0\nframe\n' "$1" "$2"; }

# pinch Y GAP0 GAP1 STEPS: fingers 0 and 1 on a line at Y around x 460,
# from GAP0 to GAP1 points apart, a frame every 16 ms (both fingers in one).
pinch_moves() {
    local y=$1 g0=$2 g1=$3 steps=$4 i g
    for i in $(seq "$steps"); do
        g=$((g0 + (g1 - g0) * i / steps))
        echo "wait 16"; echo "move 0 $((460 - g / 2)) $y"; echo "move 1 $((460 + g / 2)) $y"; echo frame
    done
}

part tap 900 tap 300 700
DISPLAY=$X_DISPLAY import -window root "$OUT/open.png"
part slow-pull 800 touch_drag 0 400 300 100 60 16
part long-pull 900 touch_drag 0 400 300 220 60 16
part reopen 900 tap 300 700
# The lesson's flick: 100 pt down in 33 ms, a move every 8 ms, the lift 8 ms
# after the last move at the same place.
flick() { printf 'down 0 400 300\nframe\nwait 8\nmove 0 400 325\nframe\nwait 8\nmove 0 400 350\nframe\nwait 8\nmove 0 400 375\nframe\nwait 9\nmove 0 400 400\nframe\nwait 8\nup 0\nframe\n'; }
part flick 900 flick
DISPLAY=$X_DISPLAY import -window root "$OUT/flicked.png"
part open-for-pinch 900 tap 300 700
pinch() { echo "down 0 410 330"; echo "down 1 510 330"; echo frame; pinch_moves 330 100 250 10
          echo "wait 16"; echo "up 0"; echo "up 1"; echo frame; }
part pinch 700 pinch
DISPLAY=$X_DISPLAY import -window root "$OUT/pinched.png"
# 200 -> 160 pt (x0.8), finger 1 lifts for 40 ms and touches again 150 pt
# from finger 0, 150 -> 120 pt (x0.8): 2.5 x 0.64 = 1.6x.
lost_finger() {
    echo "down 0 360 330"; echo "down 1 560 330"; echo frame; pinch_moves 330 200 160 5
    echo "wait 16"; echo "up 1"; echo frame; echo "wait 40"; echo "down 1 535 330"; echo frame
    for i in 1 2 3 4 5; do echo "wait 16"; echo "move 1 $((535 - 6 * i)) 330"; echo frame; done
    echo "wait 16"; echo "up 0"; echo "up 1"; echo frame
}
part lost-finger 700 lost_finger
part click 900 printf 'pointer 400 300\nwait 16\npress\nwait 60\nrelease\n'
DISPLAY=$X_DISPLAY import -window root "$OUT/clicked.png"
# --- The touchpad, through the module's zwp_pointer_gestures_v1 ------------
# pinch_updates N SCALE DEGREES: N pinch updates 16 ms apart to SCALE, each
# turning DEGREES / N (the protocol's rotation is a delta).
pinch_updates() {
    local n=$1 scale=$2 degrees=$3 i
    for i in $(seq "$n"); do
        echo "wait 16"; echo "pinch $(awk -v i="$i" -v n="$n" -v s="$scale" 'BEGIN { print 1 + (s - 1) * i / n }') $(awk -v d="$degrees" -v n="$n" 'BEGIN { print d / n }')"
    done
}
part tp-open 900 tap 300 700
# A three-finger pinch is the compositor's: the app leaves it alone. Then
# two fingers pinch to 2.5x with the pointer at (300, 200).
tp_pinch() {
    echo "pointer 300 200"; echo "wait 16"; echo "pinch begin 3"; pinch_updates 5 3 0; echo "wait 16"; echo "pinch end"
    echo "wait 100"; echo "pinch begin"; pinch_updates 10 2.5 0; echo "wait 16"; echo "pinch end"
}
part tp-pinch 700 tp_pinch
DISPLAY=$X_DISPLAY import -window root "$OUT/tp-pinched.png"
# Then, with the pointer at the frame's centre (a zoom about it moves no
# picture point there), a pinch to 1.2x whose fingers move 100 pt left together.
tp_pan() {
    echo "pointer 461 330"; echo "wait 16"; echo "pinch begin"
    for i in $(seq 10); do echo "wait 16"; echo "pinch $(awk -v i="$i" 'BEGIN { print 1 + 0.2 * i / 10 }') 0 -10 0"; done
    echo "wait 16"; echo "pinch end"
}
part tp-pan 700 tp_pan
part tp-close 900 tap 400 300
part tp-playground 700 tap 840 36
tp_rotate() { echo "pointer 640 400"; echo "wait 16"; echo "pinch begin"; pinch_updates 10 1.5 90; echo "wait 16"; echo "pinch end"; }
part tp-rotate 300 tp_rotate
DISPLAY=$X_DISPLAY import -window root "$OUT/tp-rotated.png"
part tp-back 900 tap 70 36
# Two fingers over the strip: 80 pt every 16 ms (5,000 pt/s), lifted with
# the last (a loaded machine's late timer must not make them rest first),
# and 30 ms later resting fingers (a hold) catch the fling.
tp_fling() {
    echo "pointer 300 700"
    for i in $(seq 10); do echo "wait 16"; echo "hscroll 80"; done
    echo "scroll stop"; echo "wait 30"; echo "hold begin"; echo "wait 100"; echo "hold end"
}
part scroll 900 tp_fling
DISPLAY=$X_DISPLAY import -window root "$OUT/scrolled.png"
stop "$TRIPS_PID"

# What the app did: its recording, replayed with a snapshot after each part.
{ cat "$OUT/live.txt"; for i in "${!PARTS[@]}"; do echo "at ${STATE_AT[$i]} state"; done; } |
    awk '!/^at /{ print; next } { print | "sort -s -n -k2,2" }' >"$OUT/replay.txt"
SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/replay.txt" >"$OUT/replay.jsonl" 2>"$OUT/replay.err"
expect "the recording of the live session replays (exit 0)" [ "$?" = 0 ]

# state PART: the snapshot after PART, one JSON line.
state() {
    local i
    for i in "${!PARTS[@]}"; do
        [ "${PARTS[$i]}" = "$1" ] && grep "^{\"t\": ${STATE_AT[$i]}," "$OUT/replay.jsonl" | grep '"screen"' | head -1
    done
}
# field PART PYTHON-EXPRESSION: evaluates the expression on the snapshot `s`.
field() { state "$1" | python3 -c "import json, sys; s = json.load(sys.stdin); print($2)" 2>/dev/null; }
# events NAME FROM TO: how many NAME events the replay printed between two parts' snapshots.
events() {
    python3 - "$OUT/replay.jsonl" "$1" "$2" "$3" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
lo, hi = float(sys.argv[3]), float(sys.argv[4])
print(sum(1 for l in lines if l.get("event") == sys.argv[2] and lo < l["t"] <= hi))
PY
}
at() { local i; for i in "${!PARTS[@]}"; do [ "${PARTS[$i]}" = "$1" ] && echo "${STATE_AT[$i]}"; done; }

check "touch: a tap on a strip photo opens it" '[ "$(field tap "s[\"enlarged\"]")" = lisbon ]'
check "touch: the screenshot shows the big photo" 'at_least "$(non_background "$OUT/open.png" 100 120 700 400)" 0.97 && strip_slot_empty "$OUT/open.png"'
check "touch: a slow pull of 100 pt springs back" \
    '[ "$(field slow-pull "s[\"enlarged\"]")" = lisbon ] && [ "$(events close "$(at tap)" "$(at slow-pull)")" = 0 ]'
check "touch: a pull of 220 pt (past 120) closes" \
    '[ "$(field long-pull "s[\"enlarged\"]")" = None ] && [ "$(events close "$(at slow-pull)" "$(at long-pull)")" = 1 ]'
check "touch: the lesson's flick closes" \
    '[ "$(field reopen "s[\"enlarged\"]")" = lisbon ] && [ "$(field flick "s[\"enlarged\"]")" = None ]'
check "touch: the screenshot after the flick shows the Overview (the photo back in its slot, the hero)" \
    'overview_is_drawn "$OUT/flicked.png"'
check "touch: a two-finger pinch zooms to about 2.5x and the badge says so" \
    '[ "$(field pinch "abs(s[\"zoom\"] - 2.5) < 0.1")" = True ] && [ "$(field pinch "s[\"badge\"]")" = "$(field pinch "\"%.1f\u00d7\" % s[\"zoom\"]")" ]'
check "touch: a pinch with a finger lifted and put down again keeps zooming (2.5 x 0.64)" \
    '[ "$(field lost-finger "abs(s[\"zoom\"] - 1.6) < 0.1")" = True ] && [ "$(field lost-finger "s[\"enlarged\"]")" = lisbon ]'
check "pointer: a click on the big photo closes it" '[ "$(field click "s[\"enlarged\"]")" = None ]'
check "pointer: a finger scroll over the strip moves it" '[ "$(field scroll "s[\"strip\"][\"offset\"] != 0")" = True ]'
check "touchpad: a three-finger pinch is left to the compositor, a two-finger one zooms to 2.5x and the badge says so" \
    '[ "$(field tp-pinch "abs(s[\"zoom\"] - 2.5) < 0.01 and s[\"badge\"] == \"2.5\u00d7\"")" = True ] && [ "$(events zoom "$(at tp-open)" "$(at tp-pinch)")" = 1 ]'
# The pointer at (300, 200) is (0.319, 0.252) of the frame (16, 68, 890, 524):
# that picture point stays under it, so the centre is p + (0.5 - p) / 2.5.
check "touchpad: the pinch zoomed at the pointer (the picture's centre moved toward it)" \
    '[ "$(field tp-pinch "abs(s[\"photo\"][\"center\"][0] - 0.3915) < 0.01 and abs(s[\"photo\"][\"center\"][1] - 0.3512) < 0.01")" = True ]'
check "touchpad: a pinch whose fingers move left carries the picture left (its centre moved right by $(field tp-pan "round(s[\"photo\"][\"center\"][0] - 0.3915, 4)"))" \
    '[ "$(field tp-pan "s[\"photo\"][\"center\"][0] - 0.3915 > 0.02 and abs(s[\"photo\"][\"center\"][1] - 0.3512) < 0.01")" = True ]'
check "touchpad: the accessibility value says the zoom" \
    '[ "$(field tp-pinch "[e[\"value\"] for e in s[\"a11y\"] if e[\"label\"] == \"Photo of Lisbon\"][0]")" = "Zoomed in 2.5×" ]'
# badge_is_drawn FILE X Y W: the zoom badge of the big frame at X,Y, W wide
# (OverviewScene: 72 x 30 at 84 pt from its right edge, 12 pt below its top):
# white text (2% of its pixels or more) on a dark pill, darker by 0.15 or
# more than the picture just below it.
badge_is_drawn() {
    local x=$(($2 + $4 - 84)) y=$(($3 + 12)) white badge below
    white=$(near_colour "$1" "$x" "$y" 72 30 "rgb(255,255,255)")
    badge=$(convert "$1" -crop "72x30+$x+$y" +repage -colorspace Gray -format "%[fx:mean]" info:)
    below=$(convert "$1" -crop "72x30+$x+$((y + 40))" +repage -colorspace Gray -format "%[fx:mean]" info:)
    at_least "$white" 0.02 && at_least "$(awk -v a="$below" -v b="$badge" 'BEGIN { print a - b }')" 0.15 && return 0
    echo "       $1: at $x,$y white $white (want >= 0.02), grey $badge against $below below it (want darker by >= 0.15)"
    return 1
}
check "touchpad: the screenshot shows the zoomed photo with its badge (top right of the frame)" \
    'at_least "$(non_background "$OUT/tp-pinched.png" 100 120 700 400)" 0.97 && ! cmp -s "$OUT/tp-pinched.png" "$OUT/open.png" &&
     badge_is_drawn "$OUT/tp-pinched.png" $(field tp-pinch "\" \".join(str(int(v)) for v in s[\"photo\"][\"frame\"][:3])")'
check "touchpad: a pinch-rotate turns the playground's square 90° and scales it 1.5x together" \
    '[ "$(field tp-rotate "s[\"screen\"] == \"playground\" and abs(s[\"playground\"][\"square\"][\"angle\"] - 90) < 0.5 and abs(s[\"playground\"][\"square\"][\"scale\"] - 1.5) < 0.01")" = True ]'
# Without the hold the same fling goes on: the recording replayed without its hold lines.
grep -v "scroll hold\|scroll release" "$OUT/live.txt" | { cat; echo "at $(at scroll) state"; } >"$OUT/free-fling.txt"
SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/free-fling.txt" >"$OUT/free-fling.jsonl" 2>/dev/null
FREE=$(grep "^{\"t\": $(at scroll)," "$OUT/free-fling.jsonl" | python3 -c "import json, sys; print(json.load(sys.stdin)[\"strip\"][\"offset\"])")
check "touchpad: two fingers fling the strip on and it settles on a photo; a hold stopped it short of the free fling ($FREE pt)" \
    '[ "$(field scroll "s[\"strip\"][\"offset\"] > 0 and abs(s[\"strip\"][\"offset\"] / 721.6 - round(s[\"strip\"][\"offset\"] / 721.6)) < 0.01 and s[\"strip\"][\"offset\"] < $FREE and not s[\"animating\"]")" = True ]'
check "touchpad: the recording has the touchpad's pinches, scrolls, stop and hold" \
    'grep -q "pinch change" "$OUT/live.txt" && grep -q "scroll stop" "$OUT/live.txt" && grep -q "scroll hold" "$OUT/live.txt"'
# SDL also makes mouse events of touches (its touch-mouse id): each input
# must arrive once, so the only mouse press recorded is the pointer's.
check "touch: no touch arrived twice as a mouse press" '[ "$(grep -c "mouse down" "$OUT/live.txt")" = 1 ]'
check "touch: the app logged no trouble" 'log_is_quiet "$OUT/trips.err"'

# --- Paging with two touchpad fingers: a trip of three photos ---------------
mkdir -p "$OUT/photos/Lisbon"
for name in dune storm garden; do cp "Assets/photos/$name.jpg" "$OUT/photos/Lisbon/$name.jpg"; done
WAYLAND_DISPLAY=$WL_SOCKET TRIPS_VERBOSE=1 "$TRIPS" --photos "$OUT/photos" --record "$OUT/paging.txt" \
    --state "$OUT/paging-order.json" 2>"$OUT/paging.err" &
TRIPS_PID=$!; track "$TRIPS_PID"
shoot_until "$OUT/paging-start.png" 10 'at_least "$(non_background "$OUT/paging-start.png" 40 620 600 140)" 0.9'
# Open it, then two fingers 40 pt sideways every 16 ms (2,500 pt/s), 320 pt
# in all (short of half a page), lifted with the last: their speed turns the page.
{ tap 300 700; echo "wait 900"; echo "pointer 460 330"
  for i in $(seq 8); do echo "wait 16"; echo "hscroll 40"; done; echo "scroll stop"; echo "mark paged"; } >"$FIFO"
for i in $(seq 300); do grep -q "weston-input: mark paged\$" "$OUT/weston.log" && break; sleep 0.05; done
sleep 1
DISPLAY=$X_DISPLAY import -window root "$OUT/tp-paged.png"
stop "$TRIPS_PID"
{ cat "$OUT/paging.txt"; echo "at $(awk '/^at /{ t = $2 } END { print t + 900 }' "$OUT/paging.txt") state"; } >"$OUT/paging-replay.txt"
SDL_VIDEODRIVER=offscreen "$TRIPS" --photos "$OUT/photos" --replay "$OUT/paging-replay.txt" >"$OUT/paging-replay.jsonl" 2>"$OUT/paging-replay.err"
check "touchpad: a two-finger sideways swipe of 320 pt pages the big photo by its speed (the replay of the recording)" \
    'tail -1 "$OUT/paging-replay.jsonl" | python3 -c "import json, sys; s = json.load(sys.stdin); sys.exit(0 if s[\"photo\"][\"index\"] == 1 and s[\"photo\"][\"count\"] == 3 else 1)"'
# The trip's photos in its order, from the replay's last snapshot; the
# screenshot's frame is matched against the first and the second.
read -r PAGED_FRAME FIRST SECOND < <(tail -1 "$OUT/paging-replay.jsonl" | python3 -c "import json, sys; p = json.load(sys.stdin)[\"photo\"]; print(\",\".join(str(int(v)) for v in p[\"frame\"]), *p[\"photos\"][:2])")
SECOND_NCC=$(Tests/e2e/ncc.py "$OUT/tp-paged.png" "$OUT/photos/Lisbon/$SECOND" "$PAGED_FRAME" 1 .5 .5 | cut -d' ' -f1)
FIRST_NCC=$(Tests/e2e/ncc.py "$OUT/tp-paged.png" "$OUT/photos/Lisbon/$FIRST" "$PAGED_FRAME" 1 .5 .5 | cut -d' ' -f1)
check "touchpad: the screenshot shows the second photo after the swipe ($SECOND: NCC $SECOND_NCC; the first, $FIRST: $FIRST_NCC)" \
    'at_least "$SECOND_NCC" 0.75 && at_most "$FIRST_NCC" 0.5 && grep -q "\"event\": \"page\"" "$OUT/paging-replay.jsonl"'
check "touchpad: the app said once that it bound the compositor's touchpad gestures" \
    '[ "$(grep -c "touchpad gestures from the compositor" "$OUT/paging.err")" = 1 ]'

# --- HiDPI: a kiosk on a scale-2 output --------------------------------------
# weston's x11 backend takes --width/--height in points: 640 x 400 at scale 2
# is a 1280 x 800-pixel output, which this Xvfb shows whole (1280 x 800 at
# scale 2 would be a 2560 x 1600 window, of which the screen shows a quarter).
# The Overview must fill it, laid out in 640 x 400 points and drawn in pixels;
# the recording must say the window's real size, and a touch must land where
# that layout has its photo.
stop "$WESTON_PID"
WL_SOCKET="trips-touch-hidpi-$$"
DISPLAY=$X_DISPLAY TRIPS_INPUT_FIFO="$FIFO" weston --backend=x11-backend.so --shell=kiosk-shell.so --use-pixman \
    --width=640 --height=400 --scale=2 --socket="$WL_SOCKET" --idle-time=0 --modules="$PLUGIN" >"$OUT/weston-hidpi.log" 2>&1 &
WESTON_PID=$!; track "$WESTON_PID"
for i in $(seq 200); do [ -e "$XDG_RUNTIME_DIR/$WL_SOCKET" ] && break; sleep 0.05; done
WAYLAND_DISPLAY=$WL_SOCKET TRIPS_VERBOSE=1 "$TRIPS" --record "$OUT/hidpi.txt" --state "$OUT/order.json" 2>"$OUT/hidpi.err" &
TRIPS_PID=$!; track "$TRIPS_PID"
# Strip photo 0 is at (16, 204) 276 x 180 points: pixels 32...584 x 408...768;
# above it the hero; between the title and the Playground button (points 100...220
# x 20...50) the app's background (kiosk-shell's black is not the app's).
drawn='at_least "$(near_colour "$OUT/hidpi.png" 200 40 240 60 "$BG")" 0.99 && at_least "$(non_background "$OUT/hidpi.png" 60 440 480 300)" 0.9'
shoot_until "$OUT/hidpi.png" 10 "$drawn"
{ tap 100 300; echo "mark hidpi-tap"; } >"$FIFO"
for i in $(seq 300); do grep -q "weston-input: mark hidpi-tap\$" "$OUT/weston-hidpi.log" && break; sleep 0.05; done
# The big photo at 640 x 400 points: (16, 68) 348 x 124, pixels 32...728 x 136...384.
hidpi_open='at_least "$(non_background "$OUT/hidpi-open.png" 60 150 600 200)" 0.97 && at_most "$(non_background "$OUT/hidpi-open.png" 60 440 480 300)" 0.01'
shoot_until "$OUT/hidpi-open.png" 5 "$hidpi_open"
stop "$TRIPS_PID"
check "hidpi: at scale 2 the strip reaches the output's bottom (pixels 440...740) below the hero" "$drawn"
check "hidpi: the trip list reaches the output's right edge (its nights column, pixels 1100...1240)" \
    'at_least "$(near_colour "$OUT/hidpi.png" 1100 40 140 700 "$BG")" 0.7 && at_least "$(non_background "$OUT/hidpi.png" 1100 40 140 700)" 0.02'
check "hidpi: the app says its scale is 2" 'grep -q "scale 2.0" "$OUT/hidpi.err"'
# Drawn at 1x and scaled up by the compositor, every point would be a 2 x 2
# block of one colour: a copy made of every other pixel, doubled, would match.
blocky=$(convert "$OUT/hidpi.png" -crop 200x80+20+20 +repage "$OUT/hidpi-title.png" &&
    convert "$OUT/hidpi-title.png" -sample 50% -sample 200% "$OUT/hidpi-title-1x.png" &&
    compare -metric AE -fuzz 20% "$OUT/hidpi-title.png" "$OUT/hidpi-title-1x.png" null: 2>&1)
check "hidpi: the title is drawn in pixels, not points scaled up ($blocky pixels differ from a 1x copy)" 'at_least "${blocky%% *}" 200'
check "hidpi: the recording's size is the window's real size (640 400, not the 1280 800 asked for)" \
    '[ "$(grep "^size" "$OUT/hidpi.txt")" = "size 640 400" ]'
{ cat "$OUT/hidpi.txt"; echo "at $(awk '/^at /{ t = $2 } END { print t + 900 }' "$OUT/hidpi.txt") state"; } >"$OUT/hidpi-replay.txt"
SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/hidpi-replay.txt" >"$OUT/hidpi-replay.jsonl" 2>"$OUT/hidpi-replay.err"
check "hidpi: the touch at (100, 300) points opened strip photo 0 (the screenshot shows the big photo, its slot empty)" \
    "$hidpi_open"
check "hidpi: the replay of the recording opens it too" \
    'grep -q "\"event\": \"open\", \"trip\": \"lisbon\"" "$OUT/hidpi-replay.jsonl"'

echo "touch e2e screenshots: $OUT"
e2e_end
