#!/usr/bin/env bash
# End-to-end tests of the real `trips` binary: Wayland (weston nested on
# Xvfb), X11 (Xvfb), SDL's offscreen driver, bad input, no display, kiosk
# quitting, the idle timeout, the display going away, idle CPU, and the
# kiosk recipe (cage as an unprivileged user). Every process is started
# here and stopped by PID; every wait has a timeout.
# Usage: Tests/e2e/run.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-e2e "e2e" "${1:-}"

# click_opens_the_big_photo NAME CHECK: once the window is drawn
# ($OUT/NAME-0.png), a click on the strip's first photo must open it big
# ($OUT/NAME-open.png), which CHECK names.
click_opens_the_big_photo() {
    local open="$OUT/$1-open.png"
    shoot_until_drawn "$OUT/$1-0.png"
    DISPLAY=$X_DISPLAY xdotool mousemove 300 700 click 1
    sleep 1.2
    DISPLAY=$X_DISPLAY import -window root "$open"
    check "$2" 'at_least "$(non_background "$open" 100 120 700 400)" 0.97 && strip_slot_empty "$open"'
}

# --- (3) offscreen: --frames/--screenshot with no display at all -----------
SDL_VIDEODRIVER=offscreen "$TRIPS" --frames 3 --screenshot "$OUT/offscreen.png" 2>"$OUT/offscreen.err"
rc=$?
expect "offscreen: --frames 3 --screenshot exits 0" [ "$rc" = 0 ]
expect "offscreen: the screenshot shows the Overview's photos and title" overview_is_drawn "$OUT/offscreen.png"

# --- (5) no display at all --------------------------------------------------
msg=$(env -u DISPLAY -u WAYLAND_DISPLAY "$TRIPS" 2>&1); rc=$?
expect "no display: exit code 3" [ "$rc" = 3 ]
expect "no display: says which variables to set" [ "$msg" = "trips: no Wayland or X11 display (set WAYLAND_DISPLAY or DISPLAY)" ]

# --- (4) bad input ----------------------------------------------------------
bad_dir="$OUT/bad"; mkdir -p "$bad_dir"
cp Assets/photos/dune.jpg "$bad_dir/good.jpg"
head -c 6000 Assets/photos/storm.jpg >"$bad_dir/truncated.jpg"
echo "this is not a photo" >"$bad_dir/notes.jpg"
cat >"$bad_dir/trips.json" <<'JSON'
{"trips": [
  {"id": "missing", "city": "Atlantis", "nights": 2, "photo": "missing.jpg"},
  {"id": "cut", "city": "Cutoff", "nights": 1, "photo": "truncated.jpg"},
  {"id": "text", "city": "Notes", "nights": 3, "photo": "notes.jpg"},
  {"id": "good", "city": "Good", "nights": 4, "photo": "good.jpg"}
]}
JSON
SDL_VIDEODRIVER=offscreen "$TRIPS" --trips "$bad_dir/trips.json" --frames 2 --screenshot "$OUT/bad.png" 2>"$OUT/bad.err"
rc=$?
expect "bad photos: the app goes on (exit 0)" [ "$rc" = 0 ]
expect "bad photos: missing file logged with its name" grep -q "photo $bad_dir/missing.jpg: does not exist" "$OUT/bad.err"
expect "bad photos: truncated JPEG logged as truncated" grep -q "photo $bad_dir/truncated.jpg: truncated JPEG" "$OUT/bad.err"
expect "bad photos: non-image logged with SDL_image's reason" grep -q "photo $bad_dir/notes.jpg: SDL_image cannot read it: " "$OUT/bad.err"
expect "bad photos: one line per broken photo" [ "$(grep -c '^trips: photo ' "$OUT/bad.err")" = 3 ]
ph=$(near_colour "$OUT/bad.png" 40 620 600 140 "$PLACEHOLDER")
expect "bad photos: a placeholder tile stands in the broken photo's place ($ph)" at_least "$ph" 0.8
text=$(awk -v p="$(near_colour "$OUT/bad.png" 300 680 120 30 "$PLACEHOLDER")" 'BEGIN { print 1 - p }')
expect "bad photos: the placeholder names the city ($text of its middle is lettering)" at_least "$text" 0.02

