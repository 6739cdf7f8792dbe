#!/usr/bin/env bash
# End-to-end tests of folders at scale and hostile photos: a generated
# folder of 2,000 camera-size photos (made here from the bundled ones, in a
# temporary directory, never committed), EXIF orientation, and files that
# must be refused from their header or their name alone.
# Usage: Tests/e2e/folders.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-folders "folders" "${1:-}"

# --- 2,000 photos of 12 MP: eight distinct pictures, hard-linked under 2,000
# names, each in a folder of its own: 2,000 trips (hard links share one
# modification time, so loose they would be eight moments, not 2,000 trips).
big="$OUT/camera"; mkdir -p "$big"
i=0
for src in Assets/photos/*.jpg; do
    convert "$src" -resize '4000x3000!' -quality 88 "$OUT/camera-$i.jpg"; i=$((i + 1))
done
(cd "$big" && seq -f 'trip-%04g' 1 2000 | xargs mkdir)
for n in $(seq -w 1 2000); do ln "$OUT/camera-$((10#$n % 8)).jpg" "$big/trip-$n/IMG_$n.jpg"; done
start_xvfb 1280x800 >/dev/null || bad "folders: Xvfb did not start"
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$big" --fullscreen --state "$OUT/state.json" 2>"$OUT/camera.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/camera-first.png"
# The strip's first photo (x 40..640, y 620..760) shows a picture, not a placeholder.
strip_shows_photo='at_least "$(non_background "$1" 40 620 600 140)" 0.9 && at_most "$(near_colour "$1" 40 620 600 140 "$PLACEHOLDER")" 0.05'
photo_in() { set -- "$1"; eval "$strip_shows_photo"; }
check "2,000 photos: the strip shows photos, not placeholders" \
    'shoot_until "$OUT/camera-ready.png" 10 "photo_in \"\$file\""'
# Walk 40 photos along with the keyboard: each one's thumbnail must arrive
# while it is on screen.
arrived=0
for k in $(seq 40); do
    DISPLAY=$X_DISPLAY xdotool key Right
    shoot_until "$OUT/camera-walk.png" 10 'photo_in "$file"' && arrived=$((arrived + 1))
done
cp "$OUT/camera-walk.png" "$OUT/camera-40.png"
expect "2,000 photos: forty photos along, each showed its photo ($arrived of 40)" [ "$arrived" = 40 ]
# The strip's settling asks for its neighbours' thumbnails just after the
# last photo shows; a second lets those decodes (tens of ms each) finish
# before the count below is taken at exit (once, 41 of 42 were done).
sleep 1
stop "$pid"
first=$(sed -n 's/.*first frame after \([0-9.]*\) ms (\([0-9]*\) photos still decoding).*/\1 \2/p' "$OUT/camera.err")
check "2,000 photos: the first frame ($first) did not wait for the thumbnails" '[ -n "$first" ] && [ "${first#* }" -gt 0 ]'
summary=$(grep "photos: " "$OUT/camera.err")
asked=$(sed -n 's/.*photos: \([0-9]*\) decodes asked for, \([0-9]*\) done (\([0-9]*\) with.*, \([0-9]*\) failed.*/\1 \2 \3 \4/p' "$OUT/camera.err")
read -r n_asked n_done n_turbo n_failed <<<"$asked"
check "2,000 photos: every thumbnail asked for arrived ($summary)" '[ -n "$n_asked" ] && [ "$n_asked" -ge 40 ] && [ "$n_done" = "$n_asked" ] && [ "$n_failed" = 0 ]'
check "2,000 photos: JPEGs were decoded scaled by libjpeg-turbo" '[ "${n_turbo:-0}" = "$n_done" ]'

# --- A watched folder: photos added or removed appear or go without a restart.
w="$OUT/watched"; mkdir -p "$w"
# Taken years apart (their files say so), they are two trips.
cp Assets/photos/dune.jpg "$w/alpha.jpg"; cp Assets/photos/storm.jpg "$w/beta.jpg"
touch -d 2020-01-01 "$w/alpha.jpg"; touch -d 2021-01-01 "$w/beta.jpg"
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$w" --fullscreen 2>"$OUT/watched.err" &
pid=$!; track "$pid"
shoot_until_drawn "$OUT/watched-0.png"
# Rows are 52 pt tall from y 16 in the list column (x 922...): row 3 is empty now.
check "watched folder: two photos, two rows" 'at_most "$(non_background "$OUT/watched-0.png" 926 130 200 30)" 0.001'
cp Assets/photos/garden.jpg "$w/gamma.jpg.part" && mv "$w/gamma.jpg.part" "$w/gamma.jpg"
check "watched folder: a photo copied in appears without a restart" \
    'shoot_until "$OUT/watched-1.png" 10 "at_least \"\$(non_background \"\$file\" 926 130 200 30)\" 0.02" && grep -q "changed: 3 photos" "$OUT/watched.err"'
