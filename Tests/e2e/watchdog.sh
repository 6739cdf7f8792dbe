#!/usr/bin/env bash
# The kiosk unit's watchdog through the real protocol: a notify socket
# bound here as systemd binds one (notify-listener.py), the app on SDL's
# offscreen driver with NOTIFY_SOCKET and WATCHDOG_USEC set as a
# Type=notify unit with WatchdogSec= sets them. It must say READY=1 after
# its first frame, WATCHDOG=1 at half the watchdog's time, nothing while
# its frame loop is stalled (the test-only fault switch TRIPS_LOOP_FAULT,
# debug builds), and STOPPING=1 on SIGTERM, ending with 0 within a second.
# Usage: Tests/e2e/watchdog.sh [path/to/trips]   (a debug build)
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-watchdog "watchdog" "${1:-}"

# listen NAME: a notify socket $OUT/NAME.sock, its messages in $OUT/NAME.log.
listen() {
    Tests/e2e/notify-listener.py "$OUT/$1.sock" >"$OUT/$1.log" &
    track $!
    wait_for_file "$OUT/$1.log" 5 # its first line comes once the socket is bound
}
# times NAME MESSAGE: the seconds at which MESSAGE came, one a line.
times() { awk -v m="$2" '$2 == m { print $1 }' "$OUT/$1.log"; }

# A watchdog of 1 s: a ping every 0.5 s. The loop stalls 3 s after its
# first turn, for 3 s; SIGTERM comes 2.5 s after it turns again.
listen watchdog
NOTIFY_SOCKET="$OUT/watchdog.sock" WATCHDOG_USEC=1000000 TRIPS_LOOP_FAULT=stall=3:3 SDL_VIDEODRIVER=offscreen \
    "$TRIPS" --kiosk 2>"$OUT/watchdog.err" &
pid=$!; track "$pid"
sleep 8.5
start=$(date +%s%N); kill -TERM "$pid"; wait "$pid"; rc=$?; ms=$(( ($(date +%s%N) - start) / 1000000 ))
sleep 0.2
ready=$(times watchdog READY=1 | head -1)
check "READY=1 comes once, after the first frame (at ${ready:-never} s)" '[ -n "$ready" ] && [ "$(times watchdog READY=1 | wc -l)" = 1 ]'
# The gaps between pings: before the stall, across it, and after it.
gaps=$(times watchdog WATCHDOG=1 | awk 'NR > 1 { printf "%.2f\n", $1 - last } { last = $1 }')
before=$(awk -v r="${ready:-0}" '$2 == "WATCHDOG=1" && $1 > r && $1 < r + 2' "$OUT/watchdog.log" | wc -l)
check "WATCHDOG=1 every half second while the loop turns ($before in the 2 s after READY)" 'at_least "$before" 3 && at_most "$before" 5'
longest=$(sort -n <<<"$gaps" | tail -1)
usual=$(sort -n <<<"$gaps" | head -n -1 | tail -1)
check "no gap but the stall's exceeds 0.8 s (next longest $usual s)" 'at_most "$usual" 0.8'
check "the stalled loop sent no ping for 3 s (longest gap $longest s)" 'at_least "$longest" 2.9 && at_most "$longest" 3.8'
stall_end=$(times watchdog WATCHDOG=1 | awk 'NR > 1 && $1 - last > 2.9 { print $1 } { last = $1 }')
after=$(awk -v s="${stall_end:-999}" '$2 == "WATCHDOG=1" && $1 >= s' "$OUT/watchdog.log" | wc -l)
check "the pings come back when the loop turns again ($after after the stall)" 'at_least "$after" 3'
stopping=$(times watchdog STOPPING=1 | head -1)
check "SIGTERM: STOPPING=1 (at ${stopping:-never} s), the last message" '[ -n "$stopping" ] && [ "$(tail -1 "$OUT/watchdog.log" | cut -d" " -f2)" = STOPPING=1 ]'
check "SIGTERM: exit 0 within a second (code $rc, $ms ms)" '[ "$rc" = 0 ] && [ "$ms" -lt 1000 ]'
check "nothing on stderr" 'log_is_quiet "$OUT/watchdog.err"'

# A Type=notify unit without WatchdogSec=: ready and stopping, no pings.
listen plain
NOTIFY_SOCKET="$OUT/plain.sock" SDL_VIDEODRIVER=offscreen "$TRIPS" --kiosk 2>"$OUT/plain.err" &
pid=$!; track "$pid"
sleep 2
kill -TERM "$pid"; wait "$pid"; rc=$?
sleep 0.2
check "no WATCHDOG_USEC: READY=1 and STOPPING=1, no WATCHDOG=1 (code $rc)" \
    '[ "$rc" = 0 ] && grep -q " READY=1$" "$OUT/plain.log" && grep -q " STOPPING=1$" "$OUT/plain.log" && ! grep -q WATCHDOG "$OUT/plain.log"'

e2e_end
