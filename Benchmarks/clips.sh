#!/usr/bin/env bash
# Clip playback: a 12 s clip of a moving test pattern (ffmpeg's testsrc2)
# at 30 fps as 720p, 1080p and 4K H.264 and 1080p HEVC, each opened big in
# a window on Xvfb (software rendering, software decoding) and played for
# 10 s: the CPU of app plus workers in % of one core, the frames shown and
# those passed over (decoded too late to show: dropped), how late frames
# were drawn after their time (p50, p99), and the peak RSS (VmHWM) of the
# app and the frame worker. The 1080p clip plays on weston too. The target (issue #38): 1080p H.264 with no
# dropped frames under 35% of a core.
# Usage: Benchmarks/clips.sh [path/to/trips] [SIZES...]   (SIZES: 720p 1080p 4k hevc1080p)
# TRIPS_BEFORE=path/to/other/trips plays each clip with that build first
# (its lines say "before"), for a comparison in one session.
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
[ -n "${TRIPS_BEFORE:-}" ] && TRIPS_BEFORE=$(realpath "$TRIPS_BEFORE")
shift
SIZES=${*:-720p 1080p 4k hevc1080p}
. Tests/e2e/lib.sh
e2e_begin trips-clips
# The CPU ticks (user + system) of a process and its children that run now.
ticks() { { cat "/proc/$1/stat"; for c in $(pgrep -P "$1"); do cat "/proc/$c/stat" 2>/dev/null; done; } | awk '{s += $14 + $15} END {print s}'; }
# play SIZE ON [BUILD]: opens $OUT/SIZE.mp4 big on X11 (Xvfb) or weston
# (nested on Xvfb) with $TRIPS (or BUILD, "before": $TRIPS_BEFORE), plays it
# 10 s and prints the figures; a 1080p one past the target sets status to 1.
play() {
    local size=$1 on=$2 build=${3:-} display pid before after worker app cpu frames dropped trips=$TRIPS
    [ -n "$build" ] && trips=$TRIPS_BEFORE
    start_xvfb 1920x1080 >/dev/null || { echo "clips: Xvfb did not start"; exit 1; }
    display="-u WAYLAND_DISPLAY DISPLAY=$X_DISPLAY"
    if [ "$on" = weston ]; then
        start_weston 1920x1080 >/dev/null || { echo "clips: weston did not start"; exit 1; }
        display="-u DISPLAY WAYLAND_DISPLAY=$WL_SOCKET"
    fi
    env $display "$trips" --trips "$OUT/trips.json" --fullscreen 2>"$OUT/app-$size-$on.err" &
    pid=$!; track "$pid"
    shoot_until_drawn "$OUT/start-$size-$on.png"
    DISPLAY=$X_DISPLAY xdotool key Right Return
    sleep 0.5
    before=$(ticks "$pid")
    sleep 10
    after=$(ticks "$pid")
    worker=$(pgrep -P "$pid" | while read -r c; do awk -v c="$c" '/VmHWM/ {print int($2 / 1024), c}' "/proc/$c/status"; done | sort -n | tail -1 | cut -d' ' -f1)
    DISPLAY=$X_DISPLAY import -window root "$OUT/playing-$size-$on.png"
    DISPLAY=$X_DISPLAY xdotool key Escape; sleep 1
    app=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$pid/status")
    stop "$pid"; [ "$on" = weston ] && stop "$WESTON_PID"; stop "$XVFB_PID"
    cpu=$(( (after - before) * 100 / $(getconf CLK_TCK) / 10 ))
    frames=$(grep -o "[0-9]* frames shown, [0-9]* passed over.*" "$OUT/app-$size-$on.err" | tail -1)
    echo "clips: ${build:+$build: }$size 30 fps on $on, 10 s played: app + workers ${cpu}% of a core; ${frames:-no frames logged}; peak RSS: app $app MiB, largest worker ${worker:-?} MiB"
    if [ "$size" = 1080p ] && [ -z "$build" ]; then
        dropped=$(echo "$frames" | awk '{print $4}')
        [ "$cpu" -le 35 ] && [ "${dropped:-1}" = 0 ] || status=1
    fi
}

status=0
for size in $SIZES; do
    case $size in
        720p) s=1280x720; codec=(-c:v libx264 -preset veryfast) ;;
        1080p) s=1920x1080; codec=(-c:v libx264 -preset veryfast) ;;
        4k) s=3840x2160; codec=(-c:v libx264 -preset ultrafast) ;;
        hevc1080p) s=1920x1080; codec=(-c:v libx265 -preset ultrafast -tag:v hvc1 -x265-params log-level=error) ;;
        *) echo "clips: unknown size $size"; exit 2 ;;
    esac
    clip="$OUT/$size.mp4"
    ffmpeg -y -loglevel error -f lavfi -i "testsrc2=s=$s:r=30:d=12" "${codec[@]}" -pix_fmt yuv420p "$clip" || { echo "clips: ffmpeg failed"; exit 1; }
    echo "{ \"trips\": [ { \"id\": \"clip\", \"city\": \"Clip\", \"nights\": 1, \"photo\": \"$size.mp4\" } ] }" >"$OUT/trips.json"
    if [ -n "${TRIPS_BEFORE:-}" ]; then
        play "$size" x11 before
        [ "$size" = 1080p ] && play "$size" weston before
    fi
    play "$size" x11
    # The issue's live check: the 1080p clip again as a Wayland client of weston (nested on Xvfb).
    [ "$size" = 1080p ] && play "$size" weston
done
exit $status
