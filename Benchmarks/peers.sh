#!/usr/bin/env bash
# Trips beside the viewers people use: feh, imv and swayimg, and beside the
# platform's floor (Benchmarks/Peers/floor.c: an SDL2 window, a renderer and
# one texture drawn and presented; on Wayland also one wl_shm buffer on the
# window's own surface, the way trips presents software frames there, in a
# window (floor-shm, with libdecor's frame) and fullscreen without it as
# trips --kiosk (floor-shm-kiosk), both made without EGL as trips makes
# its wl_shm window), on folders of 100, 1,000 and 10,000
# camera-like photos, under the same display, in this one run.
#
# The photos: 24 distinct 4000x3000 JPEGs at quality 90 with sensor-like
# (Gaussian) noise, about 3 MB each like a camera's, made with ImageMagick
# from Assets/photos (three noise seeds each), hard-linked under 100 / 1,000
# / 10,000 names (IMG_00001.jpg...) in a temporary folder (never committed);
# after the first launch they are in the page cache for every viewer alike.
# Making them takes a minute or more on two busy cores, so the 24 are kept in
# PEERS_PHOTOS (default /tmp/trips-peers-photos-1) for the next run.
#
# Displays: X11 is Xvfb 1280x800 (feh, imv-x11, trips); Wayland is weston
# nested on it (swayimg, imv-wayland, trips). Each row compares trips with
# the peers and the floor on the same display.
#
# Each launch is timed by Benchmarks/Peers/screenwatch.c, the same way for
# every viewer: from just before its exec, polling the X screen (which shows
# weston's output too) every few ms. "first frame" is the first capture in
# which 2% of the screen changed; "photo" the first with a photo on it (at
# least 5,000 distinct colours in a 2x2 sample: a noisy photo has tens of
# thousands, trips' first frame of placeholder tiles and text about 300).
# "photo" is the headline. Trips' own log (TRIPS_VERBOSE: first frame and
# first photo drawn, from its start, so without exec and loading) is in the
# note. Peak RSS is VmHWM, read 2 s after the photo. Figures are medians of
# PEERS_RUNS (3) launches, the viewers taking turns run by run. Every wait is
# bounded (PEERS_TIMEOUT, 60 s a launch); every process is stopped by PID.
# Usage: Benchmarks/peers.sh [path/to/trips]; PEERS_SIZES="100 1000 10000";
# "trips-kiosk" is trips --kiosk (fullscreen, no window frame: on weston no
# libdecor, which a desktop window needs for its title bar there).
# Like with like: swayimg on weston is an undecorated window (weston offers
# no xdg-decoration, and swayimg draws no frame of its own), so the table's
# "kiosk/peer" column sets trips --kiosk, undecorated too, beside each peer;
# PEERS_NODECOR=1 adds "trips-nodecor" on Wayland: trips' own window without
# libdecor's title bar (SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR=0), the same kind of
# window as swayimg's. Trips' note gives, beside its own times, how long
# SDL_CreateWindow took and its CPU (on Wayland mostly EGL's where the
# window is made with it: docs/PRESENTING.md).
# PEERS_DISPLAYS="x11 wayland" (default) picks the displays. PEERS_EGL=1 adds
# "trips-egl" on Wayland: trips --kiosk with its software frames through
# SDL's own OpenGL upload (TRIPS_WL_SHM=0) instead of wl_shm, the path
# before docs/PRESENTING.md's presenter.
# PEERS_BEFORE=path/to/another/trips adds it as "trips-before" and
# "trips-before-kiosk" (a change's effect, side by side in the same run). PEERS_EXIF=1 adds "trips-exif": trips
# on the same photos with the 160x120 EXIF thumbnail a camera embeds
# (Tests/e2e/exif-thumbnail.py), which it shows blurred up at once.
# screenwatch counts that preview as a photo (it has as many colours), so
# its time is the row's preview, and the row's photo is the sharp one: the
# preview's time plus the time trips logs between its first preview and its
# first photo (none when no preview was drawn before the photo). Not from
# the first frame: on Wayland the first change screenwatch sees is the
# window mapped black, some 30-50 ms before the app's first frame.
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
. Tests/e2e/lib.sh
e2e_begin trips-peers
SIZES=${PEERS_SIZES:-100 1000 10000}
LIMIT=${PEERS_TIMEOUT:-60}
RUNS=${PEERS_RUNS:-3}

