#!/usr/bin/env bash
# Trips beside the viewers people use: imv, feh and swayimg, on
# the same generated folders of 100, 1,000 and 10,000 photos of 12 MP
# (4000x3000 JPEG), under the same display, in this one run.
#
# The folders: eight distinct 12 MP JPEGs made from Assets/photos with
# ImageMagick, hard-linked under 100 / 1,000 / 10,000 names (IMG_00001.jpg...)
# in a temporary folder (never committed); after the first launch the eight
# files are in the page cache, for every viewer alike.
#
# Displays: X11 is Xvfb (feh, imv-x11, trips); Wayland is weston nested on
# Xvfb (swayimg, imv-wayland, trips). Each row compares trips with the peers
# on the same display.
#
# Each launch is timed from just before exec by polling the screen (xwd of
# the X screen, which shows weston's output too): "first frame" is the first
# screenshot that differs from the screen before the launch in at least 2% of
# its pixels; "photo" the first with at least 20,000 distinct colours (a
# photo's worth: trips' first frame with grey placeholders has a few hundred).
# Peak RSS is the process's VmHWM, read 2 s after the photo (or at the
# timeout). Each figure is the median of 3 launches (PEERS_RUNS). Every wait
# is bounded (PEERS_TIMEOUT, 60 s a launch) and every process is stopped by
# its PID; a viewer that shows nothing in time is reported as "timeout".
# Usage: Benchmarks/peers.sh [path/to/trips]; PEERS_SIZES="100 1000 10000".
set -u
cd "$(dirname "$0")/.."
TRIPS=$(realpath "${1:-.build/release/trips}")
. Tests/e2e/lib.sh
e2e_begin trips-peers
SIZES=${PEERS_SIZES:-100 1000 10000}
LIMIT=${PEERS_TIMEOUT:-60}
RUNS=${PEERS_RUNS:-3}

missing=$(for p in imv feh swayimg x11-apps imagemagick; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || echo "$p"; done)
if [ -n "$missing" ]; then
    echo "peers: installing" $missing
    sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing; } >/dev/null 2>&1 ||
        echo "peers: apt-get failed; the viewers that are missing are reported as such"
fi

