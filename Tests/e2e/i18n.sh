#!/usr/bin/env bash
# End-to-end tests of text in every script and the UI in every shipped
# language, on SDL's offscreen driver (no display needed): city names in
# eight scripts draw without missing-glyph boxes, Arabic joins and reads
# right to left like Pango's rendering with the same font, Arabic and Hebrew
# rows are right-aligned, a character no font has is one replacement mark
# logged once, and LANG / --lang give translated words and plurals in the
# accessibility tree and on screen.
# Usage: Tests/e2e/i18n.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-i18n "e2e i18n" "${1:-}"
export SDL_VIDEODRIVER=offscreen
unset LANGUAGE LC_ALL LC_MESSAGES

# The trips file: one city a script, the bundled photos beside it.
ln -s "$PWD/Assets/photos" "$OUT/photos"
cities=(東京 北京 서울 القاهرة ירושלים Αθήνα Москва मुंबई)
nights=(1 3 2 4 5 6 7 8)
{
    echo '{"trips": ['
    photos=(dune storm garden aqua wood ladybird two-wings green-meadow)
    for i in "${!cities[@]}"; do
        [ "$i" = 0 ] || echo ','
        printf '{"id": "c%d", "city": "%s", "nights": %d, "photo": "photos/%s.jpg"}' "$i" "${cities[$i]}" "${nights[$i]}" "${photos[$i]}"
    done
    echo ']}'
} >"$OUT/scripts.json"

# Rows of the list at 1280 x 800 (OverviewLayout): x 922..1264, 52 pt apart from y 16.
ROW_X=922 ROW_W=342
row_y() { echo $((16 + 52 * $1)); }
# bright_box FILE ROW: the bounding box (W H X Y) of the row's city text (the
# primary text colour, brighter than the grey of the nights).
bright_box() {
    convert "$1" -crop "${ROW_W}x48+${ROW_X}+$(row_y "$2")" +repage -alpha off -colorspace Gray -threshold 75% \
        -format "%@" info: | tr 'x+' '  '
}

# --- every script draws ------------------------------------------------------
LANG=C.UTF-8 LC_ALL= "$TRIPS" --trips "$OUT/scripts.json" --frames 2 --screenshot "$OUT/scripts.png" 2>"$OUT/scripts.err"
expect "scripts: the app draws the Overview" overview_is_drawn "$OUT/scripts.png"
check "scripts: no character fell back to the replacement mark" '! grep -q "no font on this system" "$OUT/scripts.err"'
# Per glyph, independently of the app: fontconfig lists a font with each character.
uncovered=""
for city in "${cities[@]}"; do
    for code in $(printf %s "$city" | iconv -t UTF-32LE | od -An -tx4 -v); do
        code=$(printf %04X "$((16#$code))")
        [ -n "$(fc-list ":charset=$code" file | head -1)" ] || uncovered="$uncovered U+$code($city)"
    done
done
check "scripts: every character of every city is in a font on this system" '[ -z "$uncovered" ] || { echo "       uncovered:$uncovered"; false; }'
for i in "${!cities[@]}"; do
    read -r w h x y <<<"$(bright_box "$OUT/scripts.png" "$i")"
    case "${cities[$i]}" in
        القاهرة|ירושלים)
            check "scripts: ${cities[$i]} is right-aligned in its row (ink $x..$((x + w)) of $ROW_W)" \
                '[ "$w" -gt 20 ] && [ $((x + w)) -ge $((ROW_W - 8)) ] && [ "$x" -gt $((ROW_W / 2)) ]' ;;
        *)
            check "scripts: ${cities[$i]} is drawn at the row's left (ink $x..$((x + w)))" '[ "$w" -gt 10 ] && [ "$x" -le 8 ]' ;;
    esac
