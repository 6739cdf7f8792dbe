#!/usr/bin/env bash
# Frame-time benchmark: the scripted session (Benchmarks/session.txt) replayed
# in a real window on Xvfb, with the software and the OpenGL renderer, and on
# weston nested on it (software: what a machine without a GPU gets, through
# wl_shm and through SDL's OpenGL upload), three runs each, side by side in
# this one run. Prints per-frame CPU time p50/p99,
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
