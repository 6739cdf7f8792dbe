#!/usr/bin/env bash
# Software frames on Wayland through wl_shm (ShmPresenter), seen through
# weston nested on Xvfb: what the compositor shows is pixel-equal to the
# software renderer's offscreen frame of the same scene, at scale 1 and at
# scale 2 (drawn at 2x, not scaled up); a window resized mid-animation shows
# only buffers of its size; no buffer is written or attached again while
# the compositor holds it (WAYLAND_DEBUG's own record); a compositor that
# goes away ends a kiosk with code 4. The window is made without EGL
# (SurfaceOnlyWindow): no EGL, Mesa driver or LLVM is ever mapped; a binary
# without the library that makes that so shows the same, through EGL, and
# says so in one line.
# Usage: Tests/e2e/wayland-shm.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-shm "wayland-shm" "${1:-}"

# same_picture A B: true when the two PNGs have the same size and no pixel differs.
same_picture() {
    local diff
    diff=$(compare -metric AE "$1" "$2" null: 2>&1)
    [ "$diff" = 0 ] && return 0
    echo "       $1 vs $2: $diff pixels differ"; return 1
}

# overview_reference W H SCALE FILE: the software renderer's offscreen frame
# of the Overview at W x H points and SCALE, every photo decoded, as a
# kiosk's model has it (no Playground button).
overview_reference() {
    printf 'size %s %s\nscale %s\nat 500 shot %s\n' "$1" "$2" "$3" "$4" >"$OUT/reference-$3.txt"
    SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/reference-$3.txt" --kiosk --renderer software >/dev/null 2>"$OUT/reference-$3.err"
}

# kiosk_on_weston NAME SCALE [BINARY]: trips (or BINARY) --kiosk on a
# 1280 x 800-pixel weston output at SCALE; its screen once two shots a
# second apart agree (every photo decoded) in $OUT/NAME.png; the kiosk
# keeps running (KIOSK_PID).
kiosk_on_weston() {
    local name=$1 i
    rm -f "$XDG_RUNTIME_DIR/trips-e2e-$$" "$XDG_RUNTIME_DIR/trips-e2e-$$.lock" # a killed weston's
    start_weston 1280x800 "$2" >/dev/null || return 1
    env WAYLAND_DISPLAY="$WL_SOCKET" TRIPS_VERBOSE=1 "${3:-$TRIPS}" --kiosk --idle 0 --renderer software 2>"$OUT/$name.err" &
    KIOSK_PID=$!; track "$KIOSK_PID"
    shoot_until_drawn "$OUT/$name.png"
    for i in $(seq 20); do
        sleep 1
        DISPLAY=$X_DISPLAY import -window root "$OUT/$name.next.png" 2>/dev/null
        [ "$(compare -metric AE "$OUT/$name.png" "$OUT/$name.next.png" null: 2>&1)" = 0 ] && return 0
        mv "$OUT/$name.next.png" "$OUT/$name.png"
    done
}

start_xvfb 1280x800 >/dev/null

# --- scale 1: the compositor shows exactly the software renderer's frame ----
overview_reference 1280 800 1 "$OUT/reference-1.png"
kiosk_on_weston shm-1 1
expect "scale 1: trips says its frames go through wl_shm" grep -q "renderer software/wl_shm" "$OUT/shm-1.err"
expect "scale 1: weston's screen is pixel-equal to the offscreen software frame" same_picture "$OUT/shm-1.png" "$OUT/reference-1.png"
# graphics_mapped PID: the EGL, Mesa, Vulkan and LLVM libraries in the process's memory.
graphics_mapped() { grep -Eo '[^/]*(libEGL|_dri\.so|libvulkan|libLLVM|libgallium)[^/]*$' "/proc/$1/maps" | sort -u | tr '\n' ' '; }
expect "scale 1: trips says its window was made without EGL" grep -q "window without EGL" "$OUT/shm-1.err"
mapped=$(graphics_mapped "$KIOSK_PID")
expect "scale 1: no EGL, Mesa driver, Vulkan loader or LLVM in the kiosk's memory (found: ${mapped:-none})" [ -z "$mapped" ]
# --- the compositor goes away: exit 4, as on SDL's own path -----------------
kill -KILL "$WESTON_PID"; wait "$WESTON_PID" 2>/dev/null
wait_exit "$KIOSK_PID" 5
expect "weston killed under the wl_shm kiosk: exit code 4 (code $EXIT_CODE)" [ "$EXIT_CODE" = 4 ]
expect "and it says the display connection was lost" grep -q "Wayland compositor .* went away" "$OUT/shm-1.err"

