#!/usr/bin/env bash
# End-to-end test of photos that move, live (issue #38): an animated GIF
# (red and blue, 0.5 s each, for ever), an AVIF image sequence (the same, AV1
# through libaom and libdav1d) and a clip (red 1 s, then blue, H.264
# in MP4, looping) opened in a window on Xvfb by a click on the strip; a
# screenshot every 0.25 s for 3 s must show both colours in the big photo,
# in turn, and the log must say how many frames showed and were passed over,
# and that the clip's frames came at the size it was drawn at (the worker
# scales them to it once it holds still, so the renderer copies them).
# The replay's frame-exact checks are TripsAppTests' MovingPhotoTests and
# ClipPlaybackTests; this is the live road: the loop waking for frames.
# Usage: Tests/e2e/frames.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-frames "frames" "${1:-}"

convert -delay 50 -size 320x240 xc:red -size 320x240 xc:blue -loop 0 "$OUT/anim.gif"
ffmpeg -y -loglevel error -f lavfi -i color=red:s=1920x1080:r=30:d=1 -f lavfi -i color=blue:s=1920x1080:r=30:d=1 \
    -filter_complex "[0:v][1:v]concat=n=2:v=1:a=0" -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$OUT/clip.mp4"
ffmpeg -y -loglevel error -f lavfi -i color=red:s=320x240:r=10:d=0.5 -f lavfi -i color=blue:s=320x240:r=10:d=0.5 \
    -filter_complex "[0:v][1:v]concat=n=2:v=1:a=0" -c:v libaom-av1 -cpu-used 8 -pix_fmt yuv420p -f avif "$OUT/anim.avif"
start_xvfb 1280x800 >/dev/null || { bad "Xvfb starts"; e2e_end; }

# plays NAME: opens the trips file's only trip (NAME) big and shoots its
# centre for 3 s; true when red and blue both showed, each more than once.
plays() {
    echo "{ \"trips\": [ { \"id\": \"m\", \"city\": \"Moving\", \"nights\": 1, \"photo\": \"$1\" } ] }" >"$OUT/trips.json"
    DISPLAY=$X_DISPLAY "$TRIPS" --trips "$OUT/trips.json" 2>"$OUT/$1.err" &
    local pid=$! colours="" i
    track "$pid"
    shoot_until_drawn "$OUT/$1-start.png"
    DISPLAY=$X_DISPLAY xdotool mousemove 100 700 click 1
    sleep 0.5
    for i in $(seq 12); do
        DISPLAY=$X_DISPLAY import -window root "$OUT/$1-$i.png" 2>/dev/null
        colours="$colours $(convert "$OUT/$1-$i.png" -crop 1x1+461+300 -format '%[fx:r>0.5?1:0]%[fx:b>0.5?1:0]' info:)"
        sleep 0.25
    done
    DISPLAY=$X_DISPLAY xdotool key Escape
    sleep 1
    stop "$pid"
    echo "$1: centre colours (red blue) every 0.25 s:$colours"
    [ "$(echo "$colours" | tr ' ' '\n' | grep -c '^10$')" -ge 2 ] && [ "$(echo "$colours" | tr ' ' '\n' | grep -c '^01$')" -ge 2 ]
}

expect "an animated GIF plays live, red then blue" plays anim.gif
check "its frames are counted in the log" 'grep -q "frames shown" "$OUT/anim.gif.err"'
expect "an AVIF sequence plays live, red then blue" plays anim.avif
expect "a clip plays live, red then blue" plays clip.mp4
check "its frames are counted in the log" 'grep -q "frames shown" "$OUT/clip.mp4.err"'
# "the last frame W x H, drawn at W x H": within the half percent the renderer's blits round away.
check "its frames come at the size it is drawn at" 'grep -o "the last frame .*" "$OUT/clip.mp4.err" | tail -1 |
    awk "{ ok = \$4 < 1920 && \$4 - \$9 <= 1 + \$9 / 200 && \$9 - \$4 <= 1 + \$9 / 200 && \$6 - \$11 <= 1 + \$11 / 200 && \$11 - \$6 <= 1 + \$11 / 200 } END { exit !ok }"'
grep -h "frames shown" "$OUT"/*.err | sed 's/^/frames: /'
e2e_end
