#!/usr/bin/env bash
# The attract loop's cost: what an idle kiosk spends all day. trips --kiosk
# --idle 2 on a library of 60 camera-like 12 MP JPEGs in 5 folders (the
# peers' photos, Tests/e2e/lib.sh's camera_photos), and after the attract
# loop has started, the CPU of the main process and of its decode workers
# over ATTRACT_SECONDS (30), as % of one core (/proc/PID/stat utime+stime),
# and the main process's resident memory at the end (VmRSS) and at its
# highest (VmHWM).
# Rows: X11 (Xvfb) with the software renderer at 1280x800, 1920x1080 and
# 3840x2160 (issue #35's budget: 4K at most 25% of a core with pan-and-zoom,
# 5% with --reduce-motion, 1920x1080 at most 8%, RSS at 4K at most 300 MiB),
# each with and without --reduce-motion; at 1280x800 also the OpenGL
# renderer, and Wayland (weston nested on the same Xvfb) with the software
# renderer through wl_shm; side by side in this one run.
# ATTRACT_BEFORE=path/to/another/trips adds its rows, each measured right
# after the same row of the binary under test (a change's effect on a
# machine whose load drifts). ATTRACT_SIZES="1280x800 3840x2160" picks sizes.
# Usage: Benchmarks/attract.sh [path/to/trips]
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
. Tests/e2e/lib.sh
e2e_begin trips-attract
SECONDS_MEASURED=${ATTRACT_SECONDS:-30}
CAMERAS=${PEERS_PHOTOS:-/tmp/trips-peers-photos-1}
camera_photos "$CAMERAS"
LIB="$OUT/library"
python3 - "$CAMERAS" "$LIB" <<'PY'
import glob, os, sys
cameras, lib = sorted(glob.glob(os.path.join(sys.argv[1], "camera-*.jpg"))), sys.argv[2]
for k in range(60):
    folder = os.path.join(lib, ["Lisbon", "Kyoto", "Bergen", "Cusco", "Hobart"][k // 12])
    os.makedirs(folder, exist_ok=True)
    os.link(cameras[k % len(cameras)], os.path.join(folder, "IMG_%02d.jpg" % k))
PY
export XDG_STATE_HOME="$OUT/state"

# ticks PID: utime+stime of PID, and of its descendants, in clock ticks.
ticks() {
    python3 - "$1" <<'PY'
import os, sys
root = int(sys.argv[1])
stat = {}
for p in os.listdir("/proc"):
    if p.isdigit():
        try:
            f = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
            stat[int(p)] = (int(f[1]), int(f[11]) + int(f[12]))  # ppid, utime+stime
        except OSError:
            pass
def descendants(pid):
    kids = [p for p, (pp, _) in stat.items() if pp == pid]
    return kids + [d for k in kids for d in descendants(k)]
print(stat.get(root, (0, 0))[1], sum(stat[p][1] for p in descendants(root)))
PY
}

hz=$(getconf CLK_TCK)
# row LABEL BINARY ENV ARGS...: one measured run.
row() {
    local label=$1 bin=$2 env=$3 pid a b rss; shift 3
    # --scale 1: the rows measure 1x at each size, as they did before Trips chose a TV's scale itself.
    env $env "$bin" --kiosk --scale 1 --idle 2 --photos "$LIB" "$@" >/dev/null 2>"$OUT/$label.err" &
    pid=$!; track "$pid"
    sleep 5 # two seconds to idle, the attract loop started and its first photos decoded
    a=$(ticks "$pid"); sleep "$SECONDS_MEASURED"; b=$(ticks "$pid")
    rss=$(awk '/^VmRSS|^VmHWM/ { printf "%s ", int($2 / 1024) }' "/proc/$pid/status" 2>/dev/null)
    stop "$pid"
    set -- $a $b $rss
    awk -v l="$label" -v m=$(($3 - $1)) -v w=$(($4 - $2)) -v s="$SECONDS_MEASURED" -v hz="$hz" -v hwm="${5:-0}" -v rss="${6:-0}" \
        'BEGIN { printf "attract: %-44s main %5.1f%%  workers %5.1f%% of a core  RSS %4d MiB (highest %4d)\n", l, 100 * m / hz / s, 100 * w / hz / s, rss, hwm }'
}
# rows LABEL ENV ARGS...: the row for the binary under test, then for the one before.
rows() {
    local label=$1 env=$2; shift 2
    row "$label" "$TRIPS" "$env" "$@"
    [ -n "${ATTRACT_BEFORE:-}" ] && row "$label (before)" "$(realpath "$ATTRACT_BEFORE")" "$env" "$@"
}
echo "attract: $TRIPS, 60 photos of 4000x3000 in 5 folders, ${SECONDS_MEASURED} s after the loop starts, machine load $(cut -d' ' -f1 /proc/loadavg)"
for size in ${ATTRACT_SIZES:-1280x800 1920x1080 3840x2160}; do
    start_xvfb "$size" >/dev/null
    x11="-u WAYLAND_DISPLAY DISPLAY=$X_DISPLAY"
    rows "x11 software $size" "$x11" --renderer software
    rows "x11 software $size reduce-motion" "$x11" --renderer software --reduce-motion
    if [ "$size" = 1280x800 ]; then
        rows "x11 opengl $size" "$x11" --renderer opengl
        rows "x11 opengl $size reduce-motion" "$x11" --renderer opengl --reduce-motion
        if start_weston 1280x800 >/dev/null; then
            wl="-u DISPLAY WAYLAND_DISPLAY=$WL_SOCKET"
            rows "wayland software $size" "$wl" --renderer software
            rows "wayland software $size reduce-motion" "$wl" --renderer software --reduce-motion
            stop "$WESTON_PID"
        fi
    fi
    stop "$XVFB_PID"
done
