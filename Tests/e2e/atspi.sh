#!/usr/bin/env bash
# End-to-end tests of the AT-SPI bridge (docs/ACCESSIBILITY.md), as a
# screen reader's user meets it: a D-Bus session with at-spi-bus-launcher
# and the registry, Trips in a real window on Xvfb (and under weston for
# Wayland), read and driven by pyatspi (Tests/e2e/atspi-client.py), then by
# Orca 43 itself, whose debug log's SPEECH OUTPUT lines are what a blind
# visitor hears. And without a bus, or with NO_AT_BRIDGE=1, nothing changes.
# Usage: Tests/e2e/atspi.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh

# The whole test runs in a D-Bus session of its own.
if [ -z "${TRIPS_ATSPI_SESSION:-}" ]; then
    exec env TRIPS_ATSPI_SESSION=1 dbus-run-session -- "$0" "$@" 2>/dev/null
fi
e2e_begin trips-atspi "e2e atspi" "${1:-}"
unset NO_AT_BRIDGE AT_SPI_BUS_ADDRESS LANGUAGE LC_ALL LC_MESSAGES
export LANG=C.UTF-8
CLIENT="/usr/bin/python3 Tests/e2e/atspi-client.py"

/usr/libexec/at-spi-bus-launcher --launch-immediately >"$OUT/bus-launcher.log" 2>&1 &
track $!
for i in $(seq 100); do
    gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
    sleep 0.05
done
start_xvfb 1280x800 || { bad "Xvfb did not start"; e2e_end; exit; }
export DISPLAY=$X_DISPLAY

# run_client MODE [ARG]: the client's lines count as this script's tests.
run_client() {
    local line done=""
    while IFS= read -r line; do
        case "$line" in
            "client: done "*) done=1 ;;
            "ok   - "*) ok "${line#ok   - }" ;;
            "FAIL - "*"on the bus") bad "${line#FAIL - }" "$(app_state)" ;;
            "FAIL - "*) bad "${line#FAIL - }" ;;
            *) echo "$line" ;;
        esac
    done < <(timeout 60 $CLIENT "$1" "$OUT" "${@:2}" 2>>"$OUT/client.err")
    [ -n "$done" ] || bad "the pyatspi client ($1) ended early" "$(tail -3 "$OUT/client.err")"
}

# app_state: whether the app is running and the last lines of the newest
# app log, for a client that did not find it.
app_state() {
    if kill -0 "${APP_PID:-0}" 2>/dev/null; then echo "the app is running; its log ends:"; else echo "the app is gone; its log ends:"; fi
    grep -v "the screen reader \(passed on\|took\) a key" "$(ls -t "$OUT"/trips*.err | head -1)" 2>/dev/null | tail -4
}

# start_app ARGS...: Trips in a 1000 x 700 window (centred on the screen,
# so screen and window coordinates differ); sets APP_PID.
start_app() {
    "$TRIPS" --size 1000x700 "$@" 2>>"$OUT/trips.err" &
    APP_PID=$!; track "$APP_PID"
}

# ATSPI_ONLY=orca runs the Orca part on X11 alone, ATSPI_ONLY=wayland the
# Wayland part (while working on them).
if [ -z "${ATSPI_ONLY:-}" ]; then
# The Overview: roles, names, states, extents against the screenshot, Tab,
# a click, +, and bad D-Bus calls.
start_app
run_client overview
check "the app is still running after the bad calls" 'kill -0 $APP_PID'
stop "$APP_PID"

# Paging through a trip of three photos.
ln -s "$PWD/Assets/photos" "$OUT/photos"
cat >"$OUT/paged.json" <<'EOF'
{"trips": [
  {"id": "lisbon", "city": "Lisbon", "nights": 4, "photos": ["photos/dune.jpg", "photos/storm.jpg", "photos/garden.jpg"]},
  {"id": "kyoto", "city": "Kyoto", "nights": 5, "photo": "photos/aqua.jpg"}
]}
EOF
start_app --trips "$OUT/paged.json"
run_client paging
stop "$APP_PID"

# The attract loop after a second without input.
start_app --idle 1 --slide 3
run_client attract
stop "$APP_PID"

# French, the same strings the UI draws.
start_app --lang fr
run_client french
stop "$APP_PID"

