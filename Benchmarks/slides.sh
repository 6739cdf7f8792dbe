#!/usr/bin/env bash
# The issue's long check of the attract loop as visitors see it (#35):
# Tests/e2e/slides.sh over 60 camera-like photos, a screenshot every 0.25 s
# for 60 s on a machine kept busy, with the folder unplugged halfway. Too
# long for `make test`, which runs the 20 s version on X11. Then the same under weston.
# Usage: Benchmarks/slides.sh [path/to/trips]
cd "$(dirname "$0")/.."
trips=$(realpath "${1:-.build/release/trips}")
SLIDES_SECONDS=60 SLIDES_PHOTOS=60 Tests/e2e/slides.sh "$trips"; x11=$?
SLIDES_SECONDS=60 SLIDES_PHOTOS=60 SLIDES_ON=weston Tests/e2e/slides.sh "$trips" && [ $x11 = 0 ]
