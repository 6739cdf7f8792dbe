#!/usr/bin/env bash
# A drop on the window (issue 37), on X11 and on weston. On X11 a client
# of the test's own (Tests/e2e/xdnd-source.c) drags a photo's file URI
# onto Trips with the XDND protocol; on weston another
# (Tests/e2e/drag-source.c) starts a real drag with the press of weston's
# pointer (xdotool on weston's X11 window). Trips opens it as `trips
# PHOTO` does, big among its folder's trips, and --record writes the drop,
# which replays to the same photo. A folder dropped (X11) opens as its
# library, read off the loop's thread, and is followed: a photo moved in
# after is a trip of its own.
# Every process is started here and stopped by PID.
# Usage: Tests/e2e/drop.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-drop "drop" "${1:-}"
command -v xdotool >/dev/null || { echo "drop: xdotool is missing (make test-deps)"; exit 1; }
xml="$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml"
{ wayland-scanner client-header "$xml" "$OUT/xdg-shell-client-protocol.h" && wayland-scanner private-code "$xml" "$OUT/xdg-shell-protocol.c" &&
  cc -Wall -Werror -I"$OUT" -o "$OUT/drag-source" Tests/e2e/drag-source.c "$OUT/xdg-shell-protocol.c" $(pkg-config --cflags --libs wayland-client); } \
  2>"$OUT/build.log" || { echo "drop: cannot build the drag source"; cat "$OUT/build.log"; exit 1; }
cc -Wall -Werror -o "$OUT/xdnd-source" Tests/e2e/xdnd-source.c $(pkg-config --cflags --libs x11) 2>>"$OUT/build.log" \
  || { echo "drop: cannot build the XDND source"; cat "$OUT/build.log"; exit 1; }

pics="$OUT/Old Town"; mkdir -p "$pics"
cp Assets/photos/dune.jpg "$pics/a dune.jpg"; cp Assets/photos/storm.jpg "$pics/b.jpg"
touch -d "2024-05-12 10:00" "$pics/a dune.jpg"; touch -d "2024-05-12 11:00" "$pics/b.jpg"
start_xvfb 1700x1000
export DISPLAY=$X_DISPLAY
# replays_to RECORDING: the recording, replayed, ends on the dropped photo, big among its folder's.
replays_to() {
    { cat "$1"; echo "at 99999 state"; } >"$1.replay"
    "$TRIPS" --trips Assets/trips.json --replay "$1.replay" 2>/dev/null | tail -1 >"$1.state"
    grep -q "\"title\": \"12 May 2024 — a dune.jpg\"" "$1.state" && grep -q "\"photos\": \[\"a dune.jpg\", \"b.jpg\"\]" "$1.state"
}

# --- X11: XDND ---------------------------------------------------------------
SDL_VIDEODRIVER=x11 "$TRIPS" --size 1000x700 --trips Assets/trips.json --record "$OUT/recorded-x11.txt" >"$OUT/trips-x11.log" 2>&1 &
app=$!; track "$app"
for i in $(seq 100); do win=$(xdotool search --pid "$app" 2>/dev/null | tail -1); [ -n "$win" ] && break; sleep 0.1; done
xdotool windowmove "$win" 0 0 # no window manager: put where the checks look
shoot_until "$OUT/x11-before.png" 10 'at_least "$(near_colour "$OUT/x11-before.png" 0 0 1000 700 "$BG")" 0.1'
"$OUT/xdnd-source" "$win" "file://${pics// /%20}/a%20dune.jpg" >"$OUT/xdnd.log" 2>&1
x=0 y=0
list='at_most "$(non_background "$OUT/x11-dropped.png" $((x + 720)) $((y + 100)) 240 300)" 0.01'
big='at_least "$(non_background "$OUT/x11-dropped.png" $((x + 20)) $((y + 80)) 300 200)" 0.9'
shoot_until "$OUT/x11-dropped.png" 10 "$list && $big"
check "on X11 the XDND drop is accepted and finished ($(tr '\n' ' ' <"$OUT/xdnd.log"))" 'grep -q finished "$OUT/xdnd.log"'
check "the dropped photo opens big, its folder's one trip listed" "$list && $big"
stop "$app"
check "--record wrote it, and it replays to the same photo" 'grep -q " drop ${pics// /%20}/a%20dune.jpg\$" "$OUT/recorded-x11.txt" && replays_to "$OUT/recorded-x11.txt"'

