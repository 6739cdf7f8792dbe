#!/usr/bin/env bash
# The package's kiosk unit (debian/trips.trips-kiosk.service) as far as a
# machine without systemd as its init runs it: its ExecStart, read from the
# unit, under cage on WLR_BACKENDS=headless as the unprivileged kiosk user,
# with the photos folder and flags of an /etc/default/trips-kiosk, a notify
# socket and WATCHDOG_USEC as systemd gives them; then its ExecStop
# (debian/trips-kiosk-stop) as systemd runs it on `systemctl stop`. Not run
# here: systemd itself (the VT, PAMName='s logind session, Restart=, the
# watchdog's restart), which needs a booted system.
# Usage: Tests/e2e/kiosk-unit.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-kiosk-unit "kiosk-unit" "${1:-}"
unit=debian/trips.trips-kiosk.service

if ! command -v cage >/dev/null || ! command -v grim >/dev/null || ! command -v Xwayland >/dev/null; then
    bad "cage, grim and Xwayland are needed (make test installs them)"
    e2e_end; exit
fi
as_unprivileged true # makes the user now
chmod 711 "$OUT"
kdir="$OUT/kiosk"; krt="$kdir/runtime"
mkdir -p "$kdir/bin" && cp "$TRIPS" "$(dirname "$TRIPS")/libTripsSurfaceOnlyVulkan.so" debian/trips-kiosk-stop "$kdir/bin/"
cp -r Assets "$kdir/Assets"
# The operator's photos: one trip, of red pictures.
mkdir -p "$kdir/photos/2024-05-12 Harbour"
for n in 1 2 3 4; do convert -size 1200x800 xc:"rgb(230,20,20)" "$kdir/photos/2024-05-12 Harbour/red-$n.jpg"; done
chmod -R a+rX "$kdir"
install -d -m 700 -o "$UNPRIVILEGED_USER" "$krt"
cat >"$kdir/default" <<CONF
PHOTOS="$kdir/photos"
TRIPS_FLAGS="--idle 60 --lang fr"
CONF
Tests/e2e/notify-listener.py "$krt/notify.sock" >"$OUT/notify.log" &
track $!
wait_for_file "$OUT/notify.log" 5
chown "$UNPRIVILEGED_USER" "$krt/notify.sock"

# ExecStart as systemd would run it: ${PHOTOS} one word, $TRIPS_FLAGS split.
exec_start=$(sed -n 's/^ExecStart=//p' "$unit" | sed -e "s|/usr/bin/trips|$kdir/bin/trips|" -e 's|\${PHOTOS}|"${PHOTOS}"|')
check "the unit runs cage -d with trips --kiosk --photos \${PHOTOS} \$TRIPS_FLAGS" \
    'grep -q "^ExecStart=/usr/bin/cage -d -- /usr/bin/trips --kiosk --photos \${PHOTOS} \$TRIPS_FLAGS$" "$unit"'
as_unprivileged env -i PATH=/usr/bin:/bin HOME="$krt" XDG_RUNTIME_DIR="$krt" XDG_STATE_HOME="$krt/state" XDG_CACHE_HOME="$krt/cache" \
    TRIPS_ASSETS="$kdir/Assets" NOTIFY_SOCKET="$krt/notify.sock" WATCHDOG_USEC=10000000 WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 \
    sh -c 'set -a; . "$1"; set +a; echo $$ >"$XDG_RUNTIME_DIR/cage.pid"; eval "exec $2"' kiosk "$kdir/default" "$exec_start" \
    >"$OUT/journal.log" 2>&1 &
cage_job=$!; track "$cage_job"
if ! wait_for_file "$krt/cage.pid" 5; then
    bad "cage did not start" "$(tail -5 "$OUT/journal.log")"
    e2e_end; exit
fi
cage_pid=$(cat "$krt/cage.pid"); track "$cage_pid"
for i in $(seq 100); do grep -q " READY=1$" "$OUT/notify.log" && break; sleep 0.1; done
check "READY=1 reaches the unit's notify socket through cage" 'grep -q " READY=1$" "$OUT/notify.log"'
# cage's headless output, here, fails its output test on every commit
# after the first ("Basic output test failed for HEADLESS-1", no DRM device),
# so grim sees the first frame, drawn before the photos were decoded: the
# layout is checked on screen, the folder in what trips read.
for i in $(seq 40); do
    as_unprivileged env XDG_RUNTIME_DIR="$krt" WAYLAND_DISPLAY=wayland-0 grim "$krt/shot.png" 2>>"$OUT/grim.err" \
        && cp "$krt/shot.png" "$OUT/kiosk-unit.png" && title_gap_is_drawn "$OUT/kiosk-unit.png" && break
    sleep 0.25
done
check "cage's output shows the kiosk's Overview" 'title_gap_is_drawn "$OUT/kiosk-unit.png" && at_least "$(non_background "$OUT/kiosk-unit.png" 40 540 600 140)" 0.9'
check "trips shows the operator's photos from PHOTOS (its capture-time cache lists them), not the bundled ones" \
    'grep -q "$kdir/photos/2024-05-12 Harbour/red-1.jpg" "$krt"/cache/trips/capture-times/*'

# systemctl stop: ExecStop (as the unit's user), then systemd's SIGTERM
# would find nothing left.
trips_pid=$(cat /proc/"$cage_pid"/task/*/children 2>/dev/null | head -1)
running=$(wc -l <"$OUT/journal.log")
start=$(date +%s%N)
as_unprivileged "$kdir/bin/trips-kiosk-stop" "$cage_pid" >"$OUT/stop.log" 2>&1
stop_rc=$?; ms=$(( ($(date +%s%N) - start) / 1000000 ))
wait "$cage_job"; cage_rc=$?
check "ExecStop ends trips, then cage ends by itself ($ms ms, stop code $stop_rc)" '[ "$stop_rc" = 0 ] && ! kill -0 "$cage_pid" 2>/dev/null && at_most "$ms" 2000'
check "cage exits 0, no abort (code $cage_rc)" '[ "$cage_rc" = 0 ]'
check "STOPPING=1 reached the notify socket" 'grep -q " STOPPING=1$" "$OUT/notify.log"'
# (The headless backend's own complaints while it runs are no part of the stop.)
tail -n +$((running + 1)) "$OUT/journal.log" >"$OUT/journal-stop.log"
check "the journal of a planned stop holds no alarming line ($(wc -l <"$OUT/journal-stop.log") lines)" \
    '! grep -q -i -e assert -e abort -e "connection was lost" -e "\[ERROR\]" "$OUT/journal-stop.log"'
[ -n "$trips_pid" ] && check "trips (pid $trips_pid) is gone" '! kill -0 "$trips_pid" 2>/dev/null'

echo "kiosk-unit screenshot: $OUT/kiosk-unit.png"
e2e_end
