#!/usr/bin/env bash
# Clip playback: a 12 s clip of a moving test pattern (ffmpeg's testsrc2)
# at 30 fps as 720p, 1080p and 4K H.264 and 1080p HEVC, each opened big in
# a window on Xvfb (software rendering, software decoding) and played for
# 10 s: the CPU of app plus workers in % of one core, the frames shown and
# those passed over (decoded too late to show: dropped), and the frame
# worker's peak RSS (VmHWM). The target (issue #38): 1080p H.264 with no
# dropped frames under 35% of a core.
# Usage: Benchmarks/clips.sh [path/to/trips] [SIZES...]   (SIZES: 720p 1080p 4k hevc1080p)
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
shift
SIZES=${*:-720p 1080p 4k hevc1080p}
. Tests/e2e/lib.sh
e2e_begin trips-clips
# The CPU ticks (user + system) of a process and its children that run now.
ticks() { { cat "/proc/$1/stat"; for c in $(pgrep -P "$1"); do cat "/proc/$c/stat" 2>/dev/null; done; } | awk '{s += $14 + $15} END {print s}'; }
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
    start_xvfb 1920x1080 >/dev/null || { echo "clips: Xvfb did not start"; exit 1; }
    DISPLAY=$X_DISPLAY "$TRIPS" --trips "$OUT/trips.json" --fullscreen 2>"$OUT/app-$size.err" &
    pid=$!; track "$pid"
    shoot_until_drawn "$OUT/start-$size.png"
    DISPLAY=$X_DISPLAY xdotool key Right Return
    sleep 0.5
    before=$(ticks "$pid")
    sleep 10
    after=$(ticks "$pid")
    worker=$(pgrep -P "$pid" | while read -r c; do awk -v c="$c" '/VmHWM/ {print int($2 / 1024), c}' "/proc/$c/status"; done | sort -n | tail -1 | cut -d' ' -f1)
    DISPLAY=$X_DISPLAY import -window root "$OUT/playing-$size.png"
    DISPLAY=$X_DISPLAY xdotool key Escape; sleep 1
    app=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$pid/status")
    stop "$pid"; stop "$XVFB_PID"
    cpu=$(( (after - before) * 100 / $(getconf CLK_TCK) / 10 ))
    frames=$(grep -o "[0-9]* frames shown, [0-9]* passed over" "$OUT/app-$size.err" | tail -1)
    echo "clips: $size 30 fps, 10 s played: app + workers ${cpu}% of a core; ${frames:-no frames logged}; peak RSS: app $app MiB, largest worker ${worker:-?} MiB"
    if [ "$size" = 1080p ]; then
        dropped=$(echo "$frames" | awk '{print $4}')
        [ "$cpu" -le 35 ] && [ "${dropped:-1}" = 0 ] || status=1
    fi
done
exit $status
