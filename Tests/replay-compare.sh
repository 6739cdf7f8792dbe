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
set -u
real=${REPLAY_COMPARE_REAL:?REPLAY_COMPARE_REAL names the trips binary}
dir=${REPLAY_COMPARE_DIR:?REPLAY_COMPARE_DIR names the folder of outputs}
mode=${REPLAY_COMPARE_MODE:-compare}

script=
args=()
previous=
for arg in "$@"; do
    if [ "$previous" = --replay ]; then script=$arg; else args+=("$arg"); fi
    previous=$arg
done
[ -n "$script" ] || exec "$real" "$@"

# A temporary folder's name (PREFIX-UUID, mktemp's XXXXXX) differs from run to run.
normalize() { sed -E 's/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/UUID/g; s#/tmp/tmp\.[A-Za-z0-9]+#/tmp/TMP#g'; }

key=$( {
    normalize <"$script"
    printf 'arg %s\n' "${args[@]}" | normalize
    env | grep -E '^(LANG|LANGUAGE|LC_[A-Z]+|TZ|TRIPS_[A-Z_]+|SDL_[A-Z_]+|NO_AT_BRIDGE)=' | grep -v '^TRIPS_BINARY=' | sort | normalize
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