rm "$w/alpha.jpg"
for i in $(seq 100); do grep -q "changed: 2 photos" "$OUT/watched.err" && break; sleep 0.1; done
check "watched folder: a photo removed goes" 'grep -q "changed: 2 photos" "$OUT/watched.err"'
stop "$pid"
check "watched folder: photos without a place never read the gazetteer" '! grep -q "cities indexed" "$OUT/watched.err"'

# --- A phone's camera roll, live: its loose photos' trips take their
# cities' names from libgeonames once the first frame is up, never before.
roll="$OUT/roll"; mkdir -p "$roll"
cp Assets/photos/dune.jpg "$roll/IMG_0001.jpg"; cp Assets/photos/storm.jpg "$roll/IMG_0002.jpg"
exiftool -q -overwrite_original -DateTimeOriginal="2024:05:12 10:00:00" \
    -GPSLatitude=38.7107 -GPSLatitudeRef=N -GPSLongitude=9.1368 -GPSLongitudeRef=W "$roll/IMG_0001.jpg"
exiftool -q -overwrite_original -DateTimeOriginal="2024:07:01 10:00:00" \
    -GPSLatitude=35.6812 -GPSLatitudeRef=N -GPSLongitude=139.7671 -GPSLongitudeRef=E "$roll/IMG_0002.jpg"
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$roll" --fullscreen 2>"$OUT/roll.err" &
pid=$!; track "$pid"
for i in $(seq 600); do grep -q "places named after" "$OUT/roll.err" && break; sleep 0.1; done
stop "$pid"
named=$(sed -n 's/.*places named after \([0-9.]*\) ms.*/\1/p' "$OUT/roll.err")
first=$(sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/roll.err")
check "camera roll: its trips took their cities' names live (after ${named:-?} ms), only once the first frame was up (${first:-?} ms)" \
    '[ -n "$named" ] && [ -n "$first" ] && at_least "$named" "$first"'

# --- A library of 10,000 photos in 50 trips (hard links of one small
# photo): the first start opens each photo once for its date, the second
# reads them all from the cache, opening no photo.
lib="$OUT/library"; mkdir -p "$lib/trip-01"
# Linked to a copy of the run's own: every run's 10,000 links to one file in
# Assets/ would reach the file system's limit (65,000 on ext4) in a few runs.
cp Assets/photos/storm.jpg "$OUT/storm.jpg"
for n in $(seq -w 1 200); do ln "$OUT/storm.jpg" "$lib/trip-01/IMG_$n.jpg"; done
for t in $(seq -w 2 50); do cp -al "$lib/trip-01" "$lib/trip-$t"; done
library_start() {  # library_start NAME: one start, until the capture times settled
    DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --photos "$lib" --fullscreen 2>"$OUT/$1.err" &
    local pid=$! i; track "$pid"
    for i in $(seq 200); do grep -q "capture times:" "$OUT/$1.err" && break; sleep 0.1; done
    shoot_until_drawn "$OUT/$1.png"
    stop "$pid"
    first_ms=$(sed -n 's/.*first frame after \([0-9.]*\) ms.*/\1/p' "$OUT/$1.err")
    settled_ms=$(sed -n 's/.*settled after \([0-9.]*\) ms.*/\1/p' "$OUT/$1.err")
    opened=$(sed -n 's/.*capture times: [0-9]* photos, \([0-9]*\) files opened.*/\1/p' "$OUT/$1.err")
    echo "folders: $1: first frame $first_ms ms, capture times settled $settled_ms ms, $opened photos opened for their dates"
}
library_start library-first
check "10,000 photos, first start: every photo opened once for its date ($opened)" '[ "$opened" = 10000 ]'
# The times are figures, not checks (the reader may beat a slow display);
# that the first catalog never waits for a date is LibraryLoaderTests'.
check "10,000 photos, first start: a first frame ($first_ms ms) and settled dates ($settled_ms ms)" '[ -n "$first_ms" ] && [ -n "$settled_ms" ]'
check "10,000 photos: the library's cache is in XDG_CACHE_HOME, a file of its own (named after its folder)" \
    '[ "$(ls "$XDG_CACHE_HOME"/trips/capture-times/library-*.tsv | wc -l)" = 1 ] && [ "$(grep -c . "$XDG_CACHE_HOME"/trips/capture-times/library-*.tsv)" = 10001 ]'
library_start library-second
check "10,000 photos, second start: no photo opened, all 10,000 dates from the cache" \
    '[ "$opened" = 0 ] && grep -q "0 files opened, 10000 from the cache" "$OUT/library-second.err"'

# --- EXIF orientation: a picture stored sideways with orientation 6 (turn 90° clockwise).
mkdir -p "$OUT/orient"
convert -size 400x300 xc:red -size 400x300 xc:blue -append -resize '400x600!' "$OUT/upright.png"  # red above blue
convert "$OUT/upright.png" -rotate -90 "$OUT/stored.jpg"
exif_orientation6 "$OUT/stored.jpg" "$OUT/orient/sideways.jpg"
SDL_VIDEODRIVER=offscreen "$TRIPS" --photos "$OUT/orient" --frames 1 --screenshot "$OUT/orient.png" 2>"$OUT/orient.err"
check "EXIF orientation: a sideways-stored photo is drawn upright (red above blue)" \
    'at_least "$(near_colour "$OUT/orient.png" 100 610 500 60 "rgb(255,0,0)")" 0.9 && at_least "$(near_colour "$OUT/orient.png" 100 720 500 60 "rgb(0,0,255)")" 0.9'

# --- Hostile files: each gets one clear line and a placeholder; the app goes on.
h="$OUT/hostile"; mkdir -p "$h"
cp Assets/photos/dune.jpg "$h/a-good.jpg"
: >"$h/b-empty.jpg"
head -c 20000 Assets/photos/storm.jpg >"$h/c-truncated.jpg"
cp Assets/photos/garden.jpg "$h/d-wrong-extension.png"
echo "not an image" >"$h/e-text.jpg"
# A PNG whose header claims 60,000 x 60,000 pixels (no pixel data follows).
printf '\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\xea\x60\x00\x00\xea\x60\x08\x06\x00\x00\x00\x00\x00\x00\x00' >"$h/f-huge.png"
ln -s "f-loop.jpg" "$h/f-loop.jpg"
mkfifo "$h/g-fifo.jpg"
# Each file alone in a folder, so each is on screen and asked for.
msg=""; codes=""
for f in "$h"/*; do
    one="$OUT/one-$(basename "$f")"; mkdir -p "$one"; mv "$f" "$one/"
    out=$(SDL_VIDEODRIVER=offscreen timeout 20 "$TRIPS" --photos "$one" --frames 1 --screenshot "$one.png" 2>&1); codes="$codes $?"
    msg="$msg$out"$'\n'
done
check "hostile files: the app goes on every time (codes:$codes)" '[ -z "$(tr -d " 0" <<<"$codes")" ]'
check "hostile files: an empty file is named" 'grep -q "b-empty.jpg: is empty (0 bytes)" <<<"$msg"'
check "hostile files: a cut JPEG is named as truncated" 'grep -q "c-truncated.jpg: truncated JPEG" <<<"$msg"'
check "hostile files: a 60,000 x 60,000 header is refused before decoding" 'grep -q "f-huge.png: claims 60000 x 60000 pixels (3600 megapixels); more than the 100 megapixel limit" <<<"$msg"'
check "hostile files: a text file named .jpg gets SDL_image's reason" 'grep -q "e-text.jpg: SDL_image cannot read it" <<<"$msg"'
check "hostile files: a symlink loop is named, not followed" 'grep -q "f-loop.jpg: " <<<"$msg"'
check "hostile files: a FIFO named like a photo does not hang the app" 'grep -q "g-fifo.jpg: " <<<"$msg"'
check "hostile files: a JPEG named .png still shows (no line about it)" '! grep -q "d-wrong-extension.png" <<<"$msg"'
lines=$(grep -c "^trips: photo " <<<"$msg")
expect "hostile files: one line per bad file ($lines)" [ "$lines" = 6 ]
check "hostile files: the placeholder tile stands where the photo would be" \
    'at_least "$(near_colour "$OUT/one-f-huge.png.png" 40 620 600 140 "$PLACEHOLDER")" 0.8'

# --- A trips.json whose photo path leaves its folder is refused, naming the line.
printf '{"trips": [\n  {"id": "x", "city": "X", "nights": 1, "photo": "../../etc/shadow"}\n]}\n' >"$OUT/escape.json"
msg=$("$TRIPS" --trips "$OUT/escape.json" 2>&1); rc=$?
check "a photo path leaving the trips file's folder is refused (code $rc)" \
    '[ "$rc" = 2 ] && grep -q "escape.json:2: trips\[0\].photo \"../../etc/shadow\" must be a path inside" <<<"$msg"'
printf '{"trips": [{"id": "x", "city": "X", "nights": 1, "photo": "/etc/passwd"}]}' >"$OUT/absolute.json"
msg=$("$TRIPS" --trips "$OUT/absolute.json" 2>&1); rc=$?
check "an absolute photo path is refused (code $rc)" '[ "$rc" = 2 ] && grep -q "must be a path inside" <<<"$msg"'

# --- An unreadable photo: root reads anything, so this runs unprivileged.
u="$OUT/unreadable"; mkdir -p "$u"
cp Assets/photos/dune.jpg "$u/locked.jpg"; chmod 000 "$u/locked.jpg"
cp "$TRIPS" "$OUT/trips-copy"; chmod 711 "$OUT"; chmod -R a+rX "$u" "$OUT/trips-copy"; chmod 000 "$u/locked.jpg"
msg=$(as_unprivileged env SDL_VIDEODRIVER=offscreen HOME=/tmp XDG_STATE_HOME=/tmp/trips-unreadable-state timeout 20 "$OUT/trips-copy" \
      --photos "$u" --frames 1 --screenshot "/tmp/trips-unreadable-$$.png" 2>&1); rc=$?; rm -f "/tmp/trips-unreadable-$$.png"
check "an unreadable photo: named with its reason, and the app goes on (code $rc)" \
    '[ "$rc" = 0 ] && grep -q "locked.jpg: cannot be read" <<<"$msg"'

e2e_end
