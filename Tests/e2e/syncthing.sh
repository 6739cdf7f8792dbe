#!/usr/bin/env bash
# Photos kept in step by Syncthing (docs/KIOSK.md, "Photos kept in step by
# Syncthing"): two Debian syncthing instances on loopback (their own homes,
# ports and folder id; no relays, discovery or NAT) share a folder, sent
# from a curator's side and received on a kiosk's, where Trips shows it on
# Xvfb. A photo added on one side appears in the other side's Overview; a
# large photo synced in blocks (as `.syncthing.NAME.tmp`, then renamed)
# never shows half-written: no placeholder left, no decode failure, no
# temporary file in the log. Slow (syncthing's start and scans): its own
# target, `make test-syncthing`.
# Usage: Tests/e2e/syncthing.sh [path/to/trips]
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
e2e_begin trips-syncthing "syncthing" "${1:-}"
export XDG_STATE_HOME="$OUT/state"
base=$((22000 + $$ % 1000))
curator="$OUT/curator-photos" kiosk="$OUT/kiosk-photos"
mkdir -p "$curator/2023-05-01 Lisbon" "$kiosk"
cp Assets/photos/storm.jpg "$curator/2023-05-01 Lisbon/a.jpg"

# Two homes, each told of the other at its loopback port.
for side in curator kiosk; do syncthing generate --home="$OUT/st-$side" --no-default-folder >"$OUT/st-$side.gen" 2>&1; done
id_curator=$(syncthing serve --home="$OUT/st-curator" --device-id) id_kiosk=$(syncthing serve --home="$OUT/st-kiosk" --device-id)
python3 - "$OUT" "$base" "$id_curator" "$id_kiosk" "$curator" "$kiosk" <<'PY'
import sys, xml.etree.ElementTree as ET
out, base, ids, folders = sys.argv[1], int(sys.argv[2]), {"curator": sys.argv[3], "kiosk": sys.argv[4]}, {"curator": sys.argv[5], "kiosk": sys.argv[6]}
ports = {"curator": base, "kiosk": base + 1}
for side, other in (("curator", "kiosk"), ("kiosk", "curator")):
    path = f"{out}/st-{side}/config.xml"
    tree = ET.parse(path); root = tree.getroot()
    root.find("gui").find("address").text = f"127.0.0.1:{base + 10 + (side == 'kiosk')}"
    options = root.find("options")
    for key, value in {"listenAddress": f"tcp://127.0.0.1:{ports[side]}", "globalAnnounceEnabled": "false", "localAnnounceEnabled": "false",
                       "relaysEnabled": "false", "natEnabled": "false", "startBrowser": "false", "urAccepted": "-1",
                       "autoUpgradeIntervalH": "0", "crashReportingEnabled": "false"}.items():
        element = options.find(key)
        if element is None: element = ET.SubElement(options, key)
        element.text = value
    device = ET.SubElement(root, "device", id=ids[other], name=other, compression="metadata", introducer="false")
    ET.SubElement(device, "address").text = f"tcp://127.0.0.1:{ports[other]}"
    folder = ET.SubElement(root, "folder", id="trips-photos", label="photos", path=folders[side],
                           type="sendonly" if side == "curator" else "receiveonly", rescanIntervalS="3600",
                           fsWatcherEnabled="true", fsWatcherDelayS="1")
    for d in ids.values(): ET.SubElement(folder, "device", id=d)
    tree.write(path)
PY
for side in curator kiosk; do
    STNOUPGRADE=1 syncthing serve --home="$OUT/st-$side" --no-browser --no-restart >"$OUT/st-$side.log" 2>&1 &
    track $!
done
wait_for_file "$kiosk/2023-05-01 Lisbon/a.jpg" 60
expect "syncthing: the curator's folder reaches the kiosk's" [ -s "$kiosk/2023-05-01 Lisbon/a.jpg" ]

start_xvfb 1280x800 >/dev/null || bad "syncthing: Xvfb did not start"
DISPLAY=$X_DISPLAY TRIPS_VERBOSE=1 "$TRIPS" --kiosk --photos "$kiosk" 2>"$OUT/trips.err" &
track $!
shoot_until_drawn "$OUT/start.png"

# A photo added on the curator's side appears in the kiosk's Overview.
mkdir -p "$curator/2023-08-10 Oslo"; cp Assets/photos/dune.jpg "$curator/2023-08-10 Oslo/a.jpg"
for i in $(seq 300); do grep -q "changed: 2 photos" "$OUT/trips.err" && break; sleep 0.1; done
check "syncthing: a photo added by the curator is in the kiosk's Trips within 30 s" 'grep -q "changed: 2 photos" "$OUT/trips.err"'
shoot_until "$OUT/two.png" 5 'at_least "$(non_background "$file" 640 50 640 60)" 0.1' ||
    true
DISPLAY=$X_DISPLAY import -window root "$OUT/two.png"

# A large photo, synced in blocks into a temporary file, then renamed.
convert Assets/photos/garden.jpg -resize "4000x3000!" -seed 1 -attenuate 0.4 +noise Gaussian -quality 92 "$OUT/big.jpg"
# What the kiosk's folder holds meanwhile, looked at every 5 ms.
python3 -c 'import os, sys, time
seen, end = set(), time.time() + 30
while time.time() < end and not os.path.exists(sys.argv[1] + "/big.jpg"):
    seen.update(n for n in os.listdir(sys.argv[1]) if n.startswith(".syncthing."))
    time.sleep(0.005)
print("\n".join(sorted(seen)))' "$kiosk/2023-08-10 Oslo" >"$OUT/temporaries.txt" &
watcher=$!
cp "$OUT/big.jpg" "$curator/2023-08-10 Oslo/big.jpg"
for i in $(seq 300); do grep -q "changed: 3 photos" "$OUT/trips.err" && break; sleep 0.1; done
check "syncthing: a $(($(stat -c %s "$OUT/big.jpg") / 1024)) KiB photo arrives whole (the kiosk's copy is the curator's)" \
    'grep -q "changed: 3 photos" "$OUT/trips.err" && cmp -s "$OUT/big.jpg" "$kiosk/2023-08-10 Oslo/big.jpg"'
wait $watcher
check "syncthing: Syncthing wrote it as $(head -1 "$OUT/temporaries.txt"), which Trips never listed nor decoded" \
    'grep -q "^\.syncthing\.big\.jpg\.tmp$" "$OUT/temporaries.txt" && ! grep -q "changed: [4-9] photos" "$OUT/trips.err" && ! grep -q "\.syncthing\." "$OUT/trips.err"'
check "syncthing: no decode failed, nothing half-written was shown" '! grep -qi "fail\|cannot\|truncat\|not whole" "$OUT/trips.err"'
DISPLAY=$X_DISPLAY xdotool key Down Down Return
sleep 1.5
DISPLAY=$X_DISPLAY import -window root "$OUT/oslo.png"
DISPLAY=$X_DISPLAY xdotool key Right
shoot_until "$OUT/big.png" 10 'at_most "$(near_colour "$file" 100 120 400 150 "$PLACEHOLDER")" 0.01 && ! cmp -s "$file" "$OUT/oslo.png"' || true
check "syncthing: Oslo opens, and its synced large photo (its second page) is drawn, not a placeholder" \
    'at_most "$(near_colour "$OUT/oslo.png" 100 120 400 150 "$PLACEHOLDER")" 0.01 && at_most "$(near_colour "$OUT/big.png" 100 120 400 150 "$PLACEHOLDER")" 0.01'
e2e_end