# What the bench needs beyond `make test-deps`: the peers, and X's headers for screenwatch.
missing=$(for p in imv feh swayimg imagemagick gcc python3 libx11-dev libxext-dev; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || echo "$p"; done)
if [ -n "$missing" ]; then
    echo "peers: installing" $missing
    sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing; } >/dev/null 2>&1 ||
        echo "peers: apt-get failed; the viewers that are missing are reported as such"
fi
gcc -O2 -o "$OUT/screenwatch" Benchmarks/Peers/screenwatch.c -lX11 -lXext || { echo "peers: cannot build screenwatch"; exit 1; }
gcc -O2 -o "$OUT/floor" Benchmarks/Peers/floor.c $(pkg-config --cflags --libs sdl2 wayland-client) || { echo "peers: cannot build floor"; exit 1; }

# --- the folders -------------------------------------------------------------
CAMERAS=${PEERS_PHOTOS:-/tmp/trips-peers-photos-1}
camera_photos "$CAMERAS"
# folders PREFIX DIR: DIR's photos hard-linked into $OUT/PREFIX-N for each size N.
folders() {
python3 - "$OUT" "$2" "$1" $SIZES <<'PY'
import glob, os, sys
out, cameras, prefix, sizes = sys.argv[1], sys.argv[2], sys.argv[3], [int(n) for n in sys.argv[4:]]
cameras = sorted(glob.glob(os.path.join(cameras, "camera-*.jpg")))
for n in sizes:
    folder = os.path.join(out, "%s-%d" % (prefix, n))
    os.makedirs(folder)
    for k in range(1, n + 1):
        os.link(cameras[k % len(cameras)], os.path.join(folder, "IMG_%05d.jpg" % k))
PY
}
folders photos "$CAMERAS"
if [ -n "${PEERS_EXIF:-}" ]; then
    EXIF=$CAMERAS-exif
    if [ "$(ls "$EXIF"/camera-*.jpg 2>/dev/null | wc -l)" != 24 ]; then
        rm -rf "$EXIF" "$EXIF.new" && mkdir -p "$EXIF.new"
        for f in "$CAMERAS"/camera-*.jpg; do
            copy=$EXIF.new/$(basename "$f")
            cp "$f" "$copy" && convert -define jpeg:size=320x240 "$f" -thumbnail '160x120!' -quality 75 "$EXIF.new/thumb.jpg" &&
                python3 Tests/e2e/exif-thumbnail.py "$copy" "$EXIF.new/thumb.jpg" || { echo "peers: cannot embed a thumbnail in $copy"; exit 1; }
        done
        rm -f "$EXIF.new/thumb.jpg" && mv "$EXIF.new" "$EXIF"
    fi
    folders photos-exif "$EXIF"
fi
distinct=$(ls "$CAMERAS"/camera-*.jpg | wc -l)
echo "peers: $distinct distinct 4000x3000 q90 noisy JPEGs ($(du -ch "$CAMERAS"/camera-*.jpg | tail -1 | cut -f1), in $CAMERAS) hard-linked into folders of $SIZES photos in $OUT"

# --- one launch ----------------------------------------------------------------
# launch NAME CMD...: runs CMD under screenwatch; sets FIRST, PHOTO (ms, or
# "timeout"/"exited"), PEAK (MiB) and NOTE.
launch() {
    local name=$1 pid; shift
    FIRST=timeout PHOTO=timeout PEAK=- NOTE=
    sleep 0.3
    read -r pid FIRST PHOTO < <("$OUT/screenwatch" "$X_DISPLAY" $((LIMIT * 1000)) "$@" 2>"$OUT/$name.log")
    [ -n "${pid:-}" ] || { NOTE="screenwatch failed: $(tail -1 "$OUT/$name.log")"; return; }
    track "$pid"
    [ "$PHOTO" = exited ] && NOTE="exited early: $(tail -1 "$OUT/$name.log")"
    [ "$PHOTO" != exited ] && [ "$PHOTO" != timeout ] && sleep 2
    PEAK=$(awk '/^VmHWM:/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status" 2>/dev/null)
    PEAK=${PEAK:--}
    stop "$pid"
}

ROWS="$OUT/rows.txt"; : >"$ROWS"
# median VALUES...: the middle one; a timeout sorts last.
median() {
    printf '%s\n' "$@" | sed 's/^\(timeout\|exited\|\)$/999999999/' | sort -n |
        awk '{ a[NR] = $1 } END { v = a[int((NR + 1) / 2)]; print (v == 999999999 ? "timeout" : v) }'
}
# said FILE WORDS: the ms trips logged after "trips: WORDS after".
said() { sed -n "s/.*trips: $2 after \([0-9.]*\) ms.*/\1/p" "$1" | head -1; }
# window FILE FIELD: the ms SDL_CreateWindow took (FIELD 1) or its CPU (2), from trips' "open after" line.
window() { sed -n "s/.*open after .*window \([0-9.]*\) ms (CPU \([0-9.]*\)).*/\\$2/p" "$1" | head -1; }
# is_trips NAME: a row of trips itself (its log has its own times).
is_trips() { case $1 in trips|trips-kiosk|trips-exif|trips-nodecor) return 0;; esac; return 1; }

