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
if ! cc -shared -fPIC -Wall -Werror -o "$PLUGIN" Tests/e2e/weston-input.c \
        $(pkg-config --cflags --libs libweston-10 wayland-server) 2>"$OUT/plugin.log"; then
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
for i in $(seq 200); do [ -e "$XDG_RUNTIME_DIR/$WL_SOCKET" ] && break; sleep 0.05; done
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
part scroll 900 printf 'pointer 300 700\nwait 16\nscroll 10\nwait 16\nscroll 10\n'
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
# SDL also makes mouse events of touches (its touch-mouse id): each input
# must arrive once, so the only mouse press recorded is the pointer's.
check "touch: no touch arrived twice as a mouse press" '[ "$(grep -c "mouse down" "$OUT/live.txt")" = 1 ]'
check "touch: the app logged no trouble" '! grep -v "^trips: video" "$OUT/trips.err" | grep -q .'

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
