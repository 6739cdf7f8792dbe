# Helpers of `make sanitize` (Tests/sanitize/sanitize.sh) and the soak's
# leak check (Benchmarks/soak.sh): build trips with a sanitizer, have every
# process of it write its reports to a folder, and read them there.
# Sourced from the repository's root.

SANITIZE_DIR=$PWD/Tests/sanitize

# sanitized_trips KIND: builds trips (and the library beside it, and the
# message catalogues) with KIND, address (with LeakSanitizer) or thread,
# in .build-sanitize-KIND, so the normal build is untouched; prints the
# binary's path. The build's own output goes to stderr. Both builds are
# optimised: unoptimised, every byte a decode worker's Swift code touches
# is checked, a photo misses its decode deadline (6 s), and the replay
# suite runs for most of an hour instead of minutes.
sanitized_trips() {
    local kind=$1 swift=${SWIFT:-swift} bin po lang
    local build=("$swift" build --sanitize="$kind" --scratch-path "$PWD/.build-sanitize-$kind")
    build+=(-c release)
    "${build[@]}" --product trips >&2 && "${build[@]}" --product TripsSurfaceOnlyVulkan >&2 || return 1
    bin=$("${build[@]}" --show-bin-path) || return 1
    for po in po/*.po; do
        lang=$(basename "$po" .po)
        mkdir -p "$bin/locale/$lang/LC_MESSAGES" && msgfmt --check-format -o "$bin/locale/$lang/LC_MESSAGES/trips.mo" "$po" || return 1
    done
    echo "$bin/trips"
}

# sanitizer_env KIND REPORTS: exports the options under which every
# process of a KIND-built binary (the app, its decode workers) writes each
# report to REPORTS/KIND.PID instead of stderr, with the suppressions of
# this folder (each with its reason) and symbols from the toolchain's
# llvm-symbolizer.
sanitizer_env() {
    local kind=$1 reports=$2 symbolizer
    mkdir -p "$reports"
    symbolizer=$(command -v llvm-symbolizer || echo /opt/swift/usr/bin/llvm-symbolizer)
    case "$kind" in
        address)
            # Full stacks: Debian's libraries have no frame pointers, and a
            # leak's stack must reach past them to be judged.
            export ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0:log_path=$reports/address:external_symbolizer_path=$symbolizer"
            export LSAN_OPTIONS="suppressions=$SANITIZE_DIR/leaks.supp:print_suppressions=0" ;;
        thread)
            export TSAN_OPTIONS="log_path=$reports/thread:external_symbolizer_path=$symbolizer:suppressions=$SANITIZE_DIR/races.supp:print_suppressions=0:halt_on_error=0" ;;
        *) echo "sanitizer_env: no sanitizer named $kind (address or thread)" >&2; return 2 ;;
    esac
}

# sanitizer_reports REPORTS: prints each report in REPORTS (its summary
# line, and the first frames in Trips' own code), and is false when there
# is any.
sanitizer_reports() {
    local report found=1
    for report in "$1"/*.[0-9]*; do
        [ -s "$report" ] || continue
        found=0
        echo "  report $(basename "$report"): $(grep -m1 '^SUMMARY:' "$report" || grep -m1 'Sanitizer' "$report")"
        grep -E '^ +#[0-9]+ .*(/Sources/|/Tests/)' "$report" | head -4 | sed 's/^ */      /'
    done
    [ "$found" = 1 ]
}