# compare DISPLAY_LABEL N VIEWER:PROGRAM:CMD...: RUNS rounds in which each
# viewer launches once in turn; then one row of medians a viewer. A viewer
# is given as NAME, the program that must exist, and the command, in
# parallel arrays VIEWERS, PROGRAMS and COMMANDS (commands as strings).
compare() {
    local display=$1 n=$2 i r name
    local -A firsts photos peaks notes saidfirst saidphoto previews saidpreview windows windowcpus
    for r in $(seq "$RUNS"); do
        for i in "${!VIEWERS[@]}"; do
            name=${VIEWERS[$i]}
            command -v "${PROGRAMS[$i]}" >/dev/null || continue
            eval "launch $name-$n-${display%% *}-$r ${COMMANDS[$i]}"
            if [ "$name" = trips-exif ]; then # what screenwatch saw was the preview (see the top)
                previews[$name]+="$PHOTO "
                saidpreview[$name]+="$(said "$OUT/$name-$n-${display%% *}-$r.log" "first preview on screen") "
                PHOTO=$(awk -v p="$PHOTO" -v a="$(said "$OUT/$name-$n-${display%% *}-$r.log" "first preview on screen")" \
                    -v b="$(said "$OUT/$name-$n-${display%% *}-$r.log" "first photo on screen")" \
                    'BEGIN { if (p !~ /^[0-9]+$/) print p; else if (a == "") print p; else if (b != "") printf "%.0f", p + b - a; else print "timeout" }')
            fi
            firsts[$name]+="$FIRST "; photos[$name]+="$PHOTO "; peaks[$name]+="$PEAK "
            [ -n "$NOTE" ] && notes[$name]=$NOTE
            if is_trips "$name"; then
                saidfirst[$name]+="$(said "$OUT/$name-$n-${display%% *}-$r.log" "first frame") "
                windows[$name]+="$(window "$OUT/$name-$n-${display%% *}-$r.log" 1) "
                windowcpus[$name]+="$(window "$OUT/$name-$n-${display%% *}-$r.log" 2) "
                saidphoto[$name]+="$(said "$OUT/$name-$n-${display%% *}-$r.log" "first photo on screen") "
            fi
        done
    done
    for i in "${!VIEWERS[@]}"; do
        name=${VIEWERS[$i]}
        if ! command -v "${PROGRAMS[$i]}" >/dev/null; then
            echo "$display|$n|$name|missing|missing|-|not installed" >>"$ROWS"; continue
        fi
        # shellcheck disable=SC2086
        FIRST=$(median ${firsts[$name]}); PHOTO=$(median ${photos[$name]}); PEAK=$(median ${peaks[$name]})
        local note=${notes[$name]:-}
        is_trips "$name" && [ -z "$note" ] &&
            note="app says first frame $(median ${saidfirst[$name]}) ms, photo $(median ${saidphoto[$name]}) ms after its start; SDL_CreateWindow $(median ${windows[$name]}) ms (CPU $(median ${windowcpus[$name]}))"
        # shellcheck disable=SC2086
        if [ "$name" = trips-exif ]; then
            local said_preview; said_preview="$(median ${saidpreview[$name]}) ms"
            [ "$said_preview" = "timeout ms" ] && said_preview="none drawn before the photo"
            note="preview $(median ${previews[$name]}) ms (its EXIF thumbnail; app says $said_preview); $note"
        fi
        echo "$display|$n|$name|$FIRST|$PHOTO|$PEAK|$note" >>"$ROWS"
        printf '  %-17s %6s photos  %-9s first frame %8s  photo %8s  peak RSS %5s MiB  (runs: %s/ %s/ %s)  %s\n' "$display" "$n" "$name" \
            "$FIRST" "$PHOTO" "$PEAK" "${firsts[$name]}" "${photos[$name]}" "${peaks[$name]}" "$note"
    done
}