# --- the folders -------------------------------------------------------------
i=0
for src in Assets/photos/*.jpg; do
    convert "$src" -resize '4000x3000!' -quality 90 "$OUT/camera-$i.jpg"; i=$((i + 1))
done
for n in $SIZES; do
    mkdir -p "$OUT/photos-$n"
    for k in $(seq -w 1 "$n"); do ln "$OUT/camera-$((10#$k % i)).jpg" "$OUT/photos-$n/IMG_$k.jpg"; done
done
echo "peers: $i distinct 4000x3000 JPEGs ($(du -ch "$OUT"/camera-*.jpg | tail -1 | cut -f1)) hard-linked into folders of $SIZES photos in $OUT"

# --- one launch ----------------------------------------------------------------
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
shot() { DISPLAY=$X_DISPLAY xwd -root -silent >"$1" 2>/dev/null; }

# launch NAME CMD...: starts CMD, polls the screen; sets FIRST, PHOTO (ms or
# "timeout"), PEAK (MiB) and NOTE.
launch() {
    local name=$1; shift
    local blank="$OUT/blank.xwd" s="$OUT/shot.xwd" start pid t diff colours last=
    FIRST=timeout PHOTO=timeout PEAK=- NOTE=
    sleep 0.5
    shot "$blank"
    start=$(now_ms)
    "$@" >"$OUT/$name.log" 2>&1 &
    pid=$!; track "$pid"
    while :; do
        t=$(( $(now_ms) - start ))
        [ "$t" -ge $((LIMIT * 1000)) ] && break
        kill -0 "$pid" 2>/dev/null && [ -e "/proc/$pid/status" ] && ! grep -q '^State:.*Z' "/proc/$pid/status" ||
            { NOTE="exited early: $(tail -1 "$OUT/$name.log")"; break; }
        shot "$s"
        if ! cmp -s "$blank" "$s" && ! cmp -s "$last" "$s" 2>/dev/null; then
            if [ "$FIRST" = timeout ]; then
                diff=$(compare -metric AE -fuzz 5% "$blank" "$s" null: 2>&1 | awk '{ print int($1) }')
                [ "${diff:-0}" -ge $((1280 * 800 / 50)) ] && FIRST=$t
            fi
            if [ "$FIRST" != timeout ]; then
                colours=$(convert "$s" -format %k info: 2>/dev/null)
                [ "${colours:-0}" -ge 20000 ] && { PHOTO=$t; cp "$s" "$OUT/$name.xwd"; break; }
            fi
            cp "$s" "$OUT/last.xwd"; last="$OUT/last.xwd"
        fi
        sleep 0.02
    done
    [ "$PHOTO" != timeout ] && sleep 2
    PEAK=$(awk '/^VmHWM:/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status" 2>/dev/null)
    PEAK=${PEAK:--}
    stop "$pid"
}

ROWS="$OUT/rows.txt"; : >"$ROWS"
# median VALUES...: the middle one; a timeout sorts last.
median() {
    printf '%s\n' "$@" | sed 's/^timeout$/999999999/' | sort -n |
        awk '{ a[NR] = $1 } END { v = a[int((NR + 1) / 2)]; print (v == 999999999 ? "timeout" : v) }'
}

# measure DISPLAY_LABEL N VIEWER PROGRAM CMD...: RUNS launches of CMD (which
# runs PROGRAM), one row of their medians.
measure() {
    local display=$1 n=$2 viewer=$3 program=$4; shift 4
    if ! command -v "$program" >/dev/null; then
        echo "$display|$n|$viewer|missing|missing|-|not installed" >>"$ROWS"; return
    fi
    local name="$viewer-$n-${display%% *}" firsts=() photos=() peaks=() said=() notes= r
    for r in $(seq "$RUNS"); do
        launch "$name-$r" "$@"
        firsts+=("$FIRST"); photos+=("$PHOTO"); peaks+=("$PEAK")
        [ -n "$NOTE" ] && notes="$NOTE"
        [ "$viewer" = trips ] && said+=("$(sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/$name-$r.log" | head -1)")
    done
    FIRST=$(median "${firsts[@]}"); PHOTO=$(median "${photos[@]}"); PEAK=$(median "${peaks[@]}")
    [ "$viewer" = trips ] && [ -z "$notes" ] && notes="app says first frame after $(median "${said[@]}") ms"
    echo "$display|$n|$viewer|$FIRST|$PHOTO|$PEAK|$notes" >>"$ROWS"
    printf '  %-17s %6s photos  %-8s first frame %8s  photo %8s  peak RSS %5s MiB  (runs: %s / %s / %s)  %s\n' "$display" "$n" "$viewer" \
        "$FIRST" "$PHOTO" "$PEAK" "${firsts[*]}" "${photos[*]}" "${peaks[*]}" "$notes"
}

echo "peers: $TRIPS; each launch at most $LIMIT s"
start_xvfb 1280x800 >/dev/null || { echo "peers: Xvfb did not start"; exit 1; }
X="X11 (Xvfb)"
for n in $SIZES; do
    d="$OUT/photos-$n"
    measure "$X" "$n" trips "$TRIPS" env -u WAYLAND_DISPLAY DISPLAY="$X_DISPLAY" TRIPS_VERBOSE=1 "$TRIPS" --photos "$d" --state "$OUT/state.json"
    measure "$X" "$n" feh feh env -u WAYLAND_DISPLAY DISPLAY="$X_DISPLAY" feh --geometry 1280x800+0+0 "$d"
    measure "$X" "$n" imv imv-x11 env -u WAYLAND_DISPLAY DISPLAY="$X_DISPLAY" imv-x11 "$d"
done
if start_weston 1280x800 >/dev/null; then
    W="Wayland (weston)"
    for n in $SIZES; do
        d="$OUT/photos-$n"
        measure "$W" "$n" trips "$TRIPS" env -u DISPLAY WAYLAND_DISPLAY="$WL_SOCKET" TRIPS_VERBOSE=1 "$TRIPS" --photos "$d" --state "$OUT/state.json"
        measure "$W" "$n" swayimg swayimg env -u DISPLAY WAYLAND_DISPLAY="$WL_SOCKET" swayimg --no-sway "$d"
        measure "$W" "$n" imv imv-wayland env -u DISPLAY WAYLAND_DISPLAY="$WL_SOCKET" imv-wayland "$d"
    done
else
    echo "peers: weston did not start; no Wayland rows"
fi

# --- the table -------------------------------------------------------------------
echo
echo "Time from launch to first frame and to a photo on screen (ms), peak RSS (MiB), medians of $RUNS launches;"
echo "trips / peer ratios (below 1: trips is faster or smaller)"
printf '%-17s %6s  %-8s %11s %9s %9s   %-26s %s\n' display photos viewer "first frame" photo "peak RSS" "trips/peer first,photo,RSS" note
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
    read -r tfirst tphoto tpeak < <(awk -F'|' -v d="$display" -v n="$n" '$1 == d && $2 == n && $3 == "trips" { print $4, $5, $6 }' "$ROWS")
    rel="-"
    [ "$viewer" != trips ] && rel="$(ratio "$tfirst" "$first"), $(ratio "$tphoto" "$photo"), $(ratio "$tpeak" "$peak")"
    printf '%-17s %6s  %-8s %11s %9s %9s   %-26s %s\n' "$display" "$n" "$viewer" "$first" "$photo" "$peak" "$rel" "$note"
done <"$ROWS"
# The photos and screenshots are hundreds of MiB: only the logs stay.
rm -rf "$OUT"/photos-* "$OUT"/camera-*.jpg "$OUT"/*.xwd
echo "peers: logs in $OUT"