printf '{"trips": [\n  {"id": "a", "city": "A", "nights": 1, "photo": "a.jpg"},\n  {"id": "b" "city": "B"}\n]}\n' >"$OUT/malformed.json"
msg=$("$TRIPS" --trips "$OUT/malformed.json" 2>&1); rc=$?
expect "malformed trips.json: exit 2" [ "$rc" = 2 ]
expect "malformed trips.json: names the file and line" grep -q "^trips: $OUT/malformed.json:3: not valid JSON" <<<"$msg"
printf '{"trips": [{"id": "a", "city": "A", "nights": "many", "photo": "a.jpg"}]}' >"$OUT/badfield.json"
msg=$("$TRIPS" --trips "$OUT/badfield.json" 2>&1); rc=$?
check "bad field in trips.json: exit 2 naming the field" '[ "$rc" = 2 ] && grep -q "trips\[0\].nights must be a whole number" <<<"$msg"'
msg=$("$TRIPS" --trips "$OUT/nope.json" 2>&1); rc=$?
check "missing trips.json: exit 2 naming the file" '[ "$rc" = 2 ] && grep -q "$OUT/nope.json: the trips file does not exist" <<<"$msg"'
msg=$("$TRIPS" --frobnicate 2>&1); rc=$?
check "unknown flag: usage and exit 2" '[ "$rc" = 2 ] && grep -q "unknown option .--frobnicate." <<<"$msg" && grep -q "^Usage: trips" <<<"$msg"'
msg=$(SDL_VIDEODRIVER=offscreen TRIPS_FONT_DIR=/nonexistent "$TRIPS" --frames 1 --screenshot "$OUT/nofont.png" 2>&1); rc=$?
check "missing font: a clear message and the photos still show" \
    '[ "$rc" = 0 ] && grep -q "fonts-dejavu-core" <<<"$msg" && at_least "$(non_background "$OUT/nofont.png" 40 620 600 140)" 0.9'
msg=$(SDL_VIDEODRIVER=offscreen "$TRIPS" --photos Assets/photos --frames 1 --screenshot "$OUT/folder.png" 2>&1); rc=$?
check "--photos DIR: shows a folder's photos" '[ "$rc" = 0 ] && overview_is_drawn "$OUT/folder.png"'

