#!/usr/bin/env bash
# `make sanitize`, one sanitizer a run: trips built with AddressSanitizer
# (LeakSanitizer on) or ThreadSanitizer in a scratch folder of its own
# (.build-sanitize-KIND; the normal build is untouched), then run through
#   1. the replay suite: TripsAppTests (the normal build's test bundle, run
#      with TRIPS_BINARY set to the sanitized binary) and the e2e scripts'
#      replays (Tests/e2e/scripts);
#   2. a zoomed library: a 12 MP JPEG, HEIC and PNG, each pinched to 2x
#      and 4x and panned to a corner (zoom-detail.txt): detail tiles, the
#      decode workers, the texture cache;
#   3. the kiosk's attract loop on weston (software frames through wl_shm)
#      for 60 s at a slide a second, ended as systemd ends it (SIGTERM);
#   4. the AT-SPI end-to-end test (Tests/e2e/atspi.sh).
# Every process of the binary, the app and its decode workers, writes its
# reports to the output folder (lib.sh, sanitizer_env); any report fails the
# run. Third-party one-offs are suppressed in leaks.supp and races.supp,
# each with its reason. Each part's own checks must pass too.
# Usage: Tests/sanitize/sanitize.sh address|thread   (the test bundle built
# first: swift build --build-tests). SANITIZE_PARTS names the parts to run
# (default: "replays zoomed-library attract-loop atspi").
set -u
cd "$(dirname "$0")/../.."
. Tests/e2e/lib.sh
. Tests/sanitize/lib.sh
KIND=${1:?usage: Tests/sanitize/sanitize.sh address|thread}
e2e_begin "trips-sanitize-$KIND"
began=$(date +%s)
s=$(date +%s)
PARTS=" ${SANITIZE_PARTS:-replays zoomed-library attract-loop atspi} "
TRIPS=$(sanitized_trips "$KIND" 2>"$OUT/build.log") || { tail -20 "$OUT/build.log"; echo "sanitize: the $KIND build failed"; exit 1; }
echo "sanitize $KIND: trips=$TRIPS ($(( $(date +%s) - s )) s to build), output in $OUT"
REPORTS=$OUT/reports

# part NAME COMMAND...: runs COMMAND (its output in $OUT/NAME.log) and
# says how long it took, whether it passed, and the reports it left.
part() {
    local name=$1 s rc; shift
    case "$PARTS" in *" $name "*) ;; *) return 0 ;; esac
    s=$(date +%s)
    sanitizer_env "$KIND" "$REPORTS/$name" || return 2
    "$@" >"$OUT/$name.log" 2>&1; rc=$?
    if [ "$rc" = 0 ]; then ok "$name ($(( $(date +%s) - s )) s)"; else bad "$name ($(( $(date +%s) - s )) s): exit $rc" "$(tail -5 "$OUT/$name.log")"; fi
    if ! sanitizer_reports "$REPORTS/$name"; then bad "$name: $KIND sanitizer reports above (in $REPORTS/$name)"; fi
}

# 1. The replay suite.
replay_suite() {
    local bundle script
    bundle=$(${SWIFT:-swift} build --show-bin-path)/TripsPackageTests.xctest
    [ -e "$bundle" ] || { echo "no test bundle at $bundle: swift build --build-tests first"; return 1; }
    TRIPS_BINARY=$TRIPS ${SWIFT:-swift} test --skip-build --disable-swift-testing --filter TripsAppTests || return 1
    for script in Tests/e2e/scripts/*.txt; do
        (cd "$OUT" && SDL_VIDEODRIVER=offscreen "$TRIPS" --replay "$OLDPWD/$script" --trips "$OLDPWD/Assets/trips.json" \
            >"$(basename "$script" .txt).jsonl") || { echo "$script: exit $?"; return 1; }
        grep -q '"screen"' "$OUT/$(basename "$script" .txt).jsonl" || { echo "$script: no snapshot"; return 1; }
    done
}
part replays replay_suite

# 2. A zoomed library, one a format.
zoomed_library() {
    local format dir
    convert Assets/photos/storm.jpg -resize '4000x3000!' -quality 92 "$OUT/photo.jpg" || return 1
    for format in jpg heic png; do
        dir=$OUT/zoom-$format; mkdir -p "$dir/photos"
        case $format in
            jpg) cp "$OUT/photo.jpg" "$dir/photos/" ;;
            heic) heif-enc -q 50 -p preset=ultrafast "$OUT/photo.jpg" -o "$dir/photos/photo.heic" >/dev/null ;;
            png) convert "$OUT/photo.jpg" -define png:compression-level=1 "$dir/photos/photo.png" ;;
        esac || return 1
        (cd "$dir" && SDL_VIDEODRIVER=offscreen "$TRIPS" --photos photos --replay "$OLDPWD/Tests/e2e/scripts/zoom-detail.txt" \
            >replay.jsonl 2>replay.err) || { echo "$format: exit $?"; cat "$dir/replay.err"; return 1; }
        grep -q '"event": "zoom", "zoom": 4' "$dir/replay.jsonl" || { echo "$format: the replay did not zoom to 4x"; return 1; }
        [ -s "$dir/zoom-corner.png" ] || { echo "$format: no shot of the corner"; return 1; }
    done
}
part zoomed-library zoomed_library

# 3. The attract loop, 60 s on weston.
attract_loop() {
    local pid rc i
    start_xvfb 1280x800 >/dev/null && start_weston 1280x800 >/dev/null || return 1
    env -u DISPLAY WAYLAND_DISPLAY="$WL_SOCKET" "$TRIPS" --kiosk --idle 2 --slide 1 --trips Assets/trips.json &
    pid=$!
    sleep 55
    DISPLAY=$X_DISPLAY import -window root "$OUT/attract-1.png"; sleep 2
    DISPLAY=$X_DISPLAY import -window root "$OUT/attract-2.png"; sleep 3
    kill -TERM "$pid"
    for i in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { echo "trips still running 60 s after SIGTERM"; kill -KILL "$pid"; }
    wait "$pid"; rc=$?
    stop "$WESTON_PID"; stop "$XVFB_PID"
    [ "$rc" = 0 ] || { echo "trips ended with $rc"; return 1; }
    # Slides 2 s apart differ, and neither is the background alone.
    at_least "$(non_background "$OUT/attract-1.png" 100 100 1000 600)" 0.9 || { echo "no slide on screen"; return 1; }
    ! cmp -s "$OUT/attract-1.png" "$OUT/attract-2.png" || { echo "the screen did not change in 2 s"; return 1; }
}
part attract-loop attract_loop

# 4. The AT-SPI end-to-end test.
part atspi Tests/e2e/atspi.sh "$TRIPS"

echo "sanitize $KIND: $E2E_PASS passed, $E2E_FAIL failed, $(( $(date +%s) - began )) s in all"
[ "$E2E_FAIL" = 0 ]
