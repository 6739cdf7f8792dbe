#!/bin/bash
# Stands in for the trips binary while the tests run their replays, to show
# that a change leaves every replay's output byte for byte as it was:
#
#   REPLAY_COMPARE_MODE=record  REPLAY_COMPARE_REAL=/old/trips  REPLAY_COMPARE_DIR=D \
#     TRIPS_BINARY=$PWD/Tests/replay-compare.sh swift test --skip-build --filter TripsAppTests
#   REPLAY_COMPARE_MODE=compare REPLAY_COMPARE_REAL=/new/trips  REPLAY_COMPARE_DIR=D  (the same tests)
#
# Each `--replay` run is known by its script, its arguments and the
# environment it runs in (temporary folders' UUIDs taken out, as they differ
# from run to run); `record` keeps what it printed and its exit code, and
# `compare` lists in D/compared and D/differ each one it checked. Any other
# run goes straight to the real binary. Tests/e2e scripts take it as their
# binary too.
#
#   Tests/replay-compare.sh --e2e-scripts OLD_TRIPS NEW_TRIPS
#
# replays Tests/e2e/scripts/*.txt headless with both binaries (the bundled
# trips; the bundled photos for the zoom scripts, the playground's in the
# playground) and says which print differently.
set -u
if [ "${1:-}" = --e2e-scripts ]; then
    root=$(cd "$(dirname "$0")/.." && pwd) status=0
    for script in "$root"/Tests/e2e/scripts/*.txt; do
        case $(basename "$script") in
            zoom-*) args=(--photos "$root/Assets/photos") ;;
            playground.txt) args=(--playground --trips "$root/Assets/trips.json") ;;
            *) args=(--trips "$root/Assets/trips.json") ;;
        esac
        for which in old new; do
            binary=$2; [ $which = new ] && binary=$3
            mkdir -p "/tmp/replay-compare-$which" && (cd "/tmp/replay-compare-$which" && \
                XDG_CACHE_HOME=$PWD XDG_STATE_HOME=$PWD SDL_VIDEODRIVER=offscreen "$binary" --replay "$script" "${args[@]}" >out.jsonl 2>/dev/null)
        done
        if cmp -s /tmp/replay-compare-old/out.jsonl /tmp/replay-compare-new/out.jsonl && [ -s /tmp/replay-compare-old/out.jsonl ]; then
            echo "same: $(basename "$script") ($(wc -l </tmp/replay-compare-old/out.jsonl) lines)"
        else
            echo "DIFFERENT: $(basename "$script")"; status=1
        fi
    done
    rm -rf /tmp/replay-compare-old /tmp/replay-compare-new
    exit $status
fi
real=${REPLAY_COMPARE_REAL:?REPLAY_COMPARE_REAL names the trips binary}
dir=${REPLAY_COMPARE_DIR:?REPLAY_COMPARE_DIR names the folder of outputs}
mode=${REPLAY_COMPARE_MODE:-compare}

script=
args=()
previous=
for arg in "$@"; do
    if [ "$previous" = --replay ]; then script=$arg; elif [ "$arg" != --replay ]; then args+=("$arg"); fi
    previous=$arg
done
[ -n "$script" ] || exec "$real" "$@"

# A temporary folder's name (PREFIX-UUID, mktemp's XXXXXX) differs from run to run.
normalize() { sed -E 's/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/UUID/g; s#/tmp/tmp\.[A-Za-z0-9]+#/tmp/TMP#g'; }

key=$( {
    normalize <"$script"
    printf 'arg %s\n' "${args[@]}" | normalize
    # What a folder or file named on the command line holds (two tests may
    # show different photos under the same temporary name).
    for arg in "${args[@]}"; do
        if [ -d "$arg" ]; then (cd "$arg" && find . -type f -printf '%P %s\n' | sort)
        elif [ -f "$arg" ]; then md5sum <"$arg"
        fi
    done
    env | grep -E '^(LANG|LANGUAGE|LC_[A-Z]+|TZ|TRIPS_[A-Z_]+|SDL_[A-Z_]+|NO_AT_BRIDGE)=' | grep -v '^TRIPS_BINARY=\|^TRIPS_REPLAY_BOTH=' | sort | normalize
    pwd | normalize
} | sha1sum | cut -c1-40)

mkdir -p "$dir"
out=$(mktemp)
"$real" "$@" >"$out"
rc=$?
cat "$out"
normalize <"$out" >"$out.n"
case $mode in
record)
    if [ -e "$dir/$key.out" ] && ! cmp -s "$dir/$key.out" "$out.n"; then
        echo "$key" >>"$dir/unsteady" # the same run printed two different things
    fi
    mv "$out.n" "$dir/$key.out"
    echo "$rc" >"$dir/$key.rc"
    cp "$script" "$dir/$key.script"
    printf '%s\n' "${args[@]}" >"$dir/$key.args"
    ;;
compare)
    if [ ! -e "$dir/$key.out" ]; then
        echo "$key $script" >>"$dir/unknown"
    elif cmp -s "$dir/$key.out" "$out.n" && [ "$(cat "$dir/$key.rc")" = "$rc" ]; then
        echo "$key" >>"$dir/compared"
    else
        echo "$key" >>"$dir/differ"
        cp "$out.n" "$dir/$key.now"
    fi
    rm -f "$out.n"
    ;;
esac
rm -f "$out"
exit "$rc"
