#!/bin/bash
# lanes.sh LANES BINARY SCRIPT...: runs the end-to-end scripts LANES at a
# time. Most of a script's time is spent waiting on a window, a compositor
# or a broker, so two lanes on two cores finish in little more than half
# the time. Each script writes to a log of its own, printed whole when it
# ends, so lanes never interleave; every script runs, and the failures are
# named together at the end. Scripts start in the order given: put the long
# ones first, so no lane is left with a long one at the end.
lanes=$1 binary=$2; shift 2
logs=$(mktemp -d /tmp/e2e-lanes.XXXXXX)
declare -A name_of started_at log_of
failed=()
finish() {
    local pid=$1 status=$2 script=${name_of[$1]}
    cat "${log_of[$pid]}"
    echo "e2e: $script took $(( $(date +%s) - started_at[$pid] )) s"
    [ "$status" = 0 ] || failed+=("$script")
    unset "name_of[$pid]"
}
wait_one() {
    local pid status
    wait -n -p pid "${!name_of[@]}"; status=$?
    finish "$pid" "$status"
}
started=$(date +%s)
index=0
for script in "$@"; do
    while [ "${#name_of[@]}" -ge "$lanes" ]; do wait_one; done
    # Named before the fork: the child opens its log only once it runs.
    index=$((index + 1))
    "$script" "$binary" >"$logs/$index.log" 2>&1 &
    pid=$!
    name_of[$pid]=$script started_at[$pid]=$(date +%s) log_of[$pid]=$logs/$index.log
done
while [ "${#name_of[@]}" -gt 0 ]; do wait_one; done
rm -rf "$logs"
echo "e2e: $# scripts in $lanes lanes took $(( $(date +%s) - started )) s"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "e2e: failed: ${failed[*]}"
    exit 1
fi
