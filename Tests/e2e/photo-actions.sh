#!/usr/bin/env bash
# A photo opened from outside on X11, as a desktop user meets it (issue 37):
# the whole picture letterboxed, the window titled "City — photo name", the
# wheel paging, F1's shortcuts overlay, F11 fullscreen and Escape out of it.
# Every process is started here and stopped by PID.
# Usage: Tests/e2e/photo-actions.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-photo-actions "photo-actions" "${1:-}"
command -v xdotool >/dev/null || { echo "photo-actions: xdotool is missing (make test-deps)"; exit 1; }

pics="$OUT/Porto"; mkdir -p "$pics"
# A portrait photo with red bands at its top and bottom: whole, both show.
convert Assets/photos/garden.jpg -resize 1500x2000^ -gravity center -extent 1500x2000 -fill red \
    -draw "rectangle 0,0 1499,40" -draw "rectangle 0,1959 1499,1999" "$pics/portrait.jpg"
cp Assets/photos/dune.jpg "$pics/land.jpg"
# An EXIF Orientation for Ctrl+R to turn (ImageMagick writes none).
exiftool -q -n -Orientation=1 -overwrite_original "$pics/portrait.jpg" "$pics/land.jpg"
touch -d "2024-05-12 10:00" "$pics/portrait.jpg"; touch -d "2024-05-12 11:00" "$pics/land.jpg"

start_xvfb 1600x1000
export DISPLAY=$X_DISPLAY
# --- X11 (no window manager: the window is put at the screen's corner) ------
export XDG_DATA_HOME="$OUT/data"
SDL_VIDEODRIVER=x11 "$TRIPS" --size 1280x800 "$pics/portrait.jpg" >"$OUT/trips.log" 2>&1 &
app=$!; track "$app"
for i in $(seq 100); do win=$(xdotool search --pid "$app" 2>/dev/null | tail -1); [ -n "$win" ] && break; sleep 0.1; done
xdotool windowmove "$win" 0 0
# (Its bottom band is under the caption.) Across the frame, the picture is 393 of 890 pt.
whole='at_most "$(non_background "$OUT/whole.png" 30 120 200 400)" 0.01 && at_least "$(near_colour "$OUT/whole.png" 300 70 300 4 "rgb(254,0,0)")" 0.8 && at_least "$(non_background "$OUT/whole.png" 16 300 890 1)" 0.42 && at_most "$(non_background "$OUT/whole.png" 16 300 890 1)" 0.47'
shoot_until "$OUT/whole.png" 15 "$whole"
title() { xdotool getwindowname "$win" 2>/dev/null; }
check "the window is titled with the trip's city and the photo's name ($(title))" '[[ "$(title)" == *" — portrait.jpg" ]]'
# The big frame is 16...906 x 68...592; the whole 3:4 picture is 393 pt wide in its middle.
check "the whole photo shows, letterboxed: background beside it, its top band in it, 393 pt of 890 wide" "$whole"
xdotool mousemove 460 300 click 5; sleep 1
check "a wheel notch over the big photo pages to the next photo ($(title))" '[[ "$(title)" == *" — land.jpg" ]]'
# The mouse over the photo shows its page buttons: the last page has only "previous", at its left side.
xdotool mousemove 1000 700; sleep 0.5
import -window root "$OUT/no-hover.png"
xdotool mousemove 470 300; sleep 0.5
import -window root "$OUT/hover.png"
# How much darker a button's disc (black, 59 % opaque) makes the spot beside its glyph: 0 without it.
disc() { awk -v a="$(convert "$OUT/no-hover.png" -crop 12x12+${1}+310 +repage -colorspace Gray -format "%[fx:mean]" info:)" \
             -v b="$(convert "$OUT/hover.png" -crop 12x12+${1}+310 +repage -colorspace Gray -format "%[fx:mean]" info:)" 'BEGIN { print a - b }'; }
check "a mouse over the photo shows its previous button, no next on the last page (darker by $(disc 40) and $(disc 864))" \
    'at_least "$(disc 40)" 0.05 && at_most "$(disc 864)" 0.01'
xdotool mousemove 52 330 click 1; sleep 1
check "a click on it pages back ($(title))" '[[ "$(title)" == *" — portrait.jpg" ]]'
import -window root "$OUT/hover-first.png"
xdotool mousemove 870 330 click 1; sleep 1
check "and the next button on the first page forward again ($(title))" '[[ "$(title)" == *" — land.jpg" ]]'
xdotool mousemove 1500 950; sleep 0.5
import -window root "$OUT/hover.png"
check "the mouse leaving the window takes the buttons away (darker by $(disc 40))" 'at_most "$(disc 40)" 0.01'
xdotool key F1; sleep 1
import -window root "$OUT/shortcuts.png"
check "F1 shows the shortcuts overlay (its panel in the window's middle)" \
    'at_least "$(near_colour "$OUT/shortcuts.png" 940 165 60 30 "rgb(44,44,48)")" 0.9'