# --- X11: a folder dropped is read off the loop's thread and followed ---------
SDL_VIDEODRIVER=x11 "$TRIPS" --size 1000x700 --trips Assets/trips.json >"$OUT/trips-folder.log" 2>&1 &
app=$!; track "$app"
for i in $(seq 100); do win=$(xdotool search --pid "$app" 2>/dev/null | tail -1); [ -n "$win" ] && break; sleep 0.1; done
xdotool windowmove "$win" 0 0
shoot_until "$OUT/x11-folder-before.png" 10 'at_least "$(near_colour "$OUT/x11-folder-before.png" 0 0 1000 700 "$BG")" 0.1'
"$OUT/xdnd-source" "$win" "file://${pics// /%20}" >"$OUT/xdnd-folder.log" 2>&1
# The list's first row (y 18-66) and the room of a second (y 75-120).
one='at_least "$(non_background "$OUT/x11-folder.png" 720 20 240 40)" 0.02 && at_most "$(non_background "$OUT/x11-folder.png" 720 75 240 45)" 0.01'
shoot_until "$OUT/x11-folder.png" 10 "$one"
check "a dropped folder opens as a library: its one trip listed" "$one"
cp Assets/photos/wood.jpg "$OUT/c.jpg" && touch -d "2024-06-20 10:00" "$OUT/c.jpg" && mv "$OUT/c.jpg" "$pics/c.jpg"
two='at_least "$(non_background "$OUT/x11-followed.png" 720 75 240 45)" 0.03'
shoot_until "$OUT/x11-followed.png" 15 "$two"
check "the dropped folder is followed: a photo of another day moved in is a second trip" "$two"
stop "$app"
rm -f "$pics/c.jpg"

# --- Wayland (weston nested): a data-device drag ------------------------------
start_weston 1600x1000
export WAYLAND_DISPLAY=$WL_SOCKET
SDL_VIDEODRIVER=wayland "$TRIPS" --size 1000x700 --trips Assets/trips.json --record "$OUT/recorded.txt" >"$OUT/trips.log" 2>&1 &
app=$!; track "$app"
shoot_until "$OUT/before.png" 10 'at_least "$(near_colour "$OUT/before.png" 0 0 1600 1000 "$BG")" 0.1'
"$OUT/drag-source" "file://${pics// /%20}/a%20dune.jpg" >"$OUT/drag.log" 2>&1 &
drag=$!; track "$drag"
shoot_until "$OUT/before.png" 10 'at_least "$(near_colour "$OUT/before.png" 0 0 1600 1000 "rgb(255,0,255)")" 0.01'
# Where weston put the two windows: the magenta source, Trips' background.
box() { convert "$OUT/before.png" -fill black +opaque "$1" -trim -format "%w %h %X %Y" info:; }
read -r w h x y <<<"$(box "rgb(255,0,255)")"; sx=$((x + w / 2)); sy=$((y + h / 2))
read -r w h x y <<<"$(box "$BG")"; dx=$((x + w / 2)); dy=$((y + h / 2))
echo "source $sx,$sy; trips $x,$y ${w}x$h" >"$OUT/positions.txt"
# The press must land on the source (its pointer entered first): tried again if not.
for try in 1 2 3; do
    xdotool mousemove 1650 500; sleep 0.3; xdotool mousemove 800 500; sleep 0.2; xdotool mousemove $((sx - 10)) $((sy - 10)); sleep 0.2; xdotool mousemove "$sx" "$sy"; sleep 0.3
    xdotool mousedown 1; sleep 0.5
    grep -q dragging "$OUT/drag.log" && break
    import -window root "$OUT/missed-$try.png"
    xdotool mouseup 1; sleep 0.3
done
for i in $(seq 10); do xdotool mousemove $((sx + (dx - sx) * i / 10)) $((sy + (dy - sy) * i / 10)); sleep 0.1; done
sleep 0.3; xdotool mouseup 1
# The Overview lists 8 trips on the right; the photo's folder is one trip:
# its list below the first row is empty, and the big photo fills its frame.
list='at_most "$(non_background "$OUT/dropped.png" $((x + 720)) $((y + 100)) 240 300)" 0.01'
big='at_least "$(non_background "$OUT/dropped.png" $((x + 20)) $((y + 80)) 300 200)" 0.9'
check "the Overview's list had the trips file's 8 trips" '! eval "${list//dropped/before}"'
shoot_until "$OUT/dropped.png" 10 "$list && $big"
check "the drag started from the source's press" 'grep -q dragging "$OUT/drag.log"'
check "the dropped photo opens big in Trips' window, its folder's one trip listed" "$list && $big"
settled='at_most "$(near_colour "$OUT/settled.png" $((x + 20)) $((y + 80)) 600 300 "$PLACEHOLDER")" 0.05'
shoot_until "$OUT/settled.png" 10 "$settled"
check "and is decoded there: no placeholder left in its frame" "$settled"
stop "$drag"
stop "$app"
check "--record wrote the drop with the path percent-encoded ($(grep drop "$OUT/recorded.txt"))" \
    'grep -q " drop ${pics// /%20}/a%20dune.jpg\$" "$OUT/recorded.txt"'
check "the recording replays to the same photo, big among its folder's" 'replays_to "$OUT/recorded.txt"'
check "the app logged nothing but its video line, on X11 and Wayland" \
    'log_is_quiet "$OUT/trips.log" && log_is_quiet "$OUT/trips-x11.log" && log_is_quiet "$OUT/trips-folder.log"'
e2e_end