done
# like_pango NAME FILE ROW TEXT: the row's city ink is Pango's rendering of
# TEXT with the same font and size (isolated letters, letters in reverse
# order or a number on the wrong side all differ): same box, under a tenth
# of the pixels differing.
like_pango() {
    local name=$1 file=$2 row=$3 text=$4 pw ph px py aw ah ax ay diff
    PANGO_N=$((${PANGO_N:-0} + 1)); local out="$OUT/pango$PANGO_N"
    convert -background "$BG" pango:"<span foreground=\"#EBEBF0\" font=\"DejaVu Sans 17px\">$text</span>" -alpha off "$out.png"
    read -r pw ph px py <<<"$(convert "$out.png" -colorspace Gray -threshold 75% -format "%@" info: | tr 'x+' '  ')"
    read -r aw ah ax ay <<<"$(bright_box "$file" "$row")"
    convert "$out.png" -crop "${pw}x${ph}+${px}+${py}" +repage "$out-ink.png"
    convert "$file" -crop "${pw}x${ph}+$((ROW_X + ax))+$(( $(row_y "$row") + ay ))" +repage -alpha off "$out-app.png"
    diff=$(compare -metric AE -fuzz 30% "$out-app.png" "$out-ink.png" null: 2>&1)
    check "$name: drawn as Pango draws it (ink ${aw}x${ah} vs ${pw}x${ph}, $diff of $((pw * ph)) pixels differ)" \
        '[ $((aw - pw)) -le 2 ] && [ $((pw - aw)) -le 2 ] && at_most "${diff%% *}" $((pw * ph / 10))'
}
like_pango "arabic joined, right to left" "$OUT/scripts.png" 3 "القاهرة"
# A Latin number in Arabic text: the Unicode bidirectional algorithm puts it on the left.
printf '{"trips": [{"id": "x", "city": "القاهرة 2024", "nights": 2, "photo": "photos/dune.jpg"}]}' >"$OUT/mixed.json"
LANG=C.UTF-8 "$TRIPS" --trips "$OUT/mixed.json" --frames 1 --screenshot "$OUT/mixed.png" 2>/dev/null
like_pango "mixed direction" "$OUT/mixed.png" 0 "القاهرة 2024"

# --- --font pins the UI font; what it lacks still falls back --------------------
title_box() { convert "$1" -crop 200x48+16+10 +repage -alpha off -colorspace Gray -threshold 75% -format "%@" info:; }
lohit=$(fc-match -f '%{file}' 'Lohit Devanagari')
LANG=C.UTF-8 "$TRIPS" --trips "$OUT/scripts.json" --font "$lohit" --frames 1 --screenshot "$OUT/pinned.png" 2>"$OUT/pinned.err"
check "--font: the title is drawn with the pinned font ($(title_box "$OUT/pinned.png") vs $(title_box "$OUT/scripts.png"))" \
    '[ "$(title_box "$OUT/pinned.png")" != "$(title_box "$OUT/scripts.png")" ] && log_is_quiet "$OUT/pinned.err"'
read -r w h x y <<<"$(bright_box "$OUT/pinned.png" 0)"
check "--font: a city the pinned font lacks still draws (東京: ${w} px of ink)" '[ "$w" -gt 20 ]'

# --- a character no font has: one mark, one log line ------------------------
printf '{"trips": [{"id": "x", "city": "Nowhere \xcd\xb8\xcd\xb8", "nights": 2, "photo": "photos/dune.jpg"}]}' >"$OUT/nofont.json"
LANG=C.UTF-8 "$TRIPS" --trips "$OUT/nofont.json" --frames 3 --screenshot "$OUT/nofont.png" 2>"$OUT/nofont.err"
check "missing glyph: logged once, naming the character" '[ "$(grep -c "U+0378" "$OUT/nofont.err")" = 1 ]'
read -r w h x y <<<"$(bright_box "$OUT/nofont.png" 0)"
printf '{"trips": [{"id": "x", "city": "Nowhere", "nights": 2, "photo": "photos/dune.jpg"}]}' >"$OUT/nowhere.json"
LANG=C.UTF-8 "$TRIPS" --trips "$OUT/nowhere.json" --frames 1 --screenshot "$OUT/nowhere.png" 2>/dev/null
read -r w0 h0 x0 y0 <<<"$(bright_box "$OUT/nowhere.png" 0)"
check "missing glyph: drawn as a visible mark (row ink ${w} px wide, ${w0} without it)" '[ "${w0:-0}" -gt 10 ] && [ "$w" -gt $((w0 + 8)) ]'

