#!/usr/bin/env bash
# End-to-end tests of decoding that cannot take the app down: files that
# crash or hang SDL_image (Tests/e2e/fuzz-regressions/) among good photos in
# a live window on Xvfb. The app keeps running, each bad file becomes a
# placeholder with one log line saying what happened, every good photo
# shows, SIGTERM and SIGINT end the app within a second even while a
# decoder hangs, no worker outlives it (not even a SIGKILL of the app), and
# nothing spins afterwards; a camera JPEG shows its EXIF thumbnail meanwhile.
# Usage: Tests/e2e/decoders.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-decoders "decoders" "${1:-}"

# The bad files first, so each is the strip's first photo in turn; then good ones.
p="$OUT/photos"; mkdir -p "$p"
cp Tests/e2e/fuzz-regressions/gif-segfault.gif "$p/01-crash.gif"
cp Tests/e2e/fuzz-regressions/png-endless.png "$p/02-endless.png"
cp Assets/photos/dune.jpg "$p/03-dune.jpg"
convert Assets/photos/storm.jpg "$p/04-storm.png"
convert Assets/photos/garden.jpg "$p/05-garden.webp"
convert Assets/photos/aqua.jpg "$p/06-aqua.gif"
# Taken a year apart (their files say so), each photo is a trip of its own,
# in this order.
for f in "$p"/*; do n=$(basename "$f"); touch -d "20${n:0:2}-01-01" "$f"; done

# The strip's first photo (x 40..640, y 620..760) is the placeholder tile;
# the visible strip (x 16..906) shows photos: under a tenth of it has the
# placeholder's colour (dark photos have some; a placeholder in view, more).
strip_placeholder() { at_least "$(near_colour "$1" 40 620 600 140 "$PLACEHOLDER")" 0.8; }
strip_first_photo() { at_least "$(non_background "$1" 40 620 600 140)" 0.9 && at_most "$(near_colour "$1" 40 620 600 140 "$PLACEHOLDER")" 0.05; }
strip_photos()      { at_least "$(non_background "$1" 40 620 600 140)" 0.9 && at_most "$(near_colour "$1" 16 620 890 140 "$PLACEHOLDER")" 0.1; }
# alive PID: running (a zombie waiting to be reaped is not).
alive() { [ -r "/proc/$1/stat" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }
# workers_of PID: the decode workers the app started: by exec (their command
# line says so) or forked by its zygote (their name says so), and the zygote.
workers_of() { { pgrep -P "$1" -f -- "--decode-worker"; pgrep -P "$1" -x 'trips-(decoder|zygote)'; } | tr '\n' ' '; }
# cpu_ticks PIDS...: user + system clock ticks used so far by these processes.
cpu_ticks() { local t=0 pid; for pid in "$@"; do [ -r "/proc/$pid/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$t"; }

start_xvfb 1280x800 >/dev/null || bad "decoders: Xvfb did not start"
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$p" --fullscreen 2>"$OUT/app.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/start.png"
workers=$(workers_of "$pid")
check "the app starts its decode workers ($workers)" '[ -n "$workers" ]'
DISPLAY=$X_DISPLAY xdotool key Right # the focus comes to the first photo
check "a GIF that crashes SDL_image: one line naming the file and the signal" \
    'for i in $(seq 100); do grep -q "01-crash.gif: the decoder crashed with SIGSEGV" "$OUT/app.err" && break; sleep 0.1; done; [ "$(grep -c 01-crash.gif "$OUT/app.err")" = 1 ]'
check "the crashing GIF stands as a placeholder tile" 'shoot_until "$OUT/crash.png" 10 "strip_placeholder \"\$file\""'
DISPLAY=$X_DISPLAY xdotool key Right
check "a PNG that never decodes: one line naming the file and the deadline" \
    'for i in $(seq 150); do grep -q "02-endless.png: no picture after 6 s" "$OUT/app.err" && break; sleep 0.1; done; [ "$(grep -c 02-endless.png "$OUT/app.err")" = 1 ]'
check "the endless PNG stands as a placeholder tile" 'shoot_until "$OUT/endless.png" 10 "strip_placeholder \"\$file\""'
shown=0
for k in 3 4 5 6; do
    DISPLAY=$X_DISPLAY xdotool key Right
    shoot_until "$OUT/good-$k.png" 10 'strip_photos "$file"' && shown=$((shown + 1))
done
expect "the good photos (JPEG, PNG, WebP, GIF) show when the bad ones are scrolled off ($shown of 4 screens)" [ "$shown" = 4 ]
check "the app is still running" 'kill -0 "$pid"'
# Walking back over the bad files asks for nothing again.
for k in 1 2 3 4 5; do DISPLAY=$X_DISPLAY xdotool key Left; sleep 0.2; done
sleep 1
check "a failed file is not tried again (one line each)" \
    '[ "$(grep -c "01-crash.gif" "$OUT/app.err")" = 1 ] && [ "$(grep -c "02-endless.png" "$OUT/app.err")" = 1 ]'
# A good picture copied over the crashing file (new size and time) is tried again.
convert Assets/photos/ladybird.jpg "$OUT/fixed.gif"; cp "$OUT/fixed.gif" "$p/01-crash.gif"
touch -d 2001-01-01 "$p/01-crash.gif"
check "a bad file replaced under its name is tried again and shows" 'shoot_until "$OUT/fixed.png" 15 "strip_first_photo \"\$file\""'
workers=$(workers_of "$pid")
t0=$(cpu_ticks "$pid" $workers); sleep 2; t1=$(cpu_ticks "$pid" $workers)
check "CPU is idle afterwards: nothing spins ($((t1 - t0)) ticks in 2 s)" '[ $((t1 - t0)) -le 20 ]'
s=$(date +%s%N); kill -TERM "$pid"; wait_exit "$pid" 3; e=$(date +%s%N)
check "SIGTERM ends the app within a second (code $EXIT_CODE, $(((e - s) / 1000000)) ms)" '[ "$EXIT_CODE" = 0 ] && [ $(((e - s) / 1000000)) -lt 1000 ]'
# The hero asks for the focused photo at its own size too, at times while
# the strip's ask for the same bad file is still under way (both fail, and
# count): at least every good one done, both bad ones failed, none left over.
read -r asked done failed <<<"$(sed -n 's/.*photos: \([0-9]*\) decodes asked for, \([0-9]*\) done (.*), \([0-9]*\) failed.*/\1 \2 \3/p' "$OUT/app.err")"
check "every good photo was decoded, both bad ones failed, the replaced one decoded ($asked asked for, $done done, $failed failed)" \
    '[ "${done:-0}" -ge 5 ] && [ "${failed:-0}" -ge 2 ] && [ "${asked:-0}" -le $((done + failed)) ]'
