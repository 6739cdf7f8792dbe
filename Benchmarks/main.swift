// `make bench` runs this in release mode. Each benchmark prints medians of
// repeated runs measured side by side in this one process (the machines here
// are shared and noisy, so absolute single timings mean little).
let arguments = Array(CommandLine.arguments.dropFirst())
let wanted = Set(arguments)
func selected(_ name: String) -> Bool { wanted.isEmpty || wanted.contains(name) }

if selected("motion") { runMotionBenchmark() }
if selected("gestures") { runGesturesBenchmark() }
if selected("library") { runLibraryBenchmark() }
if selected("places") { runPlacesBenchmark() }
if selected("trash") { runTrashBenchmark() }
if selected("rotate") { runRotateBenchmark() }
