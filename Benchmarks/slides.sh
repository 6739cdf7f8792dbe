#!/usr/bin/env bash
# The issue's long check of the attract loop as visitors see it (#35):
# Tests/e2e/slides.sh over 60 camera-like photos, a screenshot every 0.25 s
# for 60 s on a machine kept busy, with the folder unplugged halfway. Too
# long for `make test`, which runs the 20 s version.
# Usage: Benchmarks/slides.sh [path/to/trips]
cd "$(dirname "$0")/.."
SLIDES_SECONDS=60 SLIDES_PHOTOS=60 exec Tests/e2e/slides.sh "$(realpath "${1:-.build/release/trips}")"
