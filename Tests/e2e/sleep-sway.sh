#!/usr/bin/env bash
# A kiosk's sleep under Debian's sway 1.7, headless (WLR_BACKENDS=headless),
# which offers wlroots' output power management: an --awake range that
# ends a few seconds after the start puts the app to sleep, it asks sway to
# put the output out through that protocol (sway 1.7's headless output
# cannot be turned off: sway logs the failed commit, the output stays on,
# and the app's line says the screen is only black), and `swaymsg seat
# seat0 cursor press button1` wakes it (a virtual pointer gives the
# headless seat one: virtual-pointer.c).
# Usage: Tests/e2e/sleep-sway.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-sleep-sway "sleep-sway" "${1:-}"

as_unprivileged true # makes the user now: install -o below needs it
chmod 711 "$OUT"
rt="$OUT/runtime-sway"
install -d -m 700 -o "$UNPRIVILEGED_USER" "$rt"
printf 'xwayland disable\noutput HEADLESS-1 resolution 1280x800\ndefault_border none\n' >"$OUT/sway.config"
chmod 644 "$OUT/sway.config"
gcc -Wall -Werror -o "$OUT/virtual-pointer" Tests/e2e/virtual-pointer.c $(pkg-config --cflags --libs wayland-client) 2>"$OUT/gcc.log"
chmod 755 "$OUT/virtual-pointer"
# as_user PIDFILE CMD...: CMD as the unprivileged user in sway's session, its PID in PIDFILE.
as_user() {
    local pidfile=$1; shift
    as_unprivileged env -i PATH=/usr/bin:/bin HOME="$rt" XDG_RUNTIME_DIR="$rt" WAYLAND_DISPLAY=wayland-1 XDG_CACHE_HOME="$rt/cache" \
        WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
        sh -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@"
}
sm() { as_unprivileged env XDG_RUNTIME_DIR="$rt" SWAYSOCK="$(ls "$rt"/sway-ipc.*.sock)" swaymsg "$@"; }
shoot() { as_unprivileged env XDG_RUNTIME_DIR="$rt" WAYLAND_DISPLAY=wayland-1 grim "$rt/shot.png" && cp "$rt/shot.png" "$1"; }
mean() { convert "$1" -colorspace Gray -format "%[fx:mean]" info:; }
black() { [ "$(mean "$1")" = 0 ]; }
dpms() { sm -t get_outputs -r | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["dpms"])'; }

as_user "$rt/sway.pid" sway -c "$OUT/sway.config" >"$OUT/sway.log" 2>&1 &
wait_for_file "$rt/sway.pid" 5 && track "$(cat "$rt/sway.pid")"
for i in $(seq 200); do ls "$rt"/sway-ipc.*.sock >/dev/null 2>&1 && [ -e "$rt/wayland-1" ] && break; sleep 0.05; done
as_user "$rt/pointer.pid" "$OUT/virtual-pointer" >"$OUT/pointer.log" 2>&1 &
wait_for_file "$OUT/pointer.log" 5; wait_for_file "$rt/pointer.pid" 5 && track "$(cat "$rt/pointer.pid")"
check "a virtual pointer gives the headless seat a pointer" 'sm -t get_seats -r | grep -q "\"capabilities\": [13]"'

range="$(date -d '-1 hour' +%H:%M:%S)-$(date -d '+10 seconds' +%H:%M:%S)"
# Through a shell that writes trips's own PID and, when it ends, its code.
as_user "$rt/launcher.pid" sh -c '"$0" "$@" & echo $! >"$XDG_RUNTIME_DIR/trips.pid"; wait $!; echo $? >"$XDG_RUNTIME_DIR/trips.rc"' \
    "$TRIPS" --kiosk --awake "$range" --wake-for 4 2>"$OUT/trips.err" &
wait_for_file "$rt/trips.pid" 5 && track "$(cat "$rt/trips.pid")"
for i in $(seq 60); do shoot "$OUT/awake.png" && ! black "$OUT/awake.png" && break; sleep 0.25; done
check "awake at first: the Overview on sway's output, which is on (dpms $(dpms))" '! black "$OUT/awake.png" && [ "$(dpms)" = True ]'
for i in $(seq 100); do grep -q "^trips: asleep" "$OUT/trips.err" && break; sleep 0.25; done
sleep 0.5; shoot "$OUT/asleep.png"
check "the range ended: the output shows black" 'black "$OUT/asleep.png"'
check "the app asked sway through wlr-output-power-management and says what came of it" \
    'grep -q "^trips: asleep; the screen is only black, nothing could put it out (Wayland.s wlr-output-power-management: the compositor left the output on" "$OUT/trips.err"'
check "sway tried to turn the output off (and sway 1.7's headless output cannot: $(grep -c "Failed to commit output HEADLESS-1" "$OUT/sway.log") failed commit)" \
    'grep -q "Failed to commit output HEADLESS-1" "$OUT/sway.log"'
sm seat seat0 cursor set 640 400 >/dev/null; sm seat seat0 cursor press button1 >/dev/null; sm seat seat0 cursor release button1 >/dev/null
for i in $(seq 20); do shoot "$OUT/woken.png" && ! black "$OUT/woken.png" && break; sleep 0.25; done
check "swaymsg seat seat0 cursor press button1 wakes it, the output on (dpms $(dpms))" '! black "$OUT/woken.png" && [ "$(dpms)" = True ]'
for i in $(seq 40); do [ "$(grep -c "^trips: asleep" "$OUT/trips.err")" = 2 ] && break; sleep 0.25; done
check "--wake-for 4 runs out: asleep again" '[ "$(grep -c "^trips: asleep" "$OUT/trips.err")" = 2 ]'
kill -TERM "$(cat "$rt/trips.pid")"
wait_for_file "$rt/trips.rc" 3
check "SIGTERM after sleeping: exit 0, nothing left bound (code $(cat "$rt/trips.rc" 2>/dev/null))" '[ "$(cat "$rt/trips.rc" 2>/dev/null)" = 0 ]'
e2e_end