# A reader's focus and click are recorded (--record) as inputs of their
# own, and the recording replays to the state they left live.
start_app --record "$OUT/reader.txt"
run_client recorded >"$OUT/reader-live.txt"; cat "$OUT/reader-live.txt"
stop "$APP_PID"
live=$(sed -n 's/^live: //p' "$OUT/reader-live.txt")
last=$(awk '/^at /{ t = $2 } END { print int(t) + 1500 }' "$OUT/reader.txt")
{ cat "$OUT/reader.txt"; echo "at $last state"; } >"$OUT/reader-replay.txt"
replayed=$(SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OUT/reader-replay.txt" 2>"$OUT/reader-replay.err" | /usr/bin/python3 -c '
import json, sys
s = [json.loads(l) for l in sys.stdin if "\"screen\"" in l][-1]
big = {"lisbon": "Lisbon", "reykjavik": "Reykjavik", "kyoto": "Kyoto"}.get(s["enlarged"], s["enlarged"])
print("focus %s, big photo %s" % (s["focus"], big and "Photo of " + big))')
check "a reader's GrabFocus and doAction are in the recording ($(grep -c '^at .* reader ' "$OUT/reader.txt") reader lines)" \
    'grep -q "^at .* reader focus row:kyoto$" "$OUT/reader.txt" && grep -q "^at .* reader click strip:reykjavik$" "$OUT/reader.txt"'
check "the recording replays to the state the reader left (live: $live; replayed: $replayed)" \
    '[ -n "$live" ] && [ "$live" = "$replayed" ]'

fi
# Orca 43, with speech-dispatcher's dummy module: what it says when Tab
# reaches a photo, and after + on the opened photo, in English and French.
mkdir -p "$OUT/config/speech-dispatcher" "$OUT/home"
cat >"$OUT/config/speech-dispatcher/speechd.conf" <<'EOF'
AddModule "dummy" "sd_dummy" ""
DefaultModule dummy
AudioOutputMethod "libao"
EOF
# start_orca NAME: Orca with its debug log in $OUT/NAME.log, once it has
# read the desktop's applications (Trips among them); sets ORCA_PID. Orca
# (/usr/bin/orca, as it is) opens its log with open(): here line-buffered,
# so the test can wait for what it says (on a loaded machine Orca may fall
# seconds behind, and may not get to flush before it is stopped).
start_orca() {
    HOME="$OUT/home" XDG_CONFIG_HOME="$OUT/config" XDG_DATA_HOME="$OUT/home/data" GSETTINGS_BACKEND=memory \
        ORCA_LOG="$OUT/$1.log" /usr/bin/python3 -c '
import builtins, os, runpy, sys
plain = builtins.open
def open_log(file, mode="r", *args, **kwargs):
    if file == os.environ["ORCA_LOG"] and "w" in mode:
        return plain(file, mode, 1)
    return plain(file, mode, *args, **kwargs)
builtins.open = open_log
sys.argv = ["orca", "--replace", "--debug-file=" + os.environ["ORCA_LOG"]]
runpy.run_path("/usr/bin/orca", run_name="__main__")' >"$OUT/$1.out" 2>&1 &
    ORCA_PID=$!; track "$ORCA_PID"
    for i in $(seq 200); do grep -q "trips" "$OUT/$1.log" 2>/dev/null && break; sleep 0.1; done
    sleep 2
}
# stop_orca NAME: Orca writes its log unflushed, and takes seconds to shut
# down: SIGTERM, and time to finish (lib.sh's stop would SIGKILL it after
# 3 s); its SPEECH OUTPUT lines go to $OUT/NAME-speech.txt.
stop_orca() {
    kill -TERM "$ORCA_PID"
    for i in $(seq 300); do kill -0 "$ORCA_PID" 2>/dev/null || break; sleep 0.05; done
    stop "$ORCA_PID"
    grep "SPEECH OUTPUT" "$OUT/$1.log" >"$OUT/$1-speech.txt"
}
# said NAME TEXT: Orca said a line starting with TEXT in NAME's log;
# says NAME TEXT: a line with TEXT anywhere.
said() { grep -q "SPEECH OUTPUT: .$2" "$OUT/$1-speech.txt"; }
# said_again NAME: Orca said a photo's name twice in a row (where am I
# repeats what Tab's announcement said).
said_again() { sed -n "s/.*SPEECH OUTPUT: '\([^']*\)'.*/\1/p" "$OUT/$1-speech.txt" | uniq -d | grep -q "^Photo of .* push button.\$"; }
says() { grep -q "SPEECH OUTPUT: .*$2" "$OUT/$1-speech.txt"; }
opened() { timeout 20 $CLIENT opened "$OUT" 2>>"$OUT/client.err" | head -1; }
# zoomed NAME WORD: waits until the open photo's value is a zoom (it is
# published once the zoom settles), 8 s at most, then until Orca has said
# WORD in NAME's log, 8 s more at most; prints what `opened` said.
zoomed() {
    local z i
    for i in $(seq 16); do
        z=$(opened)
        case "$z" in *"Zoomed in"*|*Agrandie*) break ;; esac
        sleep 0.5
    done
    for i in $(seq 80); do grep -q "SPEECH OUTPUT: .*$2" "$OUT/$1.log" && break; sleep 0.1; done
    echo "$z"
}

