#!/usr/bin/env bash
# Soak: random gestures replayed as fast as the app goes, with the
# trips process's RSS (/proc/PID/status VmRSS) and open file descriptors
# (/proc/PID/fd) sampled while it runs. Targets: RSS growth under 5 MiB over
# the run, judged on the whole series (Tests/soak/judge.py: the trend
# of each window's floor, so a sample taken during a decode is no leak),
# no fd growth.
#   1. headless (SDL's offscreen driver): two virtual hours, 300,000 events,
#      a frame drawn and written as PNG at every `state` (every 10,000 events);
#   2. in a window on Xvfb, software renderer: 5 virtual minutes, every frame
#      drawn and presented;
#   3. the attract loop on Wayland (weston, software frames through wl_shm),
#      30 real minutes at a slide a second, on a library that moves (photos,
#      a clip played through, a long clip's first 10 s, an animated GIF):
#      RSS, fds, wl_shm buffers, children;
#   4. once built with AddressSanitizer (`make sanitize`'s build,
#      Tests/sanitize/lib.sh), a shorter headless script with frames drawn:
#      LeakSanitizer's report at exit, the app's and its decode workers',
#      any leak not in Tests/sanitize/leaks.supp fails.
# The gestures are the fuzz's generator's (TestSupport's FuzzGenerator,
# through the gen-gestures executable built beside trips) with --tame: no
# moves to extreme coordinates, which are the fuzz's job.
# Usage: Benchmarks/soak.sh [path/to/trips]  (gen-gestures from the same folder)
# Knobs: SOAK_SEED, SOAK_EVENTS (0 skips), SOAK_HOURS, SOAK_WINDOW_MINUTES (0 skips),
# SOAK_ATTRACT_MINUTES (0 skips), SOAK_LEAK_EVENTS (0 skips).
# Exit status: 0 when every part met its targets.
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
GEN_GESTURES=$(dirname "$TRIPS")/gen-gestures
[ -x "$GEN_GESTURES" ] || { echo "soak: no $GEN_GESTURES; build it with: swift build -c release --product gen-gestures"; exit 2; }
. Tests/e2e/lib.sh
e2e_begin trips-soak
SEED=${SOAK_SEED:-20261129}
EVENTS=${SOAK_EVENTS:-300000}
HOURS=${SOAK_HOURS:-2}
WINDOW_MINUTES=${SOAK_WINDOW_MINUTES:-5}
LEAK_EVENTS=${SOAK_LEAK_EVENTS:-20000}
ATTRACT_MINUTES=${SOAK_ATTRACT_MINUTES:-30}
TRIPS_JSON=$PWD/Assets/trips.json
export XDG_STATE_HOME="$OUT/state"
SOAK_FAILED=0
# judge SAMPLES TIME_COLUMN RSS_COLUMN [OPTIONS]: the RSS trend's line; a trend over target fails the soak.
judge() { Tests/soak/judge.py "$@" || SOAK_FAILED=1; }

# need COMMAND PACKAGE: installs Debian's PACKAGE when COMMAND is missing.
need() {
    command -v "$1" >/dev/null && return 0
    echo "soak: installing $2"
    local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2"; } >/dev/null 2>&1
    command -v "$1" >/dev/null
}
need python3 python3 || { echo "soak: no python3"; exit 1; }

# warmup PNG: a script's first 25 s: every trip opened, zoomed and closed
# with the keyboard, and the playground shown, a frame drawn at each, so
# every photo texture (thumbnail and full size) is loaded before the soak
# measures; ends with the first `state`.
warmup() {
    local t=0 i
    echo "size 1280 800"
    echo "at 0 key Right"
    for i in 0 1 2 3 4 5 6 7; do
        echo "at $((t + 100)) key Return"; echo "at $((t + 900)) shot $1"
        echo "at $((t + 950)) key +"; echo "at $((t + 1000)) key +"; echo "at $((t + 1600)) shot $1"
        echo "at $((t + 1650)) key 0"; echo "at $((t + 1700)) key Escape"; echo "at $((t + 2500)) shot $1"
        echo "at $((t + 2550)) key Right"
        t=$((t + 2600))
    done
    echo "at $((t + 100)) down 1 840 36"; echo "at $((t + 160)) up 1"; echo "at $((t + 1000)) shot $1"
    echo "at $((t + 1100)) key Escape"; echo "at $((t + 2000)) shot $1"
    echo "at $((t + 2100)) state"
}
WARMUP_MS=25000

# script FILE EVENTS HOURS EVERY: the warm-up, then the generator's script
# (25 s later), with a frame drawn (`shot`) at every state.
script() {
    warmup "$OUT/frame.png" >"$1"
    "$GEN_GESTURES" "$SEED" "$2" "$3" "$4" --tame |
        awk -v png="$OUT/frame.png" -v w="$WARMUP_MS" '
            $1 == "at" { $2 += w; print; if ($3 == "state") print "at " $2 " shot " png }' >>"$1"
}