xdotool key Escape; sleep 1
import -window root "$OUT/closed-overlay.png"
check "Escape closes it, the photo still out" \
    'at_most "$(near_colour "$OUT/closed-overlay.png" 940 165 60 30 "rgb(44,44,48)")" 0.1 && [[ "$(title)" == *" — land.jpg" ]]'
cp -p "$pics/land.jpg" "$OUT/land-before.jpg"
xdotool key Delete; sleep 1
import -window root "$OUT/trashed.png"
check "Delete moves the photo shown to \$XDG_DATA_HOME/Trash with its .trashinfo, the page it leaves goes ($(title))" \
    '[ ! -e "$pics/land.jpg" ] && cmp -s "$OUT/data/Trash/files/land.jpg" "$OUT/land-before.jpg" && grep -qx "Path=$pics/land.jpg" "$OUT/data/Trash/info/land.jpg.trashinfo" && [[ "$(title)" == *" — portrait.jpg" ]]'
# GIO reads the same trash (gvfs's trash:// backend, on a session bus of its own).
gio_trash() { timeout 20 dbus-run-session -- gio list trash:// 2>/dev/null; }
check "gio list trash:// lists it ($(gio_trash | tr '\n' ' '))" '[ "$(gio_trash)" = land.jpg ]'
xdotool key ctrl+z; sleep 1
check "Ctrl+Z puts it back byte for byte with its mtime, its info gone ($(title))" \
    'cmp -s "$pics/land.jpg" "$OUT/land-before.jpg" && [ "$(stat -c %Y "$pics/land.jpg")" = "$(stat -c %Y "$OUT/land-before.jpg")" ] && [ ! -e "$OUT/data/Trash/info/land.jpg.trashinfo" ]'
orientation() { exiftool -n -s3 -Orientation "$1"; }
xdotool key ctrl+shift+r; sleep 1
check "Ctrl+Shift+R on X11 turns the photo shown counter-clockwise: Orientation $(orientation "$pics/land.jpg")" '[ "$(orientation "$pics/land.jpg")" = 8 ]'
xdotool key ctrl+r; sleep 1
check "Ctrl+R turns it back: the bytes as before" 'cmp -s "$pics/land.jpg" "$OUT/land-before.jpg"'
xdotool key ctrl+c; sleep 2
clipboard() { timeout 5 xclip -o -selection clipboard 2>/dev/null; }
check "Ctrl+C on X11 puts the photo's file URI on the clipboard as text ($(clipboard))" '[ "$(clipboard | tr -d "\r\n")" = "file://$pics/land.jpg" ]'
x11_types() { timeout 5 xclip -o -selection clipboard -t TARGETS 2>/dev/null | sort | tr '\n' ' '; }
check "and offers image/png and text/uri-list ($(x11_types))" '[[ "$(x11_types)" == *"image/png text/plain;charset=utf-8 text/uri-list"* ]]'
timeout 10 xclip -o -selection clipboard -t image/png >"$OUT/x11-pasted.png" 2>/dev/null
convert "$pics/land.jpg" "$OUT/x11-upright.png"
check "the X11 PNG is the photo, pixel for pixel within JPEG decoders' rounding ($(identify -format %wx%h "$OUT/x11-pasted.png" 2>&1))" \
    '[ "$(identify -format %wx%h "$OUT/x11-pasted.png")" = 1600x1000 ] && at_most "$(compare -metric RMSE "$OUT/x11-pasted.png" "$OUT/x11-upright.png" null: 2>&1 | sed "s/.*(\(.*\))/\1/")" 0.01'
# Shift+Delete asks first (a panel in the window's middle); Escape keeps the photo, Return deletes it for good.
xdotool key shift+Delete; sleep 1
import -window root "$OUT/delete-dialog.png"
dialog() { near_colour "$1" 395 405 110 70 "rgb(26,26,30)"; }
check "Shift+Delete shows the confirmation over the photo (its panel in the window's middle)" 'at_least "$(dialog "$OUT/delete-dialog.png")" 0.9'
xdotool key Escape; sleep 1
import -window root "$OUT/delete-kept.png"
check "Escape closes it and keeps the photo" 'at_most "$(dialog "$OUT/delete-kept.png")" 0.1 && cmp -s "$pics/land.jpg" "$OUT/land-before.jpg"'
xdotool key shift+Delete; sleep 1; xdotool key Return; sleep 1
check "Return deletes it for good: not in the folder, not in the trash ($(title))" \
    '[ ! -e "$pics/land.jpg" ] && [ ! -e "$OUT/data/Trash/files/land.jpg" ] && [[ "$(title)" == *" — portrait.jpg" ]]'
check "the app logged nothing but its video line" 'log_is_quiet "$OUT/trips.log"'
stop "$app"

# --- Wayland (weston nested): Ctrl+C, F11 and Escape ------------------------
# Xvfb has no window manager to make a window fullscreen; weston does.
# A last page that cannot be decoded, for a copy that must fail.
printf 'no JPEG here' >"$pics/zz-broken.jpg"; touch -d "2024-05-12 12:00" "$pics/zz-broken.jpg"
start_weston 1600x1000
WAYLAND_DISPLAY=$WL_SOCKET SDL_VIDEODRIVER=wayland "$TRIPS" --size 1280x800 "$pics/portrait.jpg" >"$OUT/trips-wayland.log" 2>&1 &
app=$!; track "$app"
corner() { near_colour "$1" 1500 920 80 60 "$BG"; }
shoot_until "$OUT/wayland.png" 10 'at_least "$(non_background "$OUT/wayland.png" 0 0 1600 1000)" 0.3'
sleep 1; xdotool key ctrl+r; sleep 1
check "Ctrl+R on Wayland turns the photo shown clockwise: Orientation $(orientation "$pics/portrait.jpg")" '[ "$(orientation "$pics/portrait.jpg")" = 6 ]'
# Ctrl+C: the picture as shown (turned), decoded whole, and its URI, through weston's data device.
xdotool key ctrl+c; sleep 3
paste() { WAYLAND_DISPLAY=$WL_SOCKET timeout 10 wl-paste --no-newline "$@"; }
check "Ctrl+C on Wayland offers image/png and text/uri-list ($(paste --list-types | tr '\n' ' '))" \
    '[ "$(paste --list-types | sort | tr "\n" " ")" = "image/png text/uri-list " ]'
check "the URI names the photo, percent-encoded" '[ "$(paste --type text/uri-list)" = "$(printf "file://%s\r\n" "$pics/portrait.jpg")" ]'
paste --type image/png >"$OUT/pasted.png"
convert "$pics/portrait.jpg" -auto-orient "$OUT/upright.png"
check "the PNG is the photo turned, 2000x1500, pixel for pixel within JPEG decoders' rounding ($(identify -format %wx%h "$OUT/pasted.png" 2>&1))" \
    '[ "$(identify -format %wx%h "$OUT/pasted.png")" = 2000x1500 ] && at_most "$(compare -metric RMSE "$OUT/pasted.png" "$OUT/upright.png" null: 2>&1 | sed "s/.*(\(.*\))/\1/")" 0.01'
xdotool key ctrl+shift+r; sleep 1
check "Ctrl+Shift+R on Wayland turns it back" '[ "$(orientation "$pics/portrait.jpg")" = 1 ]'
# Shift+Delete's confirmation on Wayland too (wherever weston put the window: its red Delete button, 160 x 44, is on the screen).
panel() { near_colour "$1" 0 0 1600 1000 "rgb(192,28,40)"; }
xdotool key shift+Delete; sleep 1
import -window root "$OUT/wayland-delete-dialog.png"
xdotool key Escape; sleep 1
import -window root "$OUT/wayland-delete-kept.png"
check "Shift+Delete on Wayland asks first, Escape keeps the photo ($(panel "$OUT/wayland-delete-dialog.png"), then $(panel "$OUT/wayland-delete-kept.png"))" \
    'at_least "$(panel "$OUT/wayland-delete-dialog.png")" 0.004 && at_most "$(panel "$OUT/wayland-delete-kept.png")" 0.002 && [ -e "$pics/portrait.jpg" ]'
xdotool key End; sleep 1; xdotool key ctrl+c; sleep 2
import -window root "$OUT/wayland-copy-failed.png"
check "Ctrl+C on a photo that cannot be decoded puts nothing on the clipboard (the turned photo's PNG still there)" \
    'paste --type image/png | cmp -s - "$OUT/pasted.png"'
# wl-paste takes the keyboard focus with a surface of its own for a moment (weston has no data-control).
sleep 1
xdotool mousemove 1590 990; xdotool key F11
shoot_until "$OUT/wayland-fullscreen.png" 5 'at_least "$(corner "$OUT/wayland-fullscreen.png")" 0.99'
check "F11 makes the window fullscreen on weston (the app's background in the screen's far corner)" 'at_least "$(corner "$OUT/wayland-fullscreen.png")" 0.99'
xdotool key Escape; sleep 1
import -window root "$OUT/wayland-closed.png"
check "Escape first closes the photo, the window still fullscreen" 'at_least "$(corner "$OUT/wayland-closed.png")" 0.99'
xdotool key Escape
shoot_until "$OUT/wayland-windowed.png" 5 'at_most "$(corner "$OUT/wayland-windowed.png")" 0.5'
check "then leaves fullscreen" 'at_most "$(corner "$OUT/wayland-windowed.png")" 0.5'
stop "$app"
e2e_end