if [ "${ATSPI_ONLY:-}" != wayland ]; then
TRIPS_VERBOSE=1 start_app
sleep 1
start_orca orca
# Tab: the playground button, then the first strip photo. The keypad's
# Enter is Orca's "where am I" (desktop layout): Orca takes it, and the
# photo, which Enter would open, stays shut. Return opens it; + zooms.
xdotool key Tab; sleep 1.5
xdotool key Tab; sleep 1.5
xdotool key KP_Enter; sleep 2
shut=$(opened)
xdotool key Return; sleep 2
xdotool key plus
zoomed=$(zoomed orca "Zoomed in")
DISPLAY=$X_DISPLAY import -window root "$OUT/orca-zoomed.png"
stop "$APP_PID"
# The same in French, to the same Orca.
TRIPS_VERBOSE=1 start_app --lang fr
sleep 2
xdotool key Tab; sleep 1.5
xdotool key Tab; sleep 1.5
xdotool key Return; sleep 2
xdotool key plus
zoomed_fr=$(zoomed orca Agrandie)
DISPLAY=$X_DISPLAY import -window root "$OUT/orca-fr.png"
stop_orca orca
check "Orca says the focused photo's name when Tab reaches it" 'said orca "Photo of Lisbon"'
check "Orca says the zoom after +" 'says orca "Zoomed in"'
check "a key Orca takes (KP_Enter, where am I) does not act in Trips: the photo stays shut" \
    'grep -q "screen reader took a key" "$OUT/trips.err" && said_again orca && [ "$shut" = "opened: no" ]'
check "keys Orca passes on act: Return opened the photo and + zoomed it ($zoomed)" \
    '[ "${zoomed#opened: yes, Zoomed in}" != "$zoomed" ]'
check "in French, Orca says the photo's name (Photo de Lisbon) and its zoom ($zoomed_fr)" \
    'said orca "Photo de Lisbon" && says orca "Agrandie"'
grep "screen reader took\|passed on a key\|no verdict" "$OUT/trips.err" | sed 's/^/       /'
stop "$APP_PID"
fi