# soak LABEL SCRIPT LIMIT_S [ENV...] -- [ARGS...]: runs trips on SCRIPT in
# the background, samples it every 50 ms until it ends (at most LIMIT_S
# seconds), then prints rows from the first sample after the first snapshot
# (the end of the warm-up: every photo drawn small, big and zoomed) to the
# last. Open fds are compared as the most common count in the first and the
# last quarter (a frame being written as PNG holds one more for a moment).
soak() {
    local label=$1 script=$2 limit=$3; shift 3
    local envs=() args=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    args=("$@")
    local out="$OUT/$label.out" samples="$OUT/$label.samples" start now rss fds t snaps
    : >"$samples"
    start=$(date +%s%N)
    env "${envs[@]}" "$TRIPS" --replay "$script" --trips "$TRIPS_JSON" "${args[@]}" >"$out" 2>"$OUT/$label.err" &
    local pid=$!; track "$pid"
    while :; do
        # A finished child stays a zombie until waited for: no VmRSS then.
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
        [ -n "$rss" ] || break
        fds=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
        t=$(tail -n 2 "$out" 2>/dev/null | grep -o '^{"t": [0-9]*' | tail -1 | tr -dc 0-9)
        snaps=$(grep -c '"screen"' "$out")
        now=$(date +%s%N)
        echo "$(( (now - start) / 1000000 )) ${t:-0} $rss $fds $snaps" >>"$samples"
        if [ $(( (now - start) / 1000000000 )) -ge "$limit" ]; then
            echo "soak: $label still running after $limit s: stopped"; stop "$pid"; break
        fi
        sleep 0.05
    done
    wait "$pid" 2>/dev/null; local rc=$?
    local states; states=$(grep -c '"screen"' "$out")
    echo
    echo "$label: exit $rc, $states snapshots, $(wc -l <"$samples") samples; virtual time $(tail -1 "$script" | awk '{ printf "%.2f h", $2 / 3600000 }'), wall $(tail -1 "$samples" | awk '{ printf "%.1f s", $1 / 1000 }')"
    [ "$rc" = 0 ] || { echo "  trips failed:"; grep -v '^swift-runtime' "$OUT/$label.err" | head -5 | sed 's/^/    /'; }
    awk '
        # The most common fd count among samples a..b.
        function usual(a, b,   k, c, best) {
            split("", c); best = -1
            for (k = a; k <= b; k++) { c[f[k]]++; if (best < 0 || c[f[k]] > c[best]) best = f[k] }
            return best
        }
        { w[NR] = $1; t[NR] = $2; r[NR] = $3; f[NR] = $4; if ($3 > peak) { peak = $3; pw = $1; pt = $2 }
          if (!first && $5 > 0) first = NR }
        END {
            if (!first) first = 1
            printf "  %-8s %9s %12s %10s %5s\n", "sample", "wall s", "virtual s", "RSS MiB", "fds"
            n = split("start 10% 25% 50% 75% end", names, " "); split("0 0.1 0.25 0.5 0.75 1", at, " ")
            for (i = 1; i <= n; i++) {
                k[i] = first + int((NR - first) * at[i])
                printf "  %-8s %9.2f %12.1f %10.1f %5d\n", names[i], w[k[i]] / 1000, t[k[i]] / 1000, r[k[i]] / 1024, f[k[i]]
            }
            printf "  %-8s %9.2f %12.1f %10.1f\n", "peak", pw / 1000, pt / 1000, peak / 1024
            a = usual(first, k[3]); b = usual(k[5], NR)
            printf "  open fds, usual count in the first and last quarter: %d -> %d (target: no growth): %s\n", a, b, b <= a ? "ok" : "GREW"
            exit (b > a)
        }' "$samples" || SOAK_FAILED=1
    # From the first sample after the warm-up (the first snapshot).
    judge "$samples" 1 3 --from "$(awk '$5 > 0 { print NR; exit }' "$samples")"
}

echo "soak: $TRIPS, seed $SEED, output in $OUT"
if [ "$EVENTS" != 0 ]; then
    script "$OUT/soak.txt" "$EVENTS" "$HOURS" 10000
    soak "headless, $HOURS virtual h, $EVENTS events" "$OUT/soak.txt" 900 SDL_VIDEODRIVER=offscreen --
fi

if [ "$WINDOW_MINUTES" != 0 ] && start_xvfb 1280x800 >/dev/null; then
    # About 40 events a virtual second, as in the headless run; every frame drawn.
    script "$OUT/window.txt" $(( WINDOW_MINUTES * 60 * 40 )) "$(awk -v m="$WINDOW_MINUTES" 'BEGIN { print m / 60 }')" 2000
    soak "window (Xvfb, software renderer), $WINDOW_MINUTES virtual min" "$OUT/window.txt" 900 DISPLAY="$X_DISPLAY" -- --window --renderer software
fi

