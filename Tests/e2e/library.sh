#!/usr/bin/env bash
# End-to-end tests of a live photo library on Xvfb: the order a person
# made is kept for the library across a restart and after a trip is added;
# the watch sees adds, deletions, renames, truncations and permission
# changes inside trip folders, a copy in progress, and the library's drive
# unplugged and plugged back (a bind mount), each within 2 s, and the idle
# app does not wake while nothing changes; clips, Live Photos and
# animations are items of their trips, read as such.
# Usage: Tests/e2e/library.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-library "library" "${1:-}"
export XDG_STATE_HOME="$OUT/state"

lib="$OUT/Pictures"
for trip in "2024-05-12 Lisbon" "2024-06-01 Porto" "2024-07-01 Rome"; do
    mkdir -p "$lib/$trip"; cp Assets/photos/storm.jpg "$lib/$trip/a.jpg"
done
start_xvfb 1280x800 >/dev/null || bad "library: Xvfb did not start"

# order_of FILE: the ids of a state file's order, one line.
order_of() { python3 -c 'import json,sys; print(" | ".join(json.load(open(sys.argv[1]))["order"]))' "$1" 2>/dev/null; }

# --- A live reorder with the keyboard: Right focuses the first trip, Ctrl+Right moves it one on.
DISPLAY=$X_DISPLAY "$TRIPS" --photos "$lib" 2>"$OUT/reorder.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/reorder.png"
DISPLAY=$X_DISPLAY xdotool key Right; sleep 0.3
DISPLAY=$X_DISPLAY xdotool key ctrl+Right
saved=
for i in $(seq 40); do saved=$(ls "$XDG_STATE_HOME"/trips/orders/Pictures-*.json 2>/dev/null | head -1); [ -n "$saved" ] && break; sleep 0.1; done
stop "$pid"
check "a library's reorder is saved in a file of its own, keyed by its folder" \
    '[ -n "$saved" ] && [ "$(order_of "$saved")" = "2024-06-01 Porto | 2024-05-12 Lisbon | 2024-07-01 Rome" ]'
check "no other state file was written" '[ ! -e "$XDG_STATE_HOME/trips/state.json" ]'