[ "${ATSPI_ONLY:-}" = orca ] && { e2e_end; exit; }
# Wayland: weston nested on Xvfb at scale 2, kiosk-shell (the window at
# 0, 0), and the input module (weston-input.c): keys come through weston's
# own keyboard, as from hardware, so X11 sees none of them and Orca hears
# them only from the app (KeyForwarding). Orca stays on the AT-SPI bus.
PLUGIN="$OUT/weston-input.so" FIFO="$OUT/input.fifo"
# keys MARK SCRIPT: weston plays SCRIPT (weston-input.c's lines), then MARK.
keys() {
    printf '%b\nmark %s\n' "$2" "$1" >"$FIFO"
    for i in $(seq 300); do grep -q "weston-input: mark $1\$" "$OUT/weston.log" && break; sleep 0.05; done
}
# evdev codes: Escape 1, = 13, Tab 15, Return 28, Shift 42, KP_7 71 and
# KP_8 72 (KP_Home and KP_Up: flat review's previous and current line),
# KP_Enter 96.
mkfifo "$FIFO"; export TRIPS_INPUT_FIFO="$FIFO"
if build_weston_input "$PLUGIN" && start_weston 1280x800 2 --shell=kiosk-shell.so --modules="$PLUGIN"; then
    printf 'size 640 400\nat 100 state\n' >"$OUT/hidpi.txt"
    expected=$("$TRIPS" --replay "$OUT/hidpi.txt" 2>/dev/null | /usr/bin/python3 -c '
import json, sys
s = json.loads(sys.stdin.read().splitlines()[-1])
f = [e["frame"] for e in s["a11y"] if e["label"] == "Photo of Lisbon"][0]
print(" ".join(str(round(v * 2)) for v in f))')
    WAYLAND_DISPLAY=$WL_SOCKET TRIPS_VERBOSE=1 "$TRIPS" 2>>"$OUT/trips-wayland.err" &
    APP_PID=$!; track "$APP_PID"
    run_client wayland "$expected"
    # The pointer on the window gives it this seat's keyboard; Escape closes
    # the photo the client opened.
    keys close 'pointer 320 120\nwait 100\nkey 1\nwait 1000'
    closed=$(opened)
    # A reader slower than the app's 100 ms: the key acts once, on time-out.
    run_client slow "$FIFO"
    check "wayland: slow reader: the app acted on its own, after 100 ms" 'grep -q "no verdict on a key" "$OUT/trips-wayland.err"'
    start_orca orca-wayland
    keys tab1 'key 15\nwait 1500'
    keys tab2 'key 15\nwait 1500'
    keys where 'key 96\nwait 2000'
    shut=$(opened)
    keys review 'key 72\nwait 1500\nkey 71\nwait 1500'
    keys open 'key 28\nwait 2000'
    keys zoom 'keydown 42\nkey 13\nkeyup 42'
    zoomed=$(zoomed orca-wayland "Zoomed in")
    DISPLAY=$X_DISPLAY import -window root "$OUT/wayland-zoomed.png"
    stop "$APP_PID"
    WAYLAND_DISPLAY=$WL_SOCKET TRIPS_VERBOSE=1 "$TRIPS" --lang fr 2>>"$OUT/trips-wayland.err" &
    APP_PID=$!; track "$APP_PID"
    sleep 2
    keys fr 'pointer 320 120\nwait 100\nkey 15\nwait 1500\nkey 15\nwait 1500\nkey 28\nwait 2000\nkeydown 42\nkey 13\nkeyup 42'
    zoomed_fr=$(zoomed orca-wayland Agrandie)
    DISPLAY=$X_DISPLAY import -window root "$OUT/wayland-fr.png"
    stop_orca orca-wayland
    check "wayland: Escape through weston closes the photo ($closed)" '[ "$closed" = "opened: no" ]'
    check "wayland: Orca says the focused photo's name when Tab (through weston) reaches it" 'said orca-wayland "Photo of Lisbon"'
    check "wayland: Orca takes KP_Enter (where am I): it speaks, and the photo stays shut ($shut)" \
        'said_again orca-wayland && [ "$shut" = "opened: no" ]'
    # Flat review's current line is the strip, its names in one utterance;
    # the previous line is another.
    review=$(sed -n "s/.*SPEECH OUTPUT: '\(Photo of Lisbon Photo of [^']*\)'.*/\1/p; T; n; s/.*SPEECH OUTPUT: '\([^']*\)'.*/\1/p" \
        "$OUT/orca-wayland-speech.txt" | tr '\n' '|')
    check "wayland: Orca's flat review (KP_8, KP_7) reads the strip's line and the one above ($review)" \
        '[ -n "${review#*|}" ] && [ "${review#*|}" != "${review%%|*}|" ]'
    check "wayland: Return opened the photo and + zoomed it, and Orca says the zoom ($zoomed)" \
        '[ "${zoomed#opened: yes, Zoomed in}" != "$zoomed" ] && says orca-wayland "Zoomed in"'
    check "wayland: in French, Orca says Photo de Lisbon and its zoom ($zoomed_fr)" \
        'said orca-wayland "Photo de Lisbon" && says orca-wayland "Agrandie"'
    grep "screen reader took\|passed on a key\|no verdict" "$OUT/trips-wayland.err" | sed 's/^/       /'
    stop "$APP_PID"; stop "$WESTON_PID"
else
    bad "wayland: weston nested on Xvfb, with the input module, did not start" "$(head -3 "$OUT/plugin.log")" "$(tail -3 "$OUT/weston.log")"
fi

# No bus, and NO_AT_BRIDGE=1: one line, or none, and the same replay output.
printf 'size 1280 800\nat 200 state\nat 300 key Tab\nat 400 state\n' >"$OUT/plain.txt"
NO_AT_BRIDGE=1 "$TRIPS" --replay "$OUT/plain.txt" >"$OUT/off.jsonl" 2>"$OUT/off.err"
env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$OUT/nobus" "$TRIPS" --replay "$OUT/plain.txt" >"$OUT/nobus.jsonl" 2>"$OUT/nobus.err"
"$TRIPS" --replay "$OUT/plain.txt" >"$OUT/bus.jsonl" 2>/dev/null
check "replay output is the same without a bus, with NO_AT_BRIDGE=1 and with the bus" \
    'cmp -s "$OUT/off.jsonl" "$OUT/nobus.jsonl" && cmp -s "$OUT/off.jsonl" "$OUT/bus.jsonl" && [ -s "$OUT/off.jsonl" ]'
env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$OUT/nobus" "$TRIPS" --frames 3 2>"$OUT/nobus-live.err"
status=$?
check "a live run without a bus says so in one line and runs as before" \
    '[ $status = 0 ] && [ "$(grep -c "no session bus" "$OUT/nobus-live.err")" = 1 ]'
NO_AT_BRIDGE=1 "$TRIPS" --frames 3 2>"$OUT/off-live.err"
status=$?
check "NO_AT_BRIDGE=1: no bridge, not a word about it" '[ $status = 0 ] && ! grep -qi "bus" "$OUT/off-live.err"'

e2e_end
