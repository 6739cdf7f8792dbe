#!/usr/bin/env bash
# The package on a machine without Swift: a clean Debian 12 root made by
# mmdebstrap from the Debian archive (no toolchain, nothing of /opt), where
# apt-get installs the .deb and resolves its dependencies; the installed
# trips runs, draws the bundled photos offscreen, links nothing missing or
# under /opt, and dpkg --purge leaves none of its files behind.
# Usage: Tests/deb/clean-root.sh dist/trips_VERSION_ARCH.deb   (as root)
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
deb=$(realpath "$1")
e2e_begin trips-clean-root
E2E_LABEL=clean-root
echo "$E2E_LABEL: $deb, root in $OUT/root"
root="$OUT/root"
MIRROR=${MIRROR:-http://deb.debian.org}
mounted=()
cleanup() {
    local m
    for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null; done
    e2e_cleanup
    # The root is large: kept only when something failed.
    [ "$E2E_FAIL" = 0 ] && rm -rf "$root"
}
trap cleanup EXIT
# in_root CMD...: CMD in the root, with its /proc and /dev.
# Its HOME is under /tmp: what trips caches as a user is not the package's.
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp/home LANG=C.UTF-8 "$@"; }

start=$(date +%s)
if ! mmdebstrap --variant=apt --quiet bookworm "$root" \
        "deb $MIRROR/debian bookworm main" "deb $MIRROR/debian bookworm-updates main" \
        "deb $MIRROR/debian-security bookworm-security main" >"$OUT/mmdebstrap.log" 2>&1; then
    bad "mmdebstrap made no Debian 12 root" "$(tail -5 "$OUT/mmdebstrap.log")"
    e2e_end; exit
fi
for m in proc dev; do mount --bind "/$m" "$root/$m" && mounted=("$root/$m" "${mounted[@]}"); done
check "the clean root has no Swift (no swift, no /opt/swift, no libswiftCore)" \
    '[ ! -e "$root/opt/swift" ] && [ -z "$(find "$root/usr" -name "libswiftCore*" -print -quit)" ] && ! in_root sh -c "command -v swift"'

cp "$deb" "$root/tmp/"
# mmdebstrap leaves no package lists behind: apt reads them afresh.
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
in_root apt-get update >"$OUT/update.log" 2>&1
# As an operator would: with its Recommends (cage, Xwayland) for the kiosk unit.
in_root apt-get install -y "/tmp/$(basename "$deb")" >"$OUT/install.log" 2>&1
rc=$?
check "apt-get install ./$(basename "$deb") resolves every dependency (code $rc, $(grep -c '^Setting up' "$OUT/install.log") packages)" '[ "$rc" = 0 ]'

version=$(in_root trips --version 2>&1)
check "trips --version runs: $version" '[ "$version" = "trips $(dpkg-deb -f "$deb" Version)" ]'

in_root sh -c 'cd /tmp && SDL_VIDEODRIVER=offscreen trips --frames 20 --screenshot /tmp/shot.png' >"$OUT/shot.log" 2>&1
rc=$?
cp "$root/tmp/shot.png" "$OUT/clean-root.png" 2>/dev/null
check "offscreen --frames 20 --screenshot draws the bundled photos (code $rc)" '[ "$rc" = 0 ] && overview_is_drawn "$OUT/clean-root.png"'
check "and says nothing on stderr" '! grep -v "so no screen reader can read the app$" "$OUT/shot.log" | grep -q .'

for file in /usr/bin/trips /usr/lib/trips/libTripsSurfaceOnlyVulkan.so; do
    ldd="$OUT/ldd-$(basename "$file").txt"
    in_root ldd "$file" >"$ldd" 2>&1
    check "ldd $file: nothing missing, nothing under /opt ($(wc -l <"$ldd") libraries)" \
        '[ -f "$root$file" ] && grep -q "=> /" "$ldd" && ! grep -q -e "not found" -e "/opt" "$ldd"'
done

check "the kiosk user comes from sysusers.d, the unit is installed and disabled" \
    'in_root getent passwd trips-kiosk >/dev/null && [ -f "$root/usr/lib/systemd/system/trips-kiosk.service" -o -f "$root/lib/systemd/system/trips-kiosk.service" ] && [ -z "$(find "$root/etc/systemd" -name "trips-kiosk*")" ]'

# The root has no man-db to look up its Documentation=man:trips(1).
in_root systemd-analyze verify --man=no trips-kiosk.service >"$OUT/verify.log" 2>&1
rc=$?
check "systemd-analyze verify trips-kiosk.service passes, trips(1) is installed (code $rc$(head -c 300 "$OUT/verify.log" | tr '\n' ' '))" '[ "$rc" = 0 ] && ! grep -q . "$OUT/verify.log" && [ -f "$root/usr/share/man/man1/trips.1.gz" ]'

in_root dpkg -L trips >"$OUT/files.txt"
in_root dpkg --purge trips >"$OUT/purge.log" 2>&1
rc=$?
left=$(while read -r path; do [ -e "$root$path" ] && [ ! -d "$root$path" ] && echo "$path"; done <"$OUT/files.txt")
dirs=$(find "$root" -xdev \( -path "$root/proc" -o -path "$root/dev" -o -path "$root/tmp" \) -prune -o -name "*trips*" -print | sed "s|^$root||")
check "dpkg --purge trips (code $rc) leaves none of its $(wc -l <"$OUT/files.txt") files, nothing named trips" \
    '[ "$rc" = 0 ] && [ -z "$left" ] && [ -z "$dirs" ]' || echo "       left: $left $dirs"

echo "$E2E_LABEL: $(( $(date +%s) - start )) s; screenshot $OUT/clean-root.png"
e2e_end