echo "peers: $TRIPS; each launch at most $LIMIT s"
start_xvfb 1280x800 >/dev/null || { echo "peers: Xvfb did not start"; exit 1; }
# display_rows LABEL ENV PEER PROGRAM COMMAND PEER PROGRAM COMMAND: on one
# display (ENV: the command prefix that reaches it), each size's rows (trips,
# trips --kiosk, the two peers, whose COMMAND takes the folder last, and the
# optional rows), then the floor's.
display_rows() {
    local label=$1 env=$2 n d
    local -a peers=("$3" "$6") programs=("$4" "$7") commands=("$5" "$8")
    for n in $SIZES; do
        d="$OUT/photos-$n"
        VIEWERS=(trips trips-kiosk "${peers[@]}"); PROGRAMS=("$TRIPS" "$TRIPS" "${programs[@]}")
        COMMANDS=("$env TRIPS_VERBOSE=1 $TRIPS --photos $d --state $OUT/state.json"
                  "$env TRIPS_VERBOSE=1 $TRIPS --kiosk --photos $d --state $OUT/state.json"
                  "$env ${commands[0]} $d" "$env ${commands[1]} $d")
        [ -n "${PEERS_BEFORE:-}" ] && { VIEWERS+=(trips-before trips-before-kiosk); PROGRAMS+=("$PEERS_BEFORE" "$PEERS_BEFORE")
            COMMANDS+=("$env $PEERS_BEFORE --photos $d --state $OUT/state.json" "$env $PEERS_BEFORE --kiosk --photos $d --state $OUT/state.json"); }
        # Wayland: trips' own window without libdecor's title bar, undecorated like swayimg's.
        [ -n "${PEERS_NODECOR:-}" ] && [ "${label%% *}" = Wayland ] && { VIEWERS+=(trips-nodecor); PROGRAMS+=("$TRIPS")
            COMMANDS+=("$env SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR=0 TRIPS_VERBOSE=1 $TRIPS --photos $d --state $OUT/state.json"); }
        # Wayland: trips' software frames through SDL's OpenGL upload rather than wl_shm (TRIPS_WL_SHM=0).
        [ -n "${PEERS_EGL:-}" ] && [ "${label%% *}" = Wayland ] && { VIEWERS+=(trips-egl); PROGRAMS+=("$TRIPS")
            COMMANDS+=("$env TRIPS_WL_SHM=0 TRIPS_VERBOSE=1 $TRIPS --kiosk --photos $d --state $OUT/state.json"); }
        [ -n "${PEERS_EXIF:-}" ] && { VIEWERS+=(trips-exif); PROGRAMS+=("$TRIPS")
            COMMANDS+=("$env TRIPS_VERBOSE=1 $TRIPS --photos $OUT/photos-exif-$n --state $OUT/state.json"); }
        compare "$label" "$n"
    done
    VIEWERS=(floor-sw floor-gl); PROGRAMS=("$OUT/floor" "$OUT/floor")
    COMMANDS=("$env $OUT/floor software" "$env $OUT/floor opengl")
    [ "${label%% *}" = Wayland ] && { VIEWERS+=(floor-shm floor-shm-kiosk); PROGRAMS+=("$OUT/floor" "$OUT/floor")
        COMMANDS+=("$env $SURFACE_ONLY $OUT/floor wl_shm" "$env $SURFACE_ONLY $OUT/floor wl_shm fullscreen"); }
    compare "$label" floor
}
# The wl_shm floor's window is made without EGL, as trips makes its own,
# with the library beside the binary (docs/PRESENTING.md), when it is there.
SURFACE_ONLY=
[ -f "$(dirname "$TRIPS")/libTripsSurfaceOnlyVulkan.so" ] && SURFACE_ONLY="FLOOR_SURFACE_ONLY=$(dirname "$TRIPS")/libTripsSurfaceOnlyVulkan.so"
DISPLAYS=${PEERS_DISPLAYS:-x11 wayland}
[[ " $DISPLAYS " == *" x11 "* ]] && display_rows "X11 (Xvfb)" "env -u WAYLAND_DISPLAY DISPLAY=$X_DISPLAY" \
    feh feh "feh --geometry 1280x800+0+0" imv imv-x11 imv-x11
