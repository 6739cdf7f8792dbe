// Owned by the Gestures work: replace with the 1,000-node benchmark.
func runGesturesBenchmark() {}