# --- scale 2: drawn at 2x (the same as the offscreen frame at scale 2) ------
overview_reference 640 400 2 "$OUT/reference-2.png"
overview_reference 640 400 1 "$OUT/reference-2-at-1x.png"
convert "$OUT/reference-2-at-1x.png" -filter point -resize 200% "$OUT/upscaled.png"
kiosk_on_weston shm-2 2
# The photos may differ in their last bits (the kiosk decodes them for
# scale 1 before it knows the output's scale, the reference at 2): the
# title with its button and the list of trips are compared.
for f in shm-2 reference-2 upscaled; do
    convert "$OUT/$f.png" -crop 740x64+0+0 +repage "$OUT/$f-title.png"
    convert "$OUT/$f.png" -crop 500x320+780+120 +repage "$OUT/$f-list.png"
done
expect "scale 2: weston's title and button are pixel-equal to the offscreen frame at scale 2" \
    same_picture "$OUT/shm-2-title.png" "$OUT/reference-2-title.png"
expect "scale 2: and so is the list of trips" same_picture "$OUT/shm-2-list.png" "$OUT/reference-2-list.png"
check "scale 2: not a 1x picture scaled up (text edges differ from one)" \
    '! compare -metric AE "$OUT/shm-2-list.png" "$OUT/upscaled-list.png" null: 2>/dev/null'
stop "$KIOSK_PID"
expect "scale 2: the presenter's record goes to the log on quit" grep -q "trips: wl_shm: .* 0 written while held, 1280x800 at scale 2" "$OUT/shm-2.err"
stop "$WESTON_PID"

# --- without the library: the same picture through EGL, and one line ---------
mkdir -p "$OUT/alone/bin" && cp "$TRIPS" "$OUT/alone/bin/trips"
TRIPS_ASSETS="$PWD/Assets" kiosk_on_weston alone 1 "$OUT/alone/bin/trips"
expect "without its library: weston's screen is still pixel-equal to the offscreen frame" same_picture "$OUT/alone.png" "$OUT/reference-1.png"
mapped=$(graphics_mapped "$KIOSK_PID")
check "without its library: the window was made with EGL (mapped: ${mapped:-none})" '[[ "$mapped" == *libEGL* ]]'
expect "without its library: one line says so" [ "$(grep -c "loads EGL after all" "$OUT/alone.err")" = 1 ]
grep "loads EGL after all" "$OUT/alone.err" | sed 's/^/       /'
stop "$KIOSK_PID"
stop "$WESTON_PID"

# --- a resize mid-animation; buffers honoured (WAYLAND_DEBUG) ---------------
# A photo opens (a spring of some 400 ms) and the window is resized twice
# while it moves, then once the photo rests.
cat >"$OUT/resize.txt" <<'SCRIPT'
size 1000 640
at 600  down 1 200 560
at 650  up 1 200 560
at 750  size 800 560
at 900  size 1100 700
at 1600 size 900 600
at 2600 state
at 2600 shot SHOT
at 7000 state
SCRIPT
sed -i "s|SHOT|$OUT/resize-shot.png|" "$OUT/resize.txt"
rm -f "$XDG_RUNTIME_DIR/$WL_SOCKET" "$XDG_RUNTIME_DIR/$WL_SOCKET.lock"
start_weston 1280x800 1 >/dev/null
DISPLAY=$X_DISPLAY xdotool mousemove 1279 0 # weston's pointer over its panel, out of the window's picture
env WAYLAND_DISPLAY="$WL_SOCKET" SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR=0 WAYLAND_DEBUG=client TRIPS_VERBOSE=1 "$TRIPS" --replay "$OUT/resize.txt" --window \
    --renderer software >"$OUT/resize.out" 2>"$OUT/resize.err" &