# --- (2) X11 directly on Xvfb ------------------------------------------------
if start_xvfb 1280x800; then
    DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --fullscreen 2>"$OUT/x11.err" &
    pid=$!; track "$pid"
    shoot_until_drawn "$OUT/x11.png"
    expect "x11: the real window shows the Overview's photos" overview_is_drawn "$OUT/x11.png"
    expect "x11: SDL chose the x11 driver" grep -q "video x11" "$OUT/x11.err"
    # An idle window must sleep, not spin: CPU ticks over 3 s (100 per s).
    t0=$(awk '{print $14 + $15}' "/proc/$pid/stat"); sleep 3; t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    expect "x11: an idle window uses almost no CPU ($((t1 - t0)) ticks in 3 s)" at_most "$((t1 - t0))" 15
    DISPLAY=$X_DISPLAY xdotool key ctrl+q; for i in $(seq 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    wait "$pid"; rc=$?
    expect "x11: Ctrl+Q quits a desktop window with code 0" [ "$rc" = 0 ]

    # Mouse: xdotool presses, drags and releases on the real window; the
    # screenshots show the result, and --record writes what was done.
    DISPLAY=$X_DISPLAY "$TRIPS" --fullscreen --record "$OUT/mouse.txt" --state "$OUT/mouse-state.json" 2>"$OUT/mouse.err" &
    pid=$!; track "$pid"
    click_opens_the_big_photo mouse "mouse: a click on a strip photo opens the big photo"
    DISPLAY=$X_DISPLAY xdotool mousemove 460 300 mousedown 1
    for y in 320 360 400 440 480 520 560; do DISPLAY=$X_DISPLAY xdotool mousemove 460 $y; sleep 0.03; done
    DISPLAY=$X_DISPLAY xdotool mouseup 1
    sleep 1.5
    DISPLAY=$X_DISPLAY import -window root "$OUT/mouse-closed.png"
    check "mouse: dragging it down 260 pt puts it back (its slot is filled, the hero shows)" 'overview_is_drawn "$OUT/mouse-closed.png"'
    stop "$pid"
    check "record: the mouse session was written as a script" 'grep -qE "^at [0-9.]+ +mouse down 300 700" "$OUT/mouse.txt" && grep -q "mouse up" "$OUT/mouse.txt"'
    (echo "at 99999 state" >>"$OUT/mouse.txt"; SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/mouse.txt" >"$OUT/mouse-replay.jsonl" 2>&1)
    check "record: replaying the recording opens and closes Lisbon again" \
        'grep -q "\"event\": \"open\", \"trip\": \"lisbon\"" "$OUT/mouse-replay.jsonl" && grep -q "\"event\": \"close\"" "$OUT/mouse-replay.jsonl"'

    # Kiosk: quit keys refused; SIGTERM and SIGINT end it cleanly within a second.
    for sig in TERM INT; do
        DISPLAY=$X_DISPLAY "$TRIPS" --kiosk 2>"$OUT/kiosk.err" &
        pid=$!; track "$pid"
        sleep 1.5
        for keys in ctrl+q Escape alt+F4 ctrl+w ctrl+c; do DISPLAY=$X_DISPLAY xdotool key $keys; done; sleep 0.3
        expect "kiosk: Ctrl+Q, Escape, Alt+F4, Ctrl+W and Ctrl+C do not end it" kill -0 "$pid"
        start=$(date +%s%N); kill -"$sig" "$pid"; wait "$pid"; rc=$?; ms=$(( ($(date +%s%N) - start) / 1000000 ))
        expect "kiosk: SIG$sig ends it with code 0 within a second (code $rc, $ms ms)" [ "$rc" = 0 -a "$ms" -lt 1000 ]
    done

    # Idle timeout: a photo opened in the real window goes back by itself.
    DISPLAY=$X_DISPLAY "$TRIPS" --kiosk --idle 2 --state "$OUT/idle-state.json" 2>"$OUT/idle.err" &
    pid=$!; track "$pid"
    click_opens_the_big_photo idle "idle: a click opens the big photo (kiosk, --idle 2)"
    sleep 2.3
    DISPLAY=$X_DISPLAY import -window root "$OUT/idle-back.png"
    check "idle: 3.5 s after the last input the window shows the Overview again" 'overview_is_drawn "$OUT/idle-back.png"'
    stop "$pid"

    # --- (1) the real Wayland path: weston nested on this Xvfb ---------------
    if start_weston 1280x800; then
        WAYLAND_DISPLAY=$WL_SOCKET DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --fullscreen 2>"$OUT/wayland.err" &
        pid=$!; track "$pid"
        shoot_until_drawn "$OUT/wayland.png"
        expect "wayland: the window under weston shows the Overview's photos" overview_is_drawn "$OUT/wayland.png"
        expect "wayland: SDL chose wayland although DISPLAY is set too" grep -q "video wayland" "$OUT/wayland.err"
        start=$(date +%s%N); kill -TERM "$pid"; wait "$pid"; rc=$?; ms=$(( ($(date +%s%N) - start) / 1000000 ))
        expect "wayland: SIGTERM ends it with code 0 within a second ($ms ms)" [ "$rc" = 0 -a "$ms" -lt 1000 ]
        # The screens of docs/BEHAVIOUR.md in the real window under weston, shot by the
        # app itself (--replay --window runs the script in a visible window).
        (cd "$OUT" && WAYLAND_DISPLAY=$WL_SOCKET "$TRIPS" --replay "$OLDPWD/Tests/e2e/scripts/screens.txt" --window >screens.jsonl 2>screens.err)
        rc=$?
        expect "wayland: the screens script replays in a window (code $rc)" [ "$rc" = 0 ]
        check "screens: the Overview shows its strip and the hero above it" 'overview_is_drawn "$OUT/overview.png"'
        check "screens: the big photo fills its frame and its strip slot stays empty" \
            'at_least "$(non_background "$OUT/big.png" 100 120 700 400)" 0.97 && at_most "$(non_background "$OUT/big.png" 40 620 600 140)" 0.01'
        diff=$(compare -metric AE -fuzz 10% "$OUT/big.png" "$OUT/zoomed.png" null: 2>&1 | cut -d' ' -f1)
        check "screens: zoomed 2x differs from 1x ($diff pixels) and shows the badge" \
            'at_least "$diff" 100000 && at_least "$(near_colour "$OUT/zoomed.png" 840 84 50 22 "rgb(255,255,255)")" 0.03'
        check "screens: mid-pull the photo is 100 pt lower (its old top is background)" \
            'at_least "$(near_colour "$OUT/midpull.png" 100 75 700 85 "$BG")" 0.99 && at_least "$(non_background "$OUT/midpull.png" 100 180 700 300)" 0.97'
        check "screens: after the pull the photo sprang back (still enlarged)" 'grep -q "\"enlarged\": \"lisbon\"" "$OUT/screens.jsonl"'
        (cd "$OUT" && WAYLAND_DISPLAY=$WL_SOCKET "$TRIPS" --playground --replay "$OLDPWD/Tests/e2e/scripts/playground.txt" --window >playground.jsonl 2>playground.err)
        check "screens: the playground shows its square and circle" \
            'at_least "$(near_colour "$OUT/playground.png" 600 370 80 60 "rgb(255,159,10)")" 0.9 && at_least "$(near_colour "$OUT/playground.png" 625 565 30 30 "rgb(10,132,255)")" 0.9'
        check "screens: two fingers turned the square" 'grep -q "\"angle\": [1-9]" "$OUT/playground.jsonl"'

        # Windowed under weston: the window is placed by the compositor, so
        # look for the photos anywhere: colourful pixels the dark UI lacks.
        WAYLAND_DISPLAY=$WL_SOCKET "$TRIPS" --size 900x700 2>"$OUT/wayland-windowed.err" &
        pid=$!; track "$pid"; sleep 3
        DISPLAY=$X_DISPLAY import -window root "$OUT/wayland-windowed.png"
        sat=$(convert "$OUT/wayland-windowed.png" -colorspace HSL -channel G -separate +channel -threshold 30% -format "%[fx:mean]" info:)
        expect "wayland: a desktop window shows photos ($sat of the screen is colourful)" at_least "$sat" 0.05
        stop "$pid"; stop "$WESTON_PID"
    else
        bad "wayland: weston nested on Xvfb did not start"
    fi

    # A desktop window on a scale-2 output of 640 x 400 points: the default
    # 1280 x 800-point window would show a quarter of itself; it is made no
    # larger than the output, so the trip list's right end is on screen.
    if start_weston 1280x800 2; then
        WAYLAND_DISPLAY=$WL_SOCKET TRIPS_VERBOSE=1 "$TRIPS" 2>"$OUT/wayland-hidpi.err" &
        pid=$!; track "$pid"
        # The column is the app's background with lettering and the hero's
        # row marked (weston's wallpaper is neither; a cut-off window's empty
        # area has no lettering).
        nights='at_least "$(near_colour "$OUT/wayland-hidpi.png" 1100 80 140 600 "$BG")" 0.7 && at_least "$(non_background "$OUT/wayland-hidpi.png" 1100 80 140 600)" 0.02'
        shoot_until "$OUT/wayland-hidpi.png" 10 "$nights"
        check "wayland: at scale 2 a desktop window fits the output (its list's nights column at pixels 1100...1240)" \
            "$nights"' && grep -q "scale 2.0" "$OUT/wayland-hidpi.err"'
        stop "$pid"; stop "$WESTON_PID"
    else
        bad "wayland: weston nested on Xvfb did not start"
    fi

    # The compositor goes away under a kiosk: exit 4 (systemd restarts it)
    # and a line that says so, not the 0 of a SIGTERM.
    if start_weston 1280x800; then
        kiosk_loses_display weston-lost "$WESTON_PID" \
            "^trips: the display connection was lost (the Wayland compositor at $WL_SOCKET went away: " WAYLAND_DISPLAY=$WL_SOCKET
    else
        bad "compositor lost: weston nested on Xvfb did not start"
    fi
    stop "$XVFB_PID"
else
    bad "x11: Xvfb did not start"
fi

# The X server goes away under a kiosk on the X11 path: the same.
if start_xvfb 1280x800; then
    kiosk_loses_display x11-lost "$XVFB_PID" \
        "^trips: the display connection was lost (the X server at DISPLAY=$X_DISPLAY closed the connection)$" DISPLAY=$X_DISPLAY
else
    bad "display lost: Xvfb did not start"
fi

# --- the kiosk recipe of the README: cage, headless, as an unprivileged user
# cage refuses root: as root the test runs it as trips-kiosk (made if
# missing). The binary and Assets are copied where that user can read them;
# its XDG_RUNTIME_DIR is its own. grim, as the same user, shoots the output.
# cage 0.1.4 will not start without Xwayland.
if ! command -v cage >/dev/null || ! command -v grim >/dev/null || ! command -v Xwayland >/dev/null; then
    bad "cage: cage, grim and Xwayland are needed (make test installs them)"
else
    as_unprivileged true # makes the user now: install -o below needs it
    kdir="$OUT/kiosk"; krt="$kdir/runtime"
    chmod 711 "$OUT"
    mkdir -p "$kdir" && cp "$TRIPS" "$kdir/trips" && cp -r Assets "$kdir/Assets" && chmod -R a+rX "$kdir"
    install -d -m 700 -o "$UNPRIVILEGED_USER" "$krt"
    # A launcher inside cage writes trips's PID and exit code; the shell
    # that execs cage writes cage's: both are stopped by PID.
    cat >"$kdir/kiosk.sh" <<'SH'
#!/bin/sh
WAYLAND_DEBUG=client "$(dirname "$0")/trips" --kiosk --state "$XDG_RUNTIME_DIR/state.json" 2>"$XDG_RUNTIME_DIR/trips.err" &
echo $! >"$XDG_RUNTIME_DIR/trips.pid"
wait $!
echo $? >"$XDG_RUNTIME_DIR/trips.rc"
SH
    chmod 755 "$kdir/kiosk.sh"
    as_unprivileged env -i PATH=/usr/bin:/bin HOME="$krt" XDG_RUNTIME_DIR="$krt" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 \
        sh -c 'echo $$ >"$XDG_RUNTIME_DIR/cage.pid"; exec cage -d -- "$0"' "$kdir/kiosk.sh" >"$OUT/cage.log" 2>&1 &
    track $!
    if wait_for_file "$krt/cage.pid" 5 && wait_for_file "$krt/trips.pid" 10; then
        cage_pid=$(cat "$krt/cage.pid"); trips_pid=$(cat "$krt/trips.pid"); track "$cage_pid"; track "$trips_pid"
        for i in $(seq 40); do
            as_unprivileged env XDG_RUNTIME_DIR="$krt" WAYLAND_DISPLAY=wayland-0 grim "$krt/shot.png" 2>>"$OUT/grim.err" \
                && cp "$krt/shot.png" "$OUT/cage.png" && title_gap_is_drawn "$OUT/cage.png" && break
            sleep 0.25
        done
        size=$(identify -format "%wx%h" "$OUT/cage.png" 2>/dev/null)
        expect "cage: grim shoots cage's whole 1280x720 headless output ($size)" [ "$size" = 1280x720 ]
        expect "cage: trips --kiosk shows the Overview fullscreen on it" overview_is_drawn "$OUT/cage.png" 720
        expect "cage: SDL inhibits idle through the compositor (zwp_idle_inhibitor)" \
            grep -q "zwp_idle_inhibit_manager_v1@[0-9]*\.create_inhibitor" "$krt/trips.err"
        kill -KILL "$cage_pid"
        wait_for_file "$krt/trips.rc" 5
        rc=$(cat "$krt/trips.rc" 2>/dev/null)
        expect "cage: killing the compositor ends trips with code 4 (code $rc)" [ "$rc" = 4 ]
        expect "cage: and trips says the display connection was lost" grep -q "^trips: the display connection was lost (" "$krt/trips.err"
        stop "$trips_pid"
    else
        bad "cage: cage did not start trips" "$(tail -5 "$OUT/cage.log")"
    fi
fi

echo "e2e screenshots: $OUT"
e2e_end