# --- languages ---------------------------------------------------------------
# Open Tokyo (1 night), zoom it to 2x with two double taps' worth, and print the state.
cat >"$OUT/open.txt" <<'SCRIPT'
size 1280 800
at 100   down 1 300 700
at 160   up 1
at 1200  down 1 460 330
at 1260  up 1
at 1350  down 1 460 330
at 1410  up 1
at 2400  state
SCRIPT
a11y() { python3 -c '
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    if "a11y" in o:
        for e in o["a11y"]: print(e["label"] + "|" + e["value"])' <"$1"; }
LANG=fr_FR.UTF-8 "$TRIPS" --trips "$OUT/scripts.json" --replay "$OUT/open.txt" >"$OUT/fr.jsonl" 2>"$OUT/fr.err"
a11y "$OUT/fr.jsonl" >"$OUT/fr.a11y"
check "LANG=fr_FR.UTF-8: French title, singular and plural nights in the accessibility tree" \
    'grep -qx "Voyages|" "$OUT/fr.a11y" && grep -qx "東京|1 nuit" "$OUT/fr.a11y" && grep -qx "서울|2 nuits" "$OUT/fr.a11y" && grep -qx "北京|3 nuits" "$OUT/fr.a11y"'
check "LANG=fr_FR.UTF-8: the zoomed photo's label and value, with a decimal comma" \
    'grep -qx "Photo de 東京|Agrandie 2,0×" "$OUT/fr.a11y"'
check "LANG=fr_FR.UTF-8: nothing logged" 'log_is_quiet "$OUT/fr.err"'
LANG=fr_FR.UTF-8 "$TRIPS" --trips "$OUT/scripts.json" --frames 2 --screenshot "$OUT/fr.png" 2>/dev/null
LANG=fr_FR.UTF-8 "$TRIPS" --trips "$OUT/scripts.json" --lang ja --replay "$OUT/open.txt" >"$OUT/ja.jsonl" 2>"$OUT/ja.err"
a11y "$OUT/ja.jsonl" >"$OUT/ja.a11y"
check "--lang ja over LANG: Japanese words and counter in the accessibility tree" \
    'grep -qx "旅行|" "$OUT/ja.a11y" && grep -qx "東京|1泊" "$OUT/ja.a11y" && grep -qx "遊び場|" "$OUT/ja.a11y" && grep -qx "北京|3泊" "$OUT/ja.a11y" && grep -qx "東京の写真|2.0× に拡大" "$OUT/ja.a11y"'
"$TRIPS" --trips "$OUT/scripts.json" --lang ja --frames 2 --screenshot "$OUT/ja.png" 2>/dev/null
"$TRIPS" --trips "$OUT/scripts.json" --lang ja --playground --frames 2 --screenshot "$OUT/ja-playground.png" 2>/dev/null
# On screen: the nights column of the first row is the translated, shorter
# "1泊" in Japanese, "1 nuit" in French, "1 night" in English. The row is
# marked as the hero's (Theme.separator behind it): that counts as background.
nights_width() { convert "$1" -crop "120x48+$((ROW_X + ROW_W - 120))+$(row_y 0)" +repage -alpha off -fuzz 4% -fill black -opaque "$BG" -opaque "rgb(44,44,48)" \
    -fill white +opaque black -format "%@" info: | cut -dx -f1; }
en_w=$(nights_width "$OUT/scripts.png"); fr_w=$(nights_width "$OUT/fr.png"); ja_w=$(nights_width "$OUT/ja.png")
check "on screen: the first row's nights differ by language (en ${en_w}, fr ${fr_w}, ja ${ja_w} px)" \
    '[ "$en_w" -gt 0 ] && [ "$fr_w" -gt 0 ] && [ "$ja_w" -gt 0 ] && [ "$ja_w" -lt "$en_w" ] && [ "$fr_w" -ne "$en_w" ]'
check "screenshots: the French and Japanese Overviews are drawn" 'overview_is_drawn "$OUT/fr.png" && overview_is_drawn "$OUT/ja.png"'

# An unknown locale, a language without a catalogue: English and one line.
LANG=xx_YY.UTF-8 "$TRIPS" --trips "$OUT/scripts.json" --replay "$OUT/open.txt" >"$OUT/xx.jsonl" 2>"$OUT/xx.err"
a11y "$OUT/xx.jsonl" >"$OUT/xx.a11y"
check "unknown locale: English, plural right, one log line naming it" \
    'grep -qx "Trips|" "$OUT/xx.a11y" && grep -qx "北京|3 nights" "$OUT/xx.a11y" && [ "$(wc -l <"$OUT/xx.err")" = 1 ] && grep -q "xx_YY.UTF-8" "$OUT/xx.err"'
TRIPS_LOCALE_DIR="$OUT/none" "$TRIPS" --lang de --trips "$OUT/scripts.json" --replay "$OUT/open.txt" >"$OUT/de.jsonl" 2>"$OUT/de.err"
check "missing catalogue: English and one log line naming the folder" \
    'a11y "$OUT/de.jsonl" | grep -qx "Trips|" && [ "$(wc -l <"$OUT/de.err")" = 1 ] && grep -q "$OUT/none" "$OUT/de.err"'

echo "e2e i18n screenshots: $OUT"
e2e_end