if [[ " $DISPLAYS " != *" wayland "* ]]; then
    :
elif start_weston 1280x800 >/dev/null; then
    display_rows "Wayland (weston)" "env -u DISPLAY WAYLAND_DISPLAY=$WL_SOCKET" \
        swayimg swayimg "swayimg --no-sway" imv imv-wayland imv-wayland
else
    echo "peers: weston did not start; no Wayland rows"
fi

# --- the table -------------------------------------------------------------------
echo
echo "Time from launch to a photo on screen (the headline) and to the first frame (ms), peak RSS (MiB),"
echo "medians of $RUNS launches; trips / peer ratios (below 1: trips is faster or smaller);"
echo "floor-sw / floor-gl: a minimal SDL2 program (software / OpenGL renderer) drawing one texture;"
echo "floor-shm / floor-shm-kiosk: its window showing one wl_shm buffer (windowed with libdecor / fullscreen without);"
echo "kiosk/peer: trips --kiosk's photo / the peer's, undecorated beside undecorated on Wayland (see the top)"
printf '%-17s %6s  %-9s %9s %11s %9s   %-26s %-10s %s\n' display photos viewer photo "first frame" "peak RSS" "trips/peer photo,first,RSS" "kiosk/peer" note
# ratio A B: A / B; a timeout counts as the limit, so the ratio is a bound.
ratio() {
    awk -v a="$1" -v b="$2" -v limit=$((LIMIT * 1000)) 'BEGIN {
        num = "^[0-9.]+$"
        if (a ~ num && b ~ num && b > 0) printf "%.2f", a / b
        else if (a ~ num && b == "timeout") printf "<%.2f", a / limit
        else if (a == "timeout" && b ~ num && b > 0) printf ">%.2f", limit / b
        else printf "-" }'
}
while IFS='|' read -r display n viewer first photo peak note; do
    if [ "$n" = floor ]; then
        printf '%-17s %6s  %-9s %9s %11s %9s   %-26s %-10s %s\n' "$display" - "$viewer" "$photo" "$first" "$peak" - - "$note"; continue
    fi
    read -r tfirst tphoto tpeak < <(awk -F'|' -v d="$display" -v n="$n" '$1 == d && $2 == n && $3 == "trips" { print $4, $5, $6 }' "$ROWS")
    kphoto=$(awk -F'|' -v d="$display" -v n="$n" '$1 == d && $2 == n && $3 == "trips-kiosk" { print $5 }' "$ROWS")
    rel="-" krel="-"
    [ "$viewer" != trips ] && rel="$(ratio "$tphoto" "$photo"), $(ratio "$tfirst" "$first"), $(ratio "$tpeak" "$peak")"
    case $viewer in trips*) ;; *) krel=$(ratio "$kphoto" "$photo") ;; esac
    printf '%-17s %6s  %-9s %9s %11s %9s   %-26s %-10s %s\n' "$display" "$n" "$viewer" "$photo" "$first" "$peak" "$rel" "$krel" "$note"
done <"$ROWS"
echo
echo "Trips above the platform floor (trips' photo - the faster floor's photo, ms):"
while IFS='|' read -r display n viewer first photo peak note; do
    [ "$viewer" = trips ] || [ "$viewer" = trips-kiosk ] || continue
    fastest=$(awk -F'|' -v d="$display" '$1 == d && $2 == "floor" && $5 ~ /^[0-9]+$/ { print $5 }' "$ROWS" | sort -n | head -1)
    printf '  %-17s %6s photos %-11s: %s\n' "$display" "$n" "$viewer" \
        "$(awk -v a="$photo" -v b="${fastest:-}" 'BEGIN { if (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/) print a - b " (floor " b ")"; else print "-" }')"
done <"$ROWS"
# Only the logs stay (and the 24 photos in $CAMERAS).
rm -rf "$OUT"/photos-*
echo "peers: logs in $OUT"
