#!/usr/bin/env bash
# Frame-time benchmark: the scripted session (Benchmarks/session.txt) replayed
# in a real window on Xvfb, with the software and the OpenGL renderer, and on
# weston nested on it (software: what a machine without a GPU gets, through
# wl_shm and through SDL's OpenGL upload), three runs each, side by side in
# this one run. Then a live session on weston with the input module
# (Tests/e2e/weston-input.c): touch drags, a tap, a touchpad pinch and a
# two-finger fling, with the app's touchpad binding active (wayland-touchpad)
# and with the module offering no pointer gestures (wayland-live, as weston
# 10 ships), alternating. Prints per-frame CPU time p50/p99,
# input-to-present latency and peak RSS as reported by the app.
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
. Tests/e2e/lib.sh
e2e_begin trips-bench
start_xvfb 1280x800 >/dev/null
echo "session: $TRIPS, 1280x800, Xvfb"
weston=; start_weston 1280x800 >/dev/null && weston=1
for run in 1 2 3; do
    for renderer in software opengl; do
        env -u WAYLAND_DISPLAY DISPLAY=$X_DISPLAY TRIPS_BENCH=1 "$TRIPS" --replay Benchmarks/session.txt --window --renderer "$renderer" \
            2>&1 >/dev/null | grep '^bench:' | sed "s/^bench:/session run $run: x11/"
    done
    # Software on weston both ways: through wl_shm (ShmPresenter, the
    # default) and through SDL's own OpenGL upload (TRIPS_WL_SHM=0).
    if [ -n "$weston" ]; then
        for shm in 1 0; do
            label=wayland-shm; [ "$shm" = 0 ] && label=wayland-egl
            env -u DISPLAY WAYLAND_DISPLAY="$WL_SOCKET" TRIPS_WL_SHM=$shm TRIPS_BENCH=1 "$TRIPS" --replay Benchmarks/session.txt \
                --window --renderer software 2>&1 >/dev/null | grep '^bench:' | sed "s/^bench:/session run $run: $label/"
        done
    fi
done

# The live session: SIGTERM ends it and the app prints its frame figures.
PLUGIN="$OUT/weston-input.so"
build_weston_input "$PLUGIN" || { echo "session: the weston input module did not build"; head -5 "$OUT/plugin.log"; exit 1; }
drag() { echo "down 0 $1 $2"; echo frame; for i in 1 2 3 4 5 6; do echo "wait 16"; echo "move 0 $(($1 + $3 * i / 6)) $2"; echo frame; done
         echo "wait 16"; echo "up 0"; echo frame; }
tap() { printf 'down 0 %s %s\nframe\nwait 60\nup 0\nframe\n' "$1" "$2"; }
pinch() { echo "pointer 300 200"; echo "wait 16"; echo "pinch begin"
          for i in $(seq 20); do echo "wait 16"; echo "pinch $(awk -v i="$i" 'BEGIN { print 1 + 1.5 * i / 20 }') 0"; done
          echo "wait 16"; echo "pinch end"; }
fling() { echo "pointer 300 700"; for i in $(seq 10); do echo "wait 16"; echo "hscroll 80"; done; echo "scroll stop"; }
marks=0
# play SECONDS SCRIPT...: weston plays what SCRIPT prints, then the loop has SECONDS to settle.
play() {
    local settle=$1 i; shift
    marks=$((marks + 1))
    { "$@"; echo "mark m$marks"; } >"$FIFO"
    for i in $(seq 300); do grep -qs "weston-input: mark m$marks\$" "$LIVE_LOG" && break; sleep 0.05; done
    sleep "$settle"
}
live_session() { # LABEL RUN [weston's environment...]
    local label=$1 run=$2 weston_pid trips_pid socket="trips-bench-live-$$-$1-$2" i
    shift 2
    FIFO="$OUT/input-$label-$run.fifo"; LIVE_LOG="$OUT/weston-$label-$run.log"
    mkfifo "$FIFO"
    env DISPLAY=$X_DISPLAY TRIPS_INPUT_FIFO="$FIFO" "$@" weston --backend=x11-backend.so --shell=kiosk-shell.so --use-pixman \
        --width=1280 --height=800 --socket="$socket" --idle-time=0 --modules="$PLUGIN" >"$LIVE_LOG" 2>&1 &
    weston_pid=$!; track "$weston_pid"
    for i in $(seq 200); do grep -qs "weston-input: playing" "$LIVE_LOG" && break; sleep 0.05; done
    env -u DISPLAY WAYLAND_DISPLAY="$socket" TRIPS_BENCH=1 "$TRIPS" --renderer software 2>"$OUT/live-$label-$run.err" >/dev/null &
    trips_pid=$!; track "$trips_pid"
    sleep 3
    play 1.2 drag 700 700 -280; play 1.2 drag 700 700 300; play 1.2 tap 300 700
    play 1 pinch; play 1.2 tap 400 300; play 2 fling; play 1.2 drag 700 700 -280
    stop "$trips_pid"; wait "$trips_pid" 2>/dev/null
    stop "$weston_pid"
    grep '^bench:' "$OUT/live-$label-$run.err" | sed "s/^bench:/session run $run: $label/"
}
for run in 1 2 3; do
    live_session wayland-touchpad "$run"
    live_session wayland-live "$run" TRIPS_INPUT_NO_GESTURES=1
done
