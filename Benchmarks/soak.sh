#!/usr/bin/env bash
# Soak: random gestures replayed as fast as the app goes, with the
# trips process's RSS (/proc/PID/status VmRSS) and open file descriptors
# (/proc/PID/fd) sampled while it runs. Targets: RSS growth under 5 MiB from
# start to end, no fd growth.
#   1. headless (SDL's offscreen driver): two virtual hours, 300,000 events,
#      a frame drawn and written as PNG at every `state` (every 10,000 events);
#   2. in a window on Xvfb, software renderer: 5 virtual minutes, every frame
#      drawn and presented;
#   3. the attract loop on Wayland (weston, software frames through wl_shm),
#      30 real minutes at a slide a second: RSS, fds, wl_shm buffers, children;
#   4. once under valgrind's memcheck (--leak-check=full), a shorter headless
#      script with frames drawn: "definitely lost" blocks, split into ours
#      (allocated by our code) and the libraries'.
# The gestures are the fuzz's generator's (TestSupport's FuzzGenerator,
# through the gen-gestures executable built beside trips) with --tame: no
# moves to extreme coordinates, which are the fuzz's job.
# Usage: Benchmarks/soak.sh [path/to/trips]  (gen-gestures from the same folder)
# Knobs: SOAK_SEED, SOAK_EVENTS, SOAK_HOURS, SOAK_WINDOW_MINUTES (0 skips),
# SOAK_ATTRACT_MINUTES (0 skips), SOAK_VALGRIND_EVENTS (0 skips).
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
VG_EVENTS=${SOAK_VALGRIND_EVENTS:-20000}
ATTRACT_MINUTES=${SOAK_ATTRACT_MINUTES:-30}
TRIPS_JSON=$PWD/Assets/trips.json
export XDG_STATE_HOME="$OUT/state"

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
            all = (r[NR] - r[first]) / 1024; late = (r[NR] - r[k[3]]) / 1024
            printf "  RSS growth start to end: %+.2f MiB (target < 5): %s; from 25%% to end %+.2f MiB\n",
                all, all < 5 ? "ok" : "OVER", late
            a = usual(first, k[3]); b = usual(k[5], NR)
            printf "  open fds, usual count in the first and last quarter: %d -> %d (target: no growth): %s\n", a, b, b <= a ? "ok" : "GREW"
        }' "$samples"
}

echo "soak: $TRIPS, seed $SEED, output in $OUT"
script "$OUT/soak.txt" "$EVENTS" "$HOURS" 10000
soak "headless, $HOURS virtual h, $EVENTS events" "$OUT/soak.txt" 900 SDL_VIDEODRIVER=offscreen --

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
    env -u DISPLAY WAYLAND_DISPLAY="$WL_SOCKET" "$TRIPS" --kiosk --idle 2 --slide 1 --trips "$TRIPS_JSON" 2>"$OUT/attract.err" &
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
    echo "attract loop on weston (wl_shm), $ATTRACT_MINUTES min at a slide a second: $(wc -l <"$OUT/attract.samples") samples, log lines: $(grep -vc '^swift-runtime' "$OUT/attract.err")"
    awk '{ t[NR] = $1; r[NR] = $2; f[NR] = $3; b[NR] = $4; k[NR] = $5 }
        END {
            printf "  %-6s %7s %9s %5s %12s %9s\n", "sample", "s", "RSS MiB", "fds", "shm buffers", "children"
            n = split("start 25% 50% 75% end", names, " "); split("0 0.25 0.5 0.75 1", at, " ")
            for (i = 1; i <= n; i++) { j = 1 + int((NR - 1) * at[i]); q[i] = j
                printf "  %-6s %7d %9.1f %5d %12d %9d\n", names[i], t[j], r[j] / 1024, f[j], b[j], k[j] }
            g = (r[NR] - r[q[2]]) / 1024
            printf "  RSS from 25%% to end: %+.2f MiB (target < 5): %s; fds %d -> %d, shm buffers %d -> %d (target: flat): %s\n",
                g, g < 5 ? "ok" : "OVER", f[q[2]], f[NR], b[q[2]], b[NR], (f[NR] <= f[q[2]] && b[NR] <= b[q[2]]) ? "ok" : "GREW"
        }' "$OUT/attract.samples"
