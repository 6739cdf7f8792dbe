# Shared helpers of the end-to-end tests: start real displays, track every
# process by PID and stop it by PID, read screenshots with ImageMagick.
# Sourced by the test scripts; TRIPS is the binary under test.

E2E_PIDS=()

# e2e_begin NAME [LABEL [BINARY]]: a fresh output folder /tmp/NAME.*, its
# own runtime and cache folders, no display inherited. With a LABEL (a
# test script): TRIPS is BINARY (default the debug build), Assets/ is named
# for a binary outside this tree, and the script's first line says both.
e2e_begin() {
    OUT=$(mktemp -d "/tmp/$1.XXXXXX")
    E2E_LABEL=${2:-$1}
    if [ $# -ge 2 ]; then
        TRIPS=$(realpath "${3:-.build/debug/trips}")
        case "$TRIPS" in "$PWD"/*) ;; *) export TRIPS_ASSETS="$PWD/Assets" ;; esac
        echo "$E2E_LABEL: trips=$TRIPS, output in $OUT"
    fi
    export XDG_RUNTIME_DIR="$OUT/runtime"
    mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
    # The capture-time cache of --photos runs stays with the test's files.
    export XDG_CACHE_HOME="$OUT/cache"
    trap e2e_cleanup EXIT
    unset WAYLAND_DISPLAY DISPLAY SDL_VIDEODRIVER TRIPS_FONT_DIR
}
# exif_orientation6 IN.jpg OUT.jpg: IN with an APP1 segment whose IFD0
# says Orientation 6 (turn 90° clockwise), right after the SOI marker:
# ImageMagick 6 writes no EXIF for a picture it made itself.
exif_orientation6() {
    { head -c 2 "$1"
      printf '\xff\xe1\x00\x22Exif\x00\x00II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00\x06\x00\x00\x00\x00\x00\x00\x00'
      tail -c +3 "$1"; } >"$2"
}

# e2e_end: the script's last line: its counts, and its exit status.
e2e_end() {
    echo "$E2E_LABEL: $E2E_PASS passed, $E2E_FAIL failed"
    [ "$E2E_FAIL" = 0 ]
}
E2E_PASS=0
E2E_FAIL=0
BG="rgb(17,18,20)"          # Theme.standard.background
PLACEHOLDER="rgb(58,58,64)" # Theme.standard.placeholder

e2e_cleanup() {
    local pid
    for pid in "${E2E_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
    sleep 0.2
    for pid in "${E2E_PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    E2E_PIDS=()
}

track() { E2E_PIDS+=("$1"); }

# as_unprivileged CMD...: runs CMD as an ordinary user. As root that is
# trips-kiosk (made if missing): cage refuses root, and root reads any file.
# UNPRIVILEGED_USER names who that is.
if [ "$(id -u)" = 0 ]; then
    UNPRIVILEGED_USER=trips-kiosk
    as_unprivileged() {
        id trips-kiosk >/dev/null 2>&1 || useradd -r -M -s /usr/sbin/nologin trips-kiosk
        runuser -u trips-kiosk -- "$@"
    }
else
    UNPRIVILEGED_USER=$(id -un)
    as_unprivileged() { "$@"; }
fi

# stop PID: SIGTERM, then SIGKILL after 3 s; waits for it.
stop() {
    local pid=$1 i
    kill -TERM "$pid" 2>/dev/null || return 0
    for i in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

# wait_exit PID SECONDS: waits at most SECONDS for PID (started here) to
# end and sets EXIT_CODE to its exit code; one still running then is
# stopped and EXIT_CODE is "hung" (no test waits forever).
wait_exit() {
    local pid=$1 i
    for i in $(seq $(($2 * 20))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    if kill -0 "$pid" 2>/dev/null; then stop "$pid"; EXIT_CODE=hung; return; fi
    wait "$pid"; EXIT_CODE=$?
}

# kiosk_loses_display NAME SERVER_PID PATTERN VAR=VALUE...: runs trips
# --kiosk on the display the variables name, kills its server (SERVER_PID)
# once the Overview shows on the X screen, and expects exit code 4 and a
# line matching PATTERN on stderr ($OUT/NAME.err).
kiosk_loses_display() {
    local name=$1 server=$2 pattern=$3 pid; shift 3
    env "$@" "$TRIPS" --kiosk 2>"$OUT/$name.err" &
    pid=$!; track "$pid"
    shoot_until_drawn "$OUT/$name.png"
    kill -KILL "$server"; wait "$server" 2>/dev/null
    wait_exit "$pid" 5
    expect "$name: killing the display server under the kiosk ends it with code 4 (code $EXIT_CODE)" [ "$EXIT_CODE" = 4 ]
    expect "$name: it says the display connection was lost" grep -q "$pattern" "$OUT/$name.err"
}

# wait_for_file FILE SECONDS: true once FILE exists and is not empty.
wait_for_file() {
    local i
    for i in $(seq $(($2 * 20))); do [ -s "$1" ] && return 0; sleep 0.05; done
    return 1
}

ok()   { E2E_PASS=$((E2E_PASS + 1)); echo "ok   - $1"; }
bad()  { E2E_FAIL=$((E2E_FAIL + 1)); echo "FAIL - $1"; shift; for line in "$@"; do echo "       $line"; done; }

# expect NAME COMMAND...: passes when the command succeeds.
expect() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name" "failed: $*"; fi; }
# check NAME 'SHELL CONDITION': passes when the condition (which may chain
# several tests with &&) holds.
check() { local name=$1; if eval "$2"; then ok "$name"; else bad "$name" "failed: $2"; fi; }

# log_is_quiet FILE: true when the app's stderr in FILE says nothing but
# what a healthy start says: the one line of a start without a session bus
# (atspi.sh checks that line itself) and TRIPS_VERBOSE's video line.
log_is_quiet() { ! grep -v -e "so no screen reader can read the app\$" -e "^trips: video" "$1" | grep -q .; }

# start_xvfb WxH [OPTION...]: starts Xvfb (with OPTIONs such as -dpi 80),
# sets XVFB_PID and X_DISPLAY. Xvfb picks a
# free display number itself and writes it to -displayfd: scripts that run
# side by side (make e2e's lanes) never race for the same number.
start_xvfb() {
    local i n=""
    local numbers="$OUT/xvfb-display.$RANDOM"
    Xvfb -displayfd 3 -screen 0 "${1}x24" -nolisten tcp "${@:2}" 3>"$numbers" >"$OUT/xvfb.log" 2>&1 &
    XVFB_PID=$!; track "$XVFB_PID"
    for i in $(seq 200); do
        n=$(head -n1 "$numbers" 2>/dev/null)
        [ -n "$n" ] && [ -e "/tmp/.X11-unix/X$n" ] && { X_DISPLAY=":$n"; return 0; }
        sleep 0.05
    done
    echo "Xvfb did not start"; return 1
}

# start_weston WxH [SCALE [OPTION...]]: weston nested on the current Xvfb
# (SDL 2.26 crashes on weston's headless backend), an output of WxH pixels
# at SCALE pixels per point (weston's --width/--height are points), with
# weston's OPTIONs (a shell, modules); sets WESTON_PID and WL_SOCKET.
start_weston() {
    local scale=${2:-1} i
    local w=$((${1%x*} / scale)) h=$((${1#*x} / scale))
    WL_SOCKET="trips-e2e-$$"
    DISPLAY=$X_DISPLAY weston --backend=x11-backend.so --width="$w" --height="$h" --scale="$scale" --socket="$WL_SOCKET" \
        --idle-time=0 "${@:3}" >"$OUT/weston.log" 2>&1 &
    WESTON_PID=$!; track "$WESTON_PID"
    for i in $(seq 200); do [ -e "$XDG_RUNTIME_DIR/$WL_SOCKET" ] && { sleep 0.5; return 0; }; sleep 0.05; done
    echo "weston did not start"; tail -5 "$OUT/weston.log"; return 1
}

# build_weston_input PLUGIN: builds the weston module of Tests/e2e/weston-input.c
# (a seat with touch, pointer and keyboard playing scripts from a FIFO)
# against Debian's libweston-10-dev, with the pointer gestures' server code
# generated from the same wayland-protocols XML the app's client code comes
# from; its compiler's output goes to $OUT/plugin.log.
build_weston_input() {
    local xml
    xml="$(pkg-config --variable=pkgdatadir wayland-protocols)/unstable/pointer-gestures/pointer-gestures-unstable-v1.xml"
    { wayland-scanner server-header "$xml" "$OUT/pointer-gestures-unstable-v1-server-protocol.h" &&
      wayland-scanner private-code "$xml" "$OUT/pointer-gestures-protocol.c" &&
      cc -shared -fPIC -Wall -Werror -I"$OUT" -o "$1" Tests/e2e/weston-input.c "$OUT/pointer-gestures-protocol.c" \
        $(pkg-config --cflags --libs libweston-10 wayland-server); } 2>"$OUT/plugin.log"
}

# shoot_until_drawn FILE: takes screenshots of the X screen until the app's
# background fills the gap between the title and the Playground button (the
# window is up and drawn), 10 s at most; the caller's assertions then judge
# the last screenshot.
shoot_until_drawn() {
    shoot_until "$1" 10 'title_gap_is_drawn "$file"' || true
}

# shoot_until FILE SECONDS 'CONDITION': takes screenshots of the X screen
# into FILE until the shell CONDITION holds (it reads FILE), SECONDS at most;
# fails if it never does. For what takes a while on a loaded machine.
shoot_until() {
    local file=$1 limit=$2 condition=$3 i
    for i in $(seq $((limit * 4))); do
        DISPLAY=$X_DISPLAY import -window root "$file" 2>/dev/null
        [ -s "$file" ] && eval "$condition" && return 0
        sleep 0.25
    done
    return 1
}

# non_background FILE X Y W H: the fraction (0..1) of pixels in the region
# that are not the app's background colour.
non_background() {
    convert "$1" -crop "${4}x${5}+${2}+${3}" +repage -alpha off -fuzz 4% -fill black -opaque "$BG" \
        -fill white +opaque black -colorspace Gray -format "%[fx:mean]" info:
}

# near_colour FILE X Y W H COLOUR: the fraction of pixels close to COLOUR.
near_colour() {
    convert "$1" -crop "${4}x${5}+${2}+${3}" +repage -alpha off -fuzz 4% -fill white -opaque "$6" \
        -fill black +opaque white -colorspace Gray -format "%[fx:mean]" info:
}

# at_least VALUE MIN / at_most VALUE MAX: numeric comparisons for expect.
at_least() { awk -v v="$1" -v m="$2" 'BEGIN { exit !(v + 0 >= m + 0) }'; }
at_most()  { awk -v v="$1" -v m="$2" 'BEGIN { exit !(v + 0 <= m + 0) }'; }

# title_gap_is_drawn FILE: the app's background between the title and the
# Playground button (x 100...220, y 20...50: clear of the title, and of the
# button in any window from 402 to 640 pt wide, where it starts at x 234).
title_gap_is_drawn() { at_least "$(near_colour "$1" 100 20 120 30 "$BG")" 0.99; }

# The Overview at 1280 x 800 points (OverviewLayout, list beside the photo):
# strip photos at y 604..784, the first at x 16..726; title at 16,16; the
# hero (the first trip's photo) in the big photo's room above. At another
# height the strip sits 16 pt above the bottom: pass the screen's HEIGHT
# (cage's headless output is 720).
overview_is_drawn() {
    local file=$1 height=${2:-800} photo title hero
    photo=$(non_background "$file" 40 $((height - 180)) 600 140)
    title=$(non_background "$file" 16 16 120 40)
    hero=$(non_background "$file" 100 120 400 150)
    if at_least "$photo" 0.9 && at_least "$title" 0.03 && at_least "$hero" 0.9; then return 0; fi
    echo "       $file: photo area $photo (want >= 0.9), title $title (want >= 0.03), hero $hero (want >= 0.9)"
    return 1
}

# strip_slot_empty FILE [HEIGHT]: the first strip photo's slot is empty (its
# photo is out as the big photo), at 1280 points wide.
strip_slot_empty() { at_most "$(non_background "$1" 40 $((${2:-800} - 180)) 600 140)" 0.01; }

# camera_photos DIR: 24 distinct camera-like photos in DIR (4000x3000 JPEGs
# at quality 90 with sensor-like Gaussian noise, about 3 MB each, made from
# Assets/photos with three noise seeds each), made unless already there:
# they take a minute or more on two busy cores.
camera_photos() {
    [ "$(ls "$1"/camera-*.jpg 2>/dev/null | wc -l)" = 24 ] && return 0
    rm -rf "$1" "$1.new" && mkdir -p "$1.new"
    for src in Assets/photos/*.jpg; do for seed in 1 2 3; do echo "$src $seed"; done; done |
        xargs -P 2 -n 2 sh -c 'convert "$0" -resize "4000x3000!" -seed "$1" -attenuate 0.4 +noise Gaussian -quality 90 \
            "'"$1.new"'/camera-$(basename "$0" .jpg)-$1.jpg"'
    mv "$1.new" "$1"
}

# library_run_until BINARY LIBRARY CACHE TEXT: an offscreen start on the
# photo library LIBRARY, its caches and state in CACHE, left running until
# its log ($OUT/until.err) says TEXT (60 s at most): how the benchmarks
# warm a library's caches before they time a known start.
library_run_until() {
    env SDL_VIDEODRIVER=offscreen TRIPS_VERBOSE=1 XDG_CACHE_HOME="$3" XDG_STATE_HOME="$3" TZ=UTC "$1" --photos "$2" 2>"$OUT/until.err" >/dev/null &
    local pid=$! i; track "$pid"
    for i in $(seq 600); do grep -q "$4" "$OUT/until.err" && break; sleep 0.1; done
    stop "$pid"
}
