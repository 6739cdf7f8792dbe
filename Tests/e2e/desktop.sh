#!/usr/bin/env bash
# Trips as a desktop app: `make install` into a temporary PREFIX, the
# desktop entry and metainfo validated, the installed binary run from
# another directory (its catalogues and bundled photos found), `trips PHOTO`
# showing that photo big, `xdg-open PHOTO` starting it once it is the
# default for JPEGs, bad paths named with exit 2, and `make uninstall`
# leaving the prefix empty. Every process is started here and stopped by PID.
# Usage: Tests/e2e/desktop.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-desktop "desktop" "${1:-}"
unset TRIPS_ASSETS TRIPS_LOCALE_DIR # the installed binary finds its own files
ID=io.github.trips.Trips
P="$OUT/prefix"; mkdir -p "$P"
chmod 755 "$OUT" # the unprivileged user below runs the installed binary

# --- make install -------------------------------------------------------------
make -s install PREFIX="$P" TRIPS_BINARY="$TRIPS" >"$OUT/install.log" 2>&1
expect "make install PREFIX=$P installs ($(tail -1 "$OUT/install.log"))" [ -x "$P/bin/trips" ]
expect "and the library the Wayland window is made with, without EGL, in lib/trips" [ -f "$P/lib/trips/libTripsSurfaceOnlyVulkan.so" ]
entry="$P/share/applications/$ID.desktop"; meta="$P/share/metainfo/$ID.metainfo.xml"
expect "desktop-file-validate passes" desktop-file-validate "$entry"
expect "appstreamcli validate --pedantic passes" sh -c "appstreamcli validate --no-net --pedantic '$meta' >'$OUT/appstream.log' 2>&1"
check "the entry runs trips %F for every format Trips reads" \
    'grep -qx "Exec=trips %F" "$entry" && grep -qx "MimeType=image/jpeg;image/png;image/webp;image/gif;image/tiff;image/bmp;image/heif;image/heic;image/avif;image/jxl;" "$entry"'
check "its Name and Comment come translated from the po files" \
    'grep -qx "Name\[fr\]=Voyages" "$entry" && grep -qx "Name\[ja\]=旅行" "$entry" && grep -q "^Comment\[de\]=" "$entry"'
check "the metainfo carries the translations, screenshots, a release and a content rating" \
    'grep -q "xml:lang=\"fr\">Voyages<" "$meta" && grep -q "<caption>" "$meta" && grep -q "<release version" "$meta" && grep -q "<content_rating" "$meta"'
check "the icon is there scalable and at 256 px" \
    '[ -s "$P/share/icons/hicolor/scalable/apps/$ID.svg" ] && [ "$(identify -format %wx%h "$P/share/icons/hicolor/256x256/apps/$ID.png")" = 256x256 ]'
check "the man page lists the flags of --help" \
    'MANWIDTH=100 man -l "$P/share/man/man1/trips.1" 2>/dev/null | grep -q -- "--photos DIR" && MANWIDTH=100 man -l "$P/share/man/man1/trips.1" | grep -q -- "--reduce-motion"'

# --- the installed binary, from another directory -----------------------------
elsewhere="$OUT/elsewhere"; mkdir -p "$elsewhere/pics"
cp Assets/photos/dune.jpg "$elsewhere/pics/a.jpg"; cp Assets/photos/garden.jpg "$elsewhere/pics/b.jpg"; cp Assets/photos/storm.jpg "$elsewhere/pics/c.jpg"
touch -d "2024-05-12 10:00" "$elsewhere/pics/a.jpg"; touch -d "2024-05-12 11:00" "$elsewhere/pics/b.jpg"; touch -d "2024-05-12 12:00" "$elsewhere/pics/c.jpg"
printf 'size 1280 800\nat 100 state\nat 200 shot %s\n' "$OUT/installed-fr.png" >"$OUT/fr.txt"
(cd "$elsewhere" && "$P/bin/trips" --lang fr --replay "$OUT/fr.txt" >"$OUT/fr.jsonl" 2>"$OUT/fr.err")
check "from $elsewhere, --lang fr finds the installed catalogues (the title is Voyages)" \
    'grep -q "\"label\": \"Voyages\"" "$OUT/fr.jsonl"'
check "and the bundled photos: eight trips, the photos drawn, no placeholder" \
    'grep -q "\"order\": \[\"lisbon\", \"reykjavik\"" "$OUT/fr.jsonl" && overview_is_drawn "$OUT/installed-fr.png" && at_most "$(near_colour "$OUT/installed-fr.png" 40 620 600 140 "$PLACEHOLDER")" 0.05'

# --- trips PHOTO ---------------------------------------------------------------
printf 'size 1280 800\nat 1000 state\nat 1100 shot %s\n' "$OUT/photo.png" >"$OUT/photo.txt"
(cd "$elsewhere" && "$P/bin/trips" --replay "$OUT/photo.txt" pics/b.jpg >"$OUT/photo.jsonl" 2>"$OUT/photo.err")
check "trips pics/b.jpg opens it big and whole, second of its folder's three" \
    'python3 -c "import json,sys; s=[json.loads(l) for l in open(sys.argv[1]) if \"screen\" in l][0]; sys.exit(not (s[\"enlarged\"] and s[\"photo\"][\"index\"] == 1 and s[\"photo\"][\"photos\"] == [\"a.jpg\", \"b.jpg\", \"c.jpg\"] and s[\"photo\"][\"frame\"] == [16, 68, 890, 524] and s[\"whole\"]))" "$OUT/photo.jsonl"'
