#!/usr/bin/env bash
# A kiosk's sleep on Xvfb, on the real clock: an --awake range that ends a
# few seconds after the start. The screen goes black and the log says how
# it was put out (Xvfb has no DPMS: that it is only black); asleep, the app
# and its decode workers use at most 1% of a core over 10 s; a click wakes
# it, opening nothing, until --wake-for runs out; SIGUSR1 wakes, SIGUSR2 sleeps.
# Usage: Tests/e2e/sleep.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-sleep "sleep" "${1:-}"

# mean FILE: the picture's mean brightness, 0 (black) to 1.
mean() { convert "$1" -colorspace Gray -format "%[fx:mean]" info:; }
black() { [ "$(mean "$1")" = 0 ]; }
# tree PID: PID and all its descendants (the decode zygote and its workers).
tree() { local child; echo "$1"; for child in $(pgrep -P "$1"); do tree "$child"; done; }
cpu_ticks() { local t=0 pid; for pid in "$@"; do [ -r "/proc/$pid/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$t"; }

start_xvfb 1280x800
# Awake from an hour ago until 10 s from now (the range may cross midnight).
range="$(date -d '-1 hour' +%H:%M:%S)-$(date -d '+10 seconds' +%H:%M:%S)"
DISPLAY=$X_DISPLAY "$TRIPS" --kiosk --awake "$range" --wake-for 4 2>"$OUT/trips.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/awake.png"
# The start to compare the woken screen with: its photos decoded, not placeholders.
shoot_until "$OUT/awake.png" 8 'at_most "$(near_colour "$file" 100 120 400 150 "$PLACEHOLDER")" 0.1'
check "awake at first: the Overview shows (mean $(mean "$OUT/awake.png"))" '! black "$OUT/awake.png"'

shoot_until "$OUT/asleep.png" 25 'black "$file"'
check "the range ended: the screen is black" 'black "$OUT/asleep.png"'
check "one line says how the screen was put out" \
    'grep -q "^trips: asleep; the screen is only black, nothing could put it out (X11 DPMS: the X server has no DPMS extension" "$OUT/trips.err"'

sleep 1
processes=$(tree "$pid" | tr '\n' ' ')
t0=$(cpu_ticks $processes); sleep 10; t1=$(cpu_ticks $processes)
ticks=$((t1 - t0)); hz=$(getconf CLK_TCK)
check "asleep, the app and its workers ($(wc -w <<<"$processes") processes) use at most 1% of a core over 10 s ($ticks ticks of $((10 * hz)))" \
    '[ "$ticks" -le "$((10 * hz / 100))" ]'

DISPLAY=$X_DISPLAY xdotool mousemove 300 620 click 1
shoot_until "$OUT/woken.png" 5 '! black "$file"'
check "a click wakes it" '! black "$OUT/woken.png"'
# The click was on the first strip photo: the window above the strip is as it was at the start.
differs=$(compare -metric AE -fuzz 3% "$OUT/awake.png[1280x590+0+0]" "$OUT/woken.png[1280x590+0+0]" null: 2>&1)
check "and only wakes it: no big photo opened ($differs pixels above the strip differ from the start)" '[ "$differs" = 0 ]'
shoot_until "$OUT/asleep-again.png" 10 'black "$file"'
check "--wake-for 4 runs out: black again" 'black "$OUT/asleep-again.png" && [ "$(grep -c "^trips: asleep" "$OUT/trips.err")" = 2 ]'

kill -USR1 "$pid"
shoot_until "$OUT/usr1.png" 5 '! black "$file"'
sleep 5
DISPLAY=$X_DISPLAY import -window root "$OUT/usr1-later.png"
check "SIGUSR1 wakes it, past --wake-for" '! black "$OUT/usr1.png" && ! black "$OUT/usr1-later.png"'
kill -USR2 "$pid"
shoot_until "$OUT/usr2.png" 5 'black "$file"'
check "SIGUSR2 puts it to sleep" 'black "$OUT/usr2.png"'
kill -TERM "$pid"; wait "$pid"; rc=$?
check "SIGTERM asleep: exit 0 (code $rc)" '[ "$rc" = 0 ]'
e2e_end