sleep 0.2
left=""; for w in $workers; do alive "$w" && left="$left $w"; done
check "no decode worker outlives the app (left:${left:- none})" '[ -z "$left" ]'

# HEIC and AVIF (ImageMagick writes both through libheif) show in the strip
# and as the big photo in their own colours: a red HEIC, a blue AVIF.
f="$OUT/heif"; mkdir -p "$f"
convert -size 800x500 xc:'#C03020' "$f/1-red.heic"
convert -size 800x500 xc:'#2040B0' "$f/2-blue.avif"
# A JPEG whose ICC profile is broken (its 'acsp' signature): shown as it is, one log line.
convert -size 800x500 xc:'#30A040' -profile /usr/share/color/icc/colord/ProPhotoRGB.icc "$f/3-profile.jpg"
python3 -c 'import sys; p = sys.argv[1]; b = open(p, "rb").read(); open(p, "wb").write(b.replace(b"acsp", b"xxxx", 1))' "$f/3-profile.jpg"
# A year apart, each is a trip of its own, in this order.
for g in "$f"/*; do n=$(basename "$g"); touch -d "200${n:0:1}-01-01" "$g"; done
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$f" --fullscreen 2>"$OUT/heif.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/heif-strip.png"
check "the HEIC shows in the strip in its red ($(near_colour "$OUT/heif-strip.png" 40 620 600 140 '#C03020'))" \
    'shoot_until "$OUT/heif-strip.png" 10 "at_least \$(near_colour \"\$file\" 40 620 600 140 \"#C03020\") 0.9"'
check "the AVIF shows in the strip beside it in its blue" 'at_least "$(near_colour "$OUT/heif-strip.png" 760 620 140 140 "#2040B0")" 0.9'
DISPLAY=$X_DISPLAY xdotool key Right Return
# (Open, its strip slot is empty: the hero above the strip shows the focused trip too.)
check "the HEIC opens as the big photo in its red" \
    'shoot_until "$OUT/heif-big.png" 10 "at_least \$(near_colour \"\$file\" 300 200 300 200 \"#C03020\") 0.9 && strip_slot_empty \"\$file\""'
DISPLAY=$X_DISPLAY xdotool key Escape; sleep 1; DISPLAY=$X_DISPLAY xdotool key Right Return
check "the AVIF opens as the big photo in its blue" \
    'shoot_until "$OUT/avif-big.png" 10 "at_least \$(near_colour \"\$file\" 300 200 300 200 \"#2040B0\") 0.9 && strip_slot_empty \"\$file\""'
check "no HEIF photo failed (no placeholder line)" '! grep -q "heif/.*placeholder" "$OUT/heif.err"'
DISPLAY=$X_DISPLAY xdotool key Escape; sleep 1; DISPLAY=$X_DISPLAY xdotool key Right Return
check "a JPEG with a broken colour profile shows, unconverted" \
    'shoot_until "$OUT/profile-big.png" 10 "at_least \$(near_colour \"\$file\" 300 200 300 200 \"#30A040\") 0.9 && strip_slot_empty \"\$file\""'
check "the broken profile is one log line, though the photo was decoded twice (strip and big)" \
    '[ "$(grep -c "3-profile.jpg: its colour profile (.*) cannot be read; shown without colour conversion" "$OUT/heif.err")" = 1 ]'
stop "$pid"

# SIGTERM while a decoder hangs (the test-only fault switch spins on a good file).
h="$OUT/hang"; mkdir -p "$h"; cp Assets/photos/dune.jpg "$h/stuck.jpg"
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 TRIPS_DECODER_FAULT=hang=stuck.jpg "$TRIPS" --photos "$h" --fullscreen 2>"$OUT/hang.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/hang.png"
sleep 1
workers=$(workers_of "$pid")
# All workers over the same second: a spinning one gets at least a fifth
# of a core however busy the machine (it spins beside the app's own threads
# and the places index, which starts after the first frame).
declare -A before; for w in $workers; do before[$w]=$(cpu_ticks "$w"); done
sleep 1
busy=""; for w in $workers; do [ $(($(cpu_ticks "$w") - ${before[$w]})) -ge 20 ] && busy="$busy $w:$(($(cpu_ticks "$w") - ${before[$w]}))"; done
check "the fault switch makes a worker spin (busy worker:ticks in 1 s:${busy:- none})" '[ -n "$busy" ]'
# The folder changes meanwhile: the app follows at once, not after the hang's deadline.
cp Assets/photos/storm.jpg "$h/fresh.jpg"
check "a photo added while a decoder hangs appears within 2 s (the 6 s deadline is not waited for)" \
    'for i in $(seq 20); do grep -q "changed: 2 photos" "$OUT/hang.err" && break; sleep 0.1; done; grep -q "changed: 2 photos" "$OUT/hang.err"'
s=$(date +%s%N); kill -TERM "$pid"; wait_exit "$pid" 3; e=$(date +%s%N)
check "SIGTERM ends the app within a second while a decoder hangs (code $EXIT_CODE, $(((e - s) / 1000000)) ms)" \
    '[ "$EXIT_CODE" = 0 ] && [ $(((e - s) / 1000000)) -lt 1000 ]'
left=""; for w in $workers; do alive "$w" && left="$left $w"; done
check "the hanging worker is gone with the app (left:${left:- none})" '[ -z "$left" ]'

# A camera JPEG whose decode hangs shows the thumbnail its EXIF block
# carries meanwhile (a red one, so it cannot be the photo); the photos
# above, which have none, said nothing about it.
c="$OUT/camera"; mkdir -p "$c"; cp Assets/photos/dune.jpg "$c/camera.jpg"
convert -size 160x120 xc:'#C03020' -quality 90 "$OUT/red-thumbnail.jpg"
python3 Tests/e2e/exif-thumbnail.py "$c/camera.jpg" "$OUT/red-thumbnail.jpg"
DISPLAY=$X_DISPLAY TRIPS_DECODER_FAULT=hang=camera.jpg "$TRIPS" --photos "$c" --fullscreen 2>"$OUT/camera.err" &
pid=$!; track "$pid"
check "a camera JPEG whose decode hangs shows its EXIF thumbnail, blurred up, in the strip" \
    'shoot_until "$OUT/camera.png" 10 "at_least \$(near_colour \"\$file\" 40 620 600 140 \"#C03020\") 0.9"'
stop "$pid"
check "a photo without an EXIF thumbnail logs nothing about it (the summary aside)" \
    '! grep -hi thumbnail "$OUT/app.err" "$OUT/heif.err" "$OUT/hang.err" | grep -qv "decodes asked for"'

# SIGINT (a terminal's Ctrl+C) while a decoder hangs: the same.
DISPLAY=$X_DISPLAY TRIPS_DECODER_FAULT=hang=stuck.jpg "$TRIPS" --photos "$h" --fullscreen 2>/dev/null &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/interrupted.png"
sleep 0.5
workers=$(workers_of "$pid")
s=$(date +%s%N); kill -INT "$pid"; wait_exit "$pid" 3; e=$(date +%s%N)
sleep 0.2
left=""; for w in $workers; do alive "$w" && left="$left $w"; done
check "SIGINT ends the app and its workers within a second while a decoder hangs (code $EXIT_CODE, $(((e - s) / 1000000)) ms, left:${left:- none})" \
    '[ "$EXIT_CODE" = 0 ] && [ $(((e - s) / 1000000)) -lt 1000 ] && [ -z "$left" ]'

# SIGKILL of the app: the parent-death signal ends the workers too.
DISPLAY=$X_DISPLAY TRIPS_DECODER_FAULT=hang=stuck.jpg "$TRIPS" --photos "$h" --fullscreen 2>/dev/null &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/killed.png"
workers=$(workers_of "$pid")
kill -KILL "$pid"; wait "$pid" 2>/dev/null; sleep 0.3
left=""; for w in $workers; do alive "$w" && left="$left $w"; done
check "killing the app with SIGKILL ends its workers too (workers $workers, left:${left:- none})" '[ -n "$workers" ] && [ -z "$left" ]'

e2e_end
