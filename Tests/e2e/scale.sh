#!/usr/bin/env bash
# --scale N: pixels per point where the compositor says 1. --size stays in
# points, so --size 1920x1080 --scale 2 is a 3840x2160-pixel window, laid
# out as 1920x1080's at two pixels a point (the title twice as tall), on
# SDL's offscreen driver and live on a 4K Xvfb screen, where a click lands
# on the point under it; bad values are refused with exit 2.
# Usage: Tests/e2e/scale.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-scale "scale" "${1:-}"

# text_height FILE X Y W H: the height in pixels of the light lettering in the region.
text_height() {
    convert "$1" -crop "${4}x${5}+${2}+${3}" +repage -colorspace Gray -threshold 70% -format "%@" info: | sed 's/^[0-9]*x\([0-9]*\)+.*/\1/'
}

SDL_VIDEODRIVER=offscreen "$TRIPS" --size 1920x1080 --frames 1 --screenshot "$OUT/hd.png" 2>/dev/null
SDL_VIDEODRIVER=offscreen "$TRIPS" --size 1920x1080 --scale 2 --frames 1 --screenshot "$OUT/4k.png" 2>/dev/null
check "offscreen: --size 1920x1080 --scale 2 is 3840x2160 pixels ($(identify -format %wx%h "$OUT/4k.png"))" \
    '[ "$(identify -format %wx%h "$OUT/4k.png")" = 3840x2160 ]'
hd=$(text_height "$OUT/hd.png" 16 10 200 50); big=$(text_height "$OUT/4k.png" 32 20 400 100)
check "the title is twice as tall in pixels ($hd px at 1x, $big px at 2x)" '[ "$hd" -gt 10 ] && [ "$big" -ge $((2 * hd - 2)) ] && [ "$big" -le $((2 * hd + 2)) ]'
convert "$OUT/4k.png" -resize 50% "$OUT/4k-half.png"
rmse=$(compare -metric RMSE "$OUT/hd.png" "$OUT/4k-half.png" null: 2>&1 | sed 's/.*(\(.*\))/\1/')
check "the layout is 1920x1080's: halved, it is the 1x picture (RMSE $rmse)" 'at_most "$rmse" 0.05'
SDL_VIDEODRIVER=offscreen "$TRIPS" --size 1920x1080 --scale 1.5 --frames 1 --screenshot "$OUT/1.5.png" 2>/dev/null
check "decimals: --scale 1.5 is 2880x1620 ($(identify -format %wx%h "$OUT/1.5.png"))" '[ "$(identify -format %wx%h "$OUT/1.5.png")" = 2880x1620 ]'

for bad in 0 banana 4.5; do
    msg=$("$TRIPS" --scale "$bad" 2>&1); rc=$?
    check "--scale $bad: exit 2 naming the value (code $rc)" \
        '[ "$rc" = 2 ] && grep -q "^trips: --scale expects pixels per point from 1 to 4 (e.g. 1.5), got .$bad.$" <<<"$msg"'
done

# Live on a 4K X screen (no window manager: a kiosk is sized to the screen),
# of a 55-inch TV's 80 dots an inch (for weston below).
start_xvfb 3840x2160 -dpi 80
DISPLAY=$X_DISPLAY "$TRIPS" --kiosk --scale 2 2>"$OUT/live.err" &
pid=$!; track "$pid"
shoot_until "$OUT/live.png" 15 'at_least "$(near_colour "$file" 200 40 240 60 "$BG")" 0.99 && at_least "$(non_background "$file" 80 1240 1200 280)" 0.9'
live=$(text_height "$OUT/live.png" 32 20 400 100)
check "live: the kiosk fills the 4K screen at 2 pixels a point (title $live px)" '[ "$live" -ge $((2 * hd - 2)) ] && [ "$live" -le $((2 * hd + 2)) ]'
# The first strip photo is at points (16...726, 604...784) of a 1280x800
# layout; at 1920x1080 points its slot is lower: a click at its pixel
# centre, in the strip, must open it (the big photo covers the hero).
DISPLAY=$X_DISPLAY xdotool mousemove 600 1900 click 1
sleep 1.5
DISPLAY=$X_DISPLAY import -window root "$OUT/live-open.png"
check "live: a click in pixels lands on the point under it (the strip photo opened, its slot empty)" \
    'at_most "$(non_background "$OUT/live-open.png" 80 1760 1200 250)" 0.05'
stop "$pid"

# The same TV through Wayland (weston nested on it reports the screen's
# millimetres in wl_output), no --scale: Trips chooses 2 itself and says so.
start_weston 3840x2160
WAYLAND_DISPLAY=$WL_SOCKET "$TRIPS" --kiosk 2>"$OUT/auto.err" &
pid=$!; track "$pid"
# Until the title is drawn: weston shows its own frames before the app's.
shoot_until "$OUT/auto.png" 20 'at_least "$(near_colour "$file" 200 40 240 60 "$BG")" 0.99 && [ "$(text_height "$file" 32 20 400 100)" -gt 10 ]'
auto=$(text_height "$OUT/auto.png" 32 20 400 100)
check "automatic: a 4K TV of 0.32 mm pixels gets 2 pixels a point (title $auto px; 1x is $hd)" \
    '[ "$auto" -ge $((2 * hd - 2)) ] && [ "$auto" -le $((2 * hd + 2)) ]'
check "automatic: one line gives the choice ($(grep -c "pixels a point" "$OUT/auto.err") lines)" \
    '[ "$(grep -c "^trips: 3840x2160 pixels of 0.32 mm (a screen seen from afar): 2 pixels a point, a 1920x1080-point layout; --scale 1 keeps 1$" "$OUT/auto.err")" = 1 ]'
stop "$pid"
WAYLAND_DISPLAY=$WL_SOCKET "$TRIPS" --kiosk --scale 1 2>"$OUT/forced.err" &
pid=$!; track "$pid"
# Until a 1x title shows (the last app's 2x frame may linger a moment).
shoot_until "$OUT/forced.png" 20 't=$(text_height "$file" 16 10 200 50) && [ "${t:-0}" -ge $((hd - 2)) ] && [ "$t" -le $((hd + 2)) ]'
forced=$(text_height "$OUT/forced.png" 16 10 200 50)
check "--scale 1 keeps 1x on that TV (title $forced px) and chooses nothing" \
    '[ "$forced" -ge $((hd - 2)) ] && [ "$forced" -le $((hd + 2)) ] && ! grep -q "pixels a point" "$OUT/forced.err"'
e2e_end