pid=$!; track "$pid"
# The photo rests from 1600 ms on the script's clock; the last 4.4 s of it
# (as many frames) keep the window up while weston's screen is taken: the
# window found (the box of the app's background colour, below weston's
# 32-pixel panel, whose icon has that colour too) once it is the app's shot.
wait_for_file "$OUT/resize-shot.png" 60
window_is_shot() {
    DISPLAY=$X_DISPLAY import -window root "$OUT/resize.png" 2>/dev/null || return 1
    convert "$OUT/resize.png" -crop 1280x768+0+32 +repage "$OUT/resize-desktop.png"
    box=$(convert "$OUT/resize-desktop.png" -alpha off -fill black -opaque "$BG" -fill white +opaque black -negate -trim -format "%wx%h%O" info:)
    convert "$OUT/resize-desktop.png" -crop "${box%%+*}+${box#*+}" +repage "$OUT/resize-window.png" 2>/dev/null
    [ "$(compare -metric AE "$OUT/resize-window.png" "$OUT/resize-shot.png" null: 2>&1)" = 0 ]
}
for i in $(seq 40); do window_is_shot && break; sleep 0.25; done
wait_exit "$pid" 60
expect "resize: the replay on weston exits 0 (code $EXIT_CODE)" [ "$EXIT_CODE" = 0 ]
# WAYLAND_DEBUG's lines, in order: each buffer's size when made, each attach,
# each release, each window geometry SDL set (no libdecor: its frame would
# be inside the geometry). The window's surface is the one most attached to. A buffer attached again must
# have been released since; after the window takes a size, every buffer
# attached has that size in pixels.
python3 - "$OUT/resize.err" >"$OUT/resize.check" <<'PY'
import re, sys
from collections import Counter
lines = open(sys.argv[1], errors="replace").read().splitlines()
surface = Counter(m[1] for l in lines if (m := re.search(r"-> (wl_surface@\d+)\.attach\(wl_buffer@", l))).most_common(1)[0][0]
size, held, geometry = {}, set(), None
attaches = reattached = wrong = releases = 0
for line in lines:
    if m := re.search(r"create_buffer\(new id (wl_buffer@\d+), \d+, (\d+), (\d+),", line):
        size[m[1]] = (int(m[2]), int(m[3]))
    elif m := re.search(r"-> xdg_surface@\d+\.set_window_geometry\(0, 0, (\d+), (\d+)\)", line):
        geometry = (int(m[1]), int(m[2]))
    elif m := re.search(r"-> " + surface + r"\.attach\((wl_buffer@\d+),", line):
        attaches += 1
        if m[1] in held: reattached += 1
        held.add(m[1])
        if geometry and size.get(m[1]) != geometry: wrong += 1
    elif m := re.search(r"(wl_buffer@\d+)\.release\(\)", line):
        releases += 1
        held.discard(m[1])
print(f"attaches={attaches} releases={releases} reattached_while_held={reattached} wrong_size={wrong} buffers={len(size)}")
PY
cat "$OUT/resize.check"
check "resize: frames were attached and released" 'grep -Eq "attaches=[1-9][0-9]+ releases=[1-9]" "$OUT/resize.check"'
check "no buffer attached again before the compositor released it" 'grep -q "reattached_while_held=0 " "$OUT/resize.check"'
check "resize: every buffer attached after a resize has the window's new size" 'grep -q "wrong_size=0 " "$OUT/resize.check"'
expect "resize: the presenter wrote no buffer the compositor held" grep -q "0 written while held" "$OUT/resize.err"
expect "resize: the layout follows the last size (the strip 16 pt above 600)" grep -q '"frame": \[16, 404, ' "$OUT/resize.out"
# The window's picture is the last frame the app drew (its `shot`): 900 x
# 600, nothing of an older size or frame in it.
expect "resize: weston shows a 900 x 600 window (found $box)" [ "${box%%+*}" = 900x600 ]
expect "resize: what it shows is pixel-equal to the app's last frame" same_picture "$OUT/resize-window.png" "$OUT/resize-shot.png"
stop "$WESTON_PID"
e2e_end