# The attract loop on Wayland (weston nested on the Xvfb above, software
# frames through wl_shm) for ATTRACT_MINUTES of real time at a slide a
# second: RSS, open fds, the wl_shm buffers it maps (memfds named
# trips-wl_shm) and its child processes, sampled every 5 s.
if [ "$ATTRACT_MINUTES" != 0 ] && { [ -n "${X_DISPLAY:-}" ] || start_xvfb 1280x800 >/dev/null; } && start_weston 1280x800 >/dev/null; then
    echo
    # A library that moves: photos, a 4 s clip (its slide plays it through),
    # a 40 s one (its first 10 s) and an animated GIF, made here.
    moving="$OUT/attract-library/2024-05-12 Lisbon"; mkdir -p "$moving"
    cp Assets/photos/dune.jpg Assets/photos/storm.jpg Assets/photos/garden.jpg Assets/photos/aqua.jpg "$moving/"
    ffmpeg -loglevel error -f lavfi -i testsrc2=s=1280x720:r=30:d=4 -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$moving/short.mp4"
    ffmpeg -loglevel error -f lavfi -i testsrc2=s=1280x720:r=30:d=40 -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$moving/long.mp4"
    convert -delay 10 -size 320x240 xc:red xc:blue xc:green -loop 0 "$moving/spin.gif"
    env -u DISPLAY WAYLAND_DISPLAY="$WL_SOCKET" "$TRIPS" --kiosk --idle 2 --slide 1 --photos "$OUT/attract-library" 2>"$OUT/attract.err" &
    pid=$!; track "$pid"
    : >"$OUT/attract.samples"
    for i in $(seq 0 $(( ATTRACT_MINUTES * 12 ))); do
        [ "$i" = 0 ] || sleep 5
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null); [ -n "$rss" ] || break
        fds=$(ls "/proc/$pid/fd" | wc -l)
        shm=$(for f in /proc/$pid/fd/*; do readlink "$f"; done 2>/dev/null | grep -c 'memfd:trips-wl_shm')
        kids=$(ps --ppid "$pid" --no-headers | wc -l)
        echo "$((i * 5)) $rss $fds $shm $kids" >>"$OUT/attract.samples"
    done
    stop "$pid"
    echo "attract loop with clips on weston (wl_shm), $ATTRACT_MINUTES min at a slide a second: $(wc -l <"$OUT/attract.samples") samples, log lines: $(grep -vc '^swift-runtime' "$OUT/attract.err")"
    awk '{ t[NR] = $1; r[NR] = $2; f[NR] = $3; b[NR] = $4; k[NR] = $5 }
        END {
            printf "  %-6s %7s %9s %5s %12s %9s\n", "sample", "s", "RSS MiB", "fds", "shm buffers", "children"
            n = split("start 25% 50% 75% end", names, " "); split("0 0.25 0.5 0.75 1", at, " ")
            for (i = 1; i <= n; i++) { j = 1 + int((NR - 1) * at[i]); q[i] = j
                printf "  %-6s %7d %9.1f %5d %12d %9d\n", names[i], t[j], r[j] / 1024, f[j], b[j], k[j] }
            printf "  fds %d -> %d, shm buffers %d -> %d from 25%% to end (target: flat): %s\n",
                f[q[2]], f[NR], b[q[2]], b[NR], (f[NR] <= f[q[2]] && b[NR] <= b[q[2]]) ? "ok" : "GREW"
            exit !(f[NR] <= f[q[2]] && b[NR] <= b[q[2]])
        }' "$OUT/attract.samples" || SOAK_FAILED=1
    # From the first quarter's end: the first slides' decodes fill the caches before.
    judge "$OUT/attract.samples" 1 2 --from "$(awk 'END { print 1 + int((NR - 1) / 4) }' "$OUT/attract.samples")"
fi

# LeakSanitizer: the sanitize build (built here if `make sanitize` has not)
# on a shorter headless script, every report to a folder (the app's and its
# decode workers'); any leak not suppressed fails.
if [ "$LEAK_EVENTS" != 0 ]; then
    echo
    . Tests/sanitize/lib.sh
    if ASAN_TRIPS=$(sanitized_trips address 2>"$OUT/asan-build.log"); then
        script "$OUT/leaks.txt" "$LEAK_EVENTS" "$(awk -v e="$LEAK_EVENTS" 'BEGIN { print e / 300000 * 2 }')" 2000
        sanitizer_env address "$OUT/leak-reports"
        s=$(date +%s)
        timeout 1200 env SDL_VIDEODRIVER=offscreen "$ASAN_TRIPS" --replay "$OUT/leaks.txt" --trips "$TRIPS_JSON" >"$OUT/leaks.out" 2>"$OUT/leaks.err"
        rc=$?
        echo "LeakSanitizer, headless, $LEAK_EVENTS events, $(grep -c '"screen"' "$OUT/leaks.out") frames drawn: exit $rc, $(( $(date +%s) - s )) s"
        if sanitizer_reports "$OUT/leak-reports" && [ "$rc" = 0 ]; then
            echo "  no leak and no memory error (suppressed: Tests/sanitize/leaks.supp's third-party one-offs): ok"
        else
            echo "  leaks or errors above (reports in $OUT/leak-reports): FAILED"; SOAK_FAILED=1
        fi
    else
        echo "LeakSanitizer: the AddressSanitizer build failed ($OUT/asan-build.log): FAILED"; SOAK_FAILED=1
    fi
fi
exit "$SOAK_FAILED"