fi

if [ "$VG_EVENTS" != 0 ]; then
    echo
    if need valgrind valgrind; then
        script "$OUT/valgrind.txt" "$VG_EVENTS" "$(awk -v e="$VG_EVENTS" 'BEGIN { print e / 300000 * 2 }')" 2000
        s=$(date +%s)
        timeout 1200 env SDL_VIDEODRIVER=offscreen valgrind --leak-check=full --num-callers=40 --log-file="$OUT/valgrind.log" \
            "$TRIPS" --replay "$OUT/valgrind.txt" --trips "$TRIPS_JSON" >"$OUT/valgrind.out" 2>"$OUT/valgrind.err"
        rc=$?
        echo "valgrind memcheck, headless, $VG_EVENTS events, $(grep -c '"screen"' "$OUT/valgrind.out") frames drawn: exit $rc, $(( $(date +%s) - s )) s"
        python3 - "$OUT/valgrind.log" "$TRIPS" <<'PY'
import re, sys
log, trips = sys.argv[1], sys.argv[2]
allocators = re.compile(r": (malloc|calloc|realloc|strdup|strndup|memalign|posix_memalign|operator new|swift_slowAlloc|swift_allocObject|swift_allocBox)\b")
records, current = [], None
for line in open(log, errors="replace"):
    line = re.sub(r"^==\d+== ?", "", line.rstrip("\n"))
    m = re.match(r"([\d,]+) (?:\([\d,]+ direct, [\d,]+ indirect\) )?bytes in ([\d,]+) blocks are (definitely|possibly) lost", line)
    if m:
        current = {"bytes": int(m.group(1).replace(",", "")), "blocks": int(m.group(2).replace(",", "")), "kind": m.group(3), "frames": []}
        records.append(current)
    elif current is not None and re.match(r"\s+(at|by) 0x", line):
        current["frames"].append(line.strip())
    elif not line.strip():
        current = None
def ours(frame):
    # Our modules are linked into the trips executable: its mangled names
    # start with $s and the module's name, and its frames name our sources.
    return ("(in %s)" % trips in frame or re.search(r"\$s(8Platform|8TripsKit|8Gestures|6Motion|5trips)", frame) is not None)
def short(frame):
    return re.sub(r"^(at|by) 0x[0-9A-F]+: ", "", frame)[:110]
summary = {k: re.search(r"%s lost: ([\d,]+) bytes in ([\d,]+) blocks" % k, open(log, errors="replace").read()) for k in ("definitely", "indirectly", "possibly")}
for k, m in summary.items():
    print("  %-10s lost: %s bytes in %s blocks" % (k, m.group(1) if m else "?", m.group(2) if m else "?"))
mine = 0
for r in sorted(records, key=lambda r: -r["bytes"]):
    if r["kind"] != "definitely":
        continue
    inner = next((f for f in r["frames"] if not allocators.search(f) and not re.search(r": (strdup|strndup) ", f)), "?")
    caller = next((f for f in r["frames"] if ours(f)), None)
    is_ours = ours(inner)
    mine += r["bytes"] if is_ours else 0
    where = short(inner)
    if "???" in inner:  # a library unloaded before exit (the GL driver): name the first one known
        named = next((f for f in r["frames"] if "(in " in f and "vgpreload" not in f), None)
        where = "??? (no symbols), inside %s" % (re.search(r"\(in ([^)]*)\)", named).group(1).split("/")[-1] if named else "?")
    print("  %7d bytes in %4d blocks, %s: %s" % (r["bytes"], r["blocks"], "OURS" if is_ours else "library", where))
    if not is_ours and caller:
        print("  %27s reached from %s" % ("", short(caller)))
print("  definitely lost in our code: %d bytes (target: none)" % mine)
PY
    else
        echo "valgrind: not installed and apt-get failed; skipped"
    fi
fi