# --- A trip added while closed takes its place after the kept order; the order read back by the next start.
mkdir -p "$lib/2023-01-01 Oslo"; cp Assets/photos/storm.jpg "$lib/2023-01-01 Oslo/a.jpg"
printf 'size 1280 800\nat 100 state\n' >"$OUT/state.replay"
order=$("$TRIPS" --replay "$OUT/state.replay" --photos "$lib" --state "$saved" 2>"$OUT/replay.err" | python3 -c '
import json, sys
for line in sys.stdin:
    d = json.loads(line)
    if d.get("type", d.get("event")) == "state" or "order" in d: print(" | ".join(d["order"])); break')
check "after a restart with a trip added: the kept order, then the new trip" \
    '[ "$order" = "2024-06-01 Porto | 2024-05-12 Lisbon | 2024-07-01 Rome | 2023-01-01 Oslo" ]'

# --- Photos that move: a clip is an item of its trip with its length, a Live
# Photo's HEIC/JPEG and MOV one item, an animated GIF marked; the binary's
# screen reader tree says so in the visitor's language (French here).
moving="$OUT/Moving"
mkdir -p "$moving/2024-05-01 Porto" "$moving/2024-06-02 Faro" "$moving/2024-04-03 Braga"
ffmpeg -nostdin -loglevel error -f lavfi -i color=red:s=320x240:d=7:r=10 -metadata creation_time=2024-05-01T10:00:00Z -pix_fmt yuv420p \
    "$moving/2024-05-01 Porto/clip.mp4"
cp Assets/photos/dune.jpg "$moving/2024-06-02 Faro/IMG_1.JPG"
ffmpeg -nostdin -loglevel error -f lavfi -i color=orange:s=320x240:d=3:r=10 -pix_fmt yuv420p "$moving/2024-06-02 Faro/IMG_1.MOV"
convert -size 64x48 -delay 20 xc:red xc:blue -loop 0 "$moving/2024-04-03 Braga/anim.gif"
# The strip shows two photos at 1280x800: a wheel notch brings the third in.
printf 'size 1280 800\nat 100 state\nat 200 wheel 0 -1 400 700\nat 1600 state\n' >"$OUT/moving.replay"
labels=$("$TRIPS" --replay "$OUT/moving.replay" --photos "$moving" --lang fr 2>"$OUT/moving.err" | python3 -c '
import json, sys
for line in sys.stdin:
    d = json.loads(line)
    if "a11y" in d: print(" | ".join(a["label"] + (": " + a["value"] if a["value"] else "") for a in d["a11y"]))')
check "a clip, a Live Photo and an animation are read as such, in French" \
    'grep -q "Photo de Braga, Animation | Photo de Porto, Vidéo, 7 secondes |" <<<"$labels" && grep -q "Photo de Porto, Vidéo, 7 secondes | Photo de Faro, Photo Live" <<<"$labels"'
check "the Live Photo is one item (its MOV no photo of its own), the clip one of its trip" \
    'grep -q "Faro: Excursion d.un jour, juin 2024 · 1 photo" <<<"$labels" && grep -q "Porto: Excursion d.un jour, mai 2024 · 1 photo" <<<"$labels"'
check "no clip is called no photo" '! grep -qi "not a photo" "$OUT/moving.err"'

# --- The watch, live. Each change must show in the log's count within 2 s.
watched="$OUT/Watched"
for trip in "2024-05-12 Lisbon" "2024-06-01 Porto"; do
    mkdir -p "$watched/Albums/$trip"
    for n in 1 2 3; do cp Assets/photos/storm.jpg "$watched/Albums/$trip/IMG_$n.jpg"; done
done
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$watched" 2>"$OUT/watch.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/watch-first.png"
sleep 1
# changes_seen: how many "changed" lines the log holds.
changes_seen() { grep -c "Watched changed: " "$OUT/watch.err"; }
# after_change 'COMMAND' 'CONDITION': runs COMMAND, then waits up to 2 s for a
# new change line for which CONDITION (on $last, the newest line) holds;
# sets LATENCY_MS.
after_change() {
    local before t0 i
    before=$(changes_seen); t0=$(date +%s%N)
    eval "$1"
    LATENCY_MS=
    for i in $(seq 200); do
        if [ "$(changes_seen)" -gt "$before" ]; then
            last=$(grep -h -e "Watched changed: " -e "Mounted changed: " "$OUT/watch.err" "$OUT/mount.err" 2>/dev/null | tail -1)
            if eval "$2"; then LATENCY_MS=$((($(date +%s%N) - t0) / 1000000)); return 0; fi
        fi
        sleep 0.01
    done
    return 1
}
# The main thread's wake-ups over 5 s of nothing happening.
wakeups() { local a b; [ -e /proc/$pid/task/$pid/status ] || { echo "no process:"; return; }; a=$(awk '/^voluntary_ctxt_switches/ {print $2}' /proc/$pid/task/$pid/status)
    sleep 5; b=$(awk '/^voluntary_ctxt_switches/ {print $2}' /proc/$pid/task/$pid/status); echo $(((b - a) / 5)); }
idle=$(wakeups)
check "idle, the window's loop wakes at most once a second ($idle a second)" '[ "$idle" -le 1 ] 2>/dev/null'
check "every folder is watched" 'grep -q "Watched: watching 4 folders" "$OUT/watch.err"'
add='for n in $(seq 10 49); do cp Assets/photos/storm.jpg "$watched/Albums/2024-05-12 Lisbon/IMG_$n.jpg"; done'
check "40 photos added inside a trip's folder are seen within 2 s" 'after_change "$add" "grep -q \"changed: 46 photos\" <<<\"\$last\""'
echo "      (after ${LATENCY_MS:-?} ms)"
check "5 deleted are seen within 2 s" 'after_change "rm \"$watched/Albums/2024-05-12 Lisbon\"/IMG_1[0-4].jpg" "grep -q \"changed: 41 photos\" <<<\"\$last\""'
echo "      (after ${LATENCY_MS:-?} ms)"
check "a rename is seen within 2 s" 'after_change "mv \"$watched/Albums/2024-06-01 Porto/IMG_1.jpg\" \"$watched/Albums/2024-06-01 Porto/cover.jpg\"" true'
echo "      (after ${LATENCY_MS:-?} ms)"
check "a truncated photo is seen within 2 s" 'after_change "truncate -s 100 \"$watched/Albums/2024-06-01 Porto/IMG_2.jpg\"" true'
echo "      (after ${LATENCY_MS:-?} ms)"
check "a folder's permissions changed are seen within 2 s" 'after_change "chmod 000 \"$watched/Albums/2024-06-01 Porto\"" true'
echo "      (after ${LATENCY_MS:-?} ms)"
chmod 755 "$watched/Albums/2024-06-01 Porto"
check "a folder made inside, then a photo in it, are seen within 2 s" \
    'after_change "mkdir -p \"$watched/Albums/New/Deeper\" && cp Assets/photos/storm.jpg \"$watched/Albums/New/Deeper/a.jpg\"" "grep -q \"changed: 42 photos\" <<<\"\$last\""'
# A photo copied in slowly (a byte stream through a pipe) joins no trip until it is whole.
slow="$watched/Albums/2024-06-01 Porto/IMG_SLOW.jpg"
{ head -c 2000 Assets/photos/storm.jpg; sleep 2; tail -c +2001 Assets/photos/storm.jpg; } >"$slow" &
copier=$!
sleep 1
check "a photo being copied in is not shown while it is written" '! grep "Watched changed: " "$OUT/watch.err" | tail -1 | grep -q "43 photos"'
wait "$copier"
check "once whole it joins its trip within 2 s" 'after_change true "grep -q \"changed: 43 photos\" <<<\"\$last\""'
check "no photo being copied was ever shown as a trip of its own, nor failed to decode" '! grep -q "IMG_SLOW.jpg" "$OUT/watch.err"'
idle=$(wakeups)
check "idle again after the changes: at most once a second ($idle a second)" '[ "$idle" -le 1 ] 2>/dev/null'
stop "$pid"

# --- The library's drive unplugged and plugged back: a bind mount over its folder.
drive="$OUT/drive"; mountpoint="$OUT/Mounted"
mkdir -p "$drive/Trip" "$mountpoint"; cp Assets/photos/storm.jpg "$drive/Trip/a.jpg"; cp Assets/photos/storm.jpg "$drive/Trip/b.jpg"
if mount --bind "$drive" "$mountpoint" 2>/dev/null; then
    DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$mountpoint" 2>"$OUT/mount.err" &
    pid=$!; track "$pid"
    shoot_until_drawn "$OUT/mount-first.png"
    sleep 1
    changes_seen() { grep -c -e "Mounted changed: " -e "Mounted: has no photos" "$OUT/mount.err"; }
    check "the drive unplugged is seen within 2 s, and its photos kept on screen" \
        'after_change "umount \"$mountpoint\"" "true" && grep -q "Mounted: has no photos.*still showing the photos it had" "$OUT/mount.err"'
    echo "      (after ${LATENCY_MS:-?} ms)"
    check "plugged back, its photos are seen within 2 s" 'after_change "mount --bind \"$drive\" \"$mountpoint\"" "grep -q \"changed: 2 photos\" <<<\"\$last\""'
    echo "      (after ${LATENCY_MS:-?} ms)"
    stop "$pid"
    umount "$mountpoint" 2>/dev/null
else
    echo "skip - the drive unplugged: this machine cannot bind-mount (not root?)"
fi

e2e_end