# garden.jpg, the whole of it fitted into the big photo's frame on the
# background (838 x 524, 26 pt bars), against the screenshot's big photo.
convert "$elsewhere/pics/b.jpg" -resize 890x524 -background "$BG" -gravity center -extent 890x524 "$OUT/b-expected.png"
convert "$OUT/photo.png" -crop 890x400+16+68 +repage "$OUT/photo-big.png"
convert "$OUT/b-expected.png" -crop 890x400+0+0 +repage "$OUT/b-expected-top.png"
rmse=$(compare -metric RMSE "$OUT/photo-big.png" "$OUT/b-expected-top.png" null: 2>&1 | sed 's/.*(\(.*\))/\1/')
check "the screenshot shows the whole photo big, letterboxed (RMSE $rmse against it resampled) and its strip slot empty" \
    'at_most "$rmse" 0.12 && strip_slot_empty "$OUT/photo.png"'

# --- bad paths: each named, exit 2 when it is all ------------------------------
mkfifo "$elsewhere/pipe.jpg"; echo "a shopping list" >"$elsewhere/notes.txt"
ln -s loop-b "$elsewhere/loop-a"; ln -s loop-a "$elsewhere/loop-b"
cp Assets/photos/aqua.jpg "$elsewhere/locked.jpg"; chmod 000 "$elsewhere/locked.jpg"
mkdir -p "$elsewhere/shut"; cp Assets/photos/aqua.jpg "$elsewhere/shut/"; chmod 000 "$elsewhere/shut"
for bad in "missing.jpg:does not exist" "pipe.jpg:is a FIFO" "loop-a:a symlink loop" "notes.txt:is not a photo"; do
    path=${bad%%:*}; want=${bad#*:}
    msg=$(cd "$elsewhere" && timeout 10 "$P/bin/trips" "$path" 2>&1); rc=$?
    check "trips $path: exit 2, '$msg'" '[ "$rc" = 2 ] && [ "${msg#trips: $path: $want}" != "$msg" ]'
done
for bad in "locked.jpg:cannot be read (permission denied)" "shut:is a folder that cannot be read (permission denied)"; do
    path=${bad%%:*}; want=${bad#*:}
    msg=$(cd "$elsewhere" && as_unprivileged timeout 10 "$P/bin/trips" "$path" 2>&1); rc=$?
    check "trips $path as $UNPRIVILEGED_USER: exit 2, '$msg'" '[ "$rc" = 2 ] && [ "$msg" = "trips: $path: $want" ]'
done
msg=$(cd "$elsewhere" && timeout 20 "$P/bin/trips" --replay "$OUT/photo.txt" pics/a.jpg missing.jpg 2>&1 >"$OUT/mixed.jsonl"); rc=$?
check "beside a photo, a missing one is a log line and a placeholder page (exit 0)" \
    '[ "$rc" = 0 ] && grep -q "trips: missing.jpg: does not exist" <<<"$msg" && grep -q "\"photos\": \[\"a.jpg\", \"missing.jpg\"\]" "$OUT/mixed.jsonl"'

# --- xdg-open PHOTO, once Trips is the default for JPEGs ------------------------
# As after `make install PREFIX=/usr/local`: the binary on PATH (xdg-mime only
# takes a default whose Exec it finds there), the prefix's share/ a data dir.
export HOME="$OUT/home" XDG_CONFIG_HOME="$OUT/home/.config" XDG_DATA_HOME="$OUT/home/.local/share" XDG_DATA_DIRS="$P/share:/usr/share" PATH="$P/bin:$PATH"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
xdg-mime default "$ID.desktop" image/jpeg
expect "xdg-mime makes Trips the default for image/jpeg" [ "$(xdg-mime query default image/jpeg)" = "$ID.desktop" ]
start_xvfb 1280x800
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 xdg-open "$elsewhere/pics/c.jpg" >"$OUT/xdg-open.log" 2>&1 &
xdg=$!; track "$xdg"
check "xdg-open pics/c.jpg starts the installed Trips on it, big" \
    'shoot_until "$OUT/xdg-open.png" 20 "at_least \$(non_background \"\$file\" 100 120 700 400) 0.97 && strip_slot_empty \"\$file\"" && grep -q "trips: video" "$OUT/xdg-open.log"'
for child in $(cat /proc/$xdg/task/*/children 2>/dev/null); do track "$child"; stop "$child"; done
wait_exit "$xdg" 5
check "closing Trips ends xdg-open too" '[ "$EXIT_CODE" != hung ]'

# --- make uninstall -------------------------------------------------------------
make -s uninstall PREFIX="$P" >"$OUT/uninstall.log" 2>&1
check "make uninstall leaves the prefix empty ($(find "$P" -mindepth 1 | head -3 | tr '\n' ' '))" '[ -d "$P" ] && [ -z "$(ls -A "$P")" ]'
e2e_end
