#!/bin/sh
# make install / make uninstall: puts Trips under PREFIX (inside DESTDIR for
# packagers) where the installed binary finds its files from any directory
# (TripsKit's InstalledFiles), and takes every one of them away again.
#   data/install.sh install BINARY   DESTDIR PREFIX
#   data/install.sh uninstall        DESTDIR PREFIX
# What was installed, and the folders install made, are listed in
# share/trips/installed-files, which uninstall reads, so it removes exactly
# that (and never a folder that was there before).
set -eu
cd "$(dirname "$0")/.."
ID=io.github.trips.Trips
action=$1; shift
if [ "$action" = install ]; then binary=$1; shift; fi
root="$1$2"
manifest="$root/share/trips/installed-files"

case "$action" in
install)
    [ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
    list=$(mktemp); made=$(mktemp); trap 'rm -f "$list" "$made"' EXIT
    # dir FOLDER: makes FOLDER and its missing parents, noting each one made.
    # The prefix itself is left in place by uninstall (empty).
    dir() {
        [ -d "$1" ] && return 0
        [ "$1" = "$root" ] && { mkdir -p "$1"; return 0; }
        dir "$(dirname "$1")"
        mkdir "$1" && echo "d ${1#"$root"/}" >>"$made"
    }
    # put MODE SOURCE TARGET: one file, noted.
    put() { dir "$(dirname "$root/$3")"; install -m "$1" "$2" "$root/$3"; echo "f $3" >>"$list"; }
    put 755 "$binary" bin/trips
    # The Wayland window's library (made without EGL), where the binary looks for it.
    library="$(dirname "$binary")/libTripsSurfaceOnlyVulkan.so"
    if [ -f "$library" ]; then put 644 "$library" lib/trips/libTripsSurfaceOnlyVulkan.so
    else echo "install.sh: no $library: the Wayland window will load EGL" >&2; fi
    put 644 Assets/trips.json share/trips/trips.json
    put 644 Assets/LICENSES.md share/trips/LICENSES.md
    for photo in Assets/photos/*; do put 644 "$photo" "share/trips/photos/$(basename "$photo")"; done
    for po in po/*.po; do
        lang=$(basename "$po" .po); mo=$(mktemp)
        msgfmt --check-format -o "$mo" "$po"
        put 644 "$mo" "share/locale/$lang/LC_MESSAGES/trips.mo"; rm -f "$mo"
    done
    # The desktop entry and the metainfo get their translations from po/desktop/.
    entry=$(mktemp); meta=$(mktemp); man=$(mktemp)
    msgfmt --desktop --template="data/$ID.desktop.in" -d po/desktop -o "$entry"
    msgfmt --xml --template="data/$ID.metainfo.xml.in" -d po/desktop -o "$meta"
    put 644 "$entry" "share/applications/$ID.desktop"
    put 644 "$meta" "share/metainfo/$ID.metainfo.xml"
    put 644 data/trips.svg "share/icons/hicolor/scalable/apps/$ID.svg"
    put 644 data/trips-256.png "share/icons/hicolor/256x256/apps/$ID.png"
    # trips(1) from the binary's own table of flags.
    "$binary" --man >"$man"
    put 644 "$man" share/man/man1/trips.1
    rm -f "$entry" "$meta" "$man"
    { cat "$list"; echo "f share/trips/installed-files"; sort -r "$made"; } >"$manifest"
    echo "installed Trips in $root ($(wc -l <"$list") files; make uninstall PREFIX=$2 removes them)"
    ;;
uninstall)
    [ -f "$manifest" ] || { echo "uninstall.sh: no Trips installed in $root ($manifest is missing)" >&2; exit 1; }
    entries=$(cat "$manifest")
    echo "$entries" | while read -r kind path; do
        case "$kind" in
        f) rm -f "$root/$path" ;;
        d) rmdir "$root/$path" 2>/dev/null || echo "uninstall: $root/$path is not empty; left in place" >&2 ;;
        esac
    done
    echo "removed Trips from $root"
    ;;
*)
    echo "usage: data/install.sh install BINARY DESTDIR PREFIX | uninstall DESTDIR PREFIX" >&2; exit 2 ;;
esac
