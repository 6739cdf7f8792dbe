#!/usr/bin/env bash
# The attract loop's cost: what an idle kiosk spends all day. trips --kiosk
# --idle 2 on a library of 60 camera-like 12 MP JPEGs in 5 folders (the
# peers' photos, Tests/e2e/lib.sh's camera_photos), and after the attract
# loop has started, the CPU of the main process and of its decode workers
# over ATTRACT_SECONDS (30), as % of one core (/proc/PID/stat utime+stime).
# Rows: X11 (Xvfb 1280x800) with the software and the OpenGL renderer, each
# with and without --reduce-motion, and Wayland (weston nested on the same
# Xvfb) with the software renderer through wl_shm; side by side in this one
# run. ATTRACT_BEFORE=path/to/another/trips adds its rows (a change's effect).
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

start_xvfb 1280x800 >/dev/null
weston=; start_weston 1280x800 >/dev/null && weston=1
hz=$(getconf CLK_TCK)
# row LABEL BINARY ENV ARGS...: one measured run.
row() {
    local label=$1 bin=$2 env=$3 pid a b; shift 3
    env $env "$bin" --kiosk --idle 2 --photos "$LIB" "$@" >/dev/null 2>"$OUT/$label.err" &
    pid=$!; track "$pid"
    sleep 5 # two seconds to idle, the attract loop started and its first photos decoded
    a=$(ticks "$pid"); sleep "$SECONDS_MEASURED"; b=$(ticks "$pid")
    stop "$pid"
    set -- $a $b
    awk -v l="$label" -v m=$(($3 - $1)) -v w=$(($4 - $2)) -v s="$SECONDS_MEASURED" -v hz="$hz" \
        'BEGIN { printf "attract: %-36s main %5.1f%%  workers %5.1f%% of a core\n", l, 100 * m / hz / s, 100 * w / hz / s }'
}
x11="-u WAYLAND_DISPLAY DISPLAY=$X_DISPLAY"
wl="-u DISPLAY WAYLAND_DISPLAY=${WL_SOCKET:-none}"
echo "attract: $TRIPS, 60 photos of 4000x3000 in 5 folders, ${SECONDS_MEASURED} s after the loop starts, machine load $(cut -d' ' -f1 /proc/loadavg)"
for bin in "$TRIPS" ${ATTRACT_BEFORE:+"$(realpath "$ATTRACT_BEFORE")"}; do
    tag=; [ "$bin" != "$TRIPS" ] && tag=" (before)"
    for renderer in software opengl; do
        row "x11 $renderer$tag" "$bin" "$x11" --renderer "$renderer"
        row "x11 $renderer reduce-motion$tag" "$bin" "$x11" --renderer "$renderer" --reduce-motion
    done
    if [ -n "$weston" ]; then
        row "wayland software$tag" "$bin" "$wl" --renderer software
        row "wayland software reduce-motion$tag" "$bin" "$wl" --renderer software --reduce-motion
    fi
done
