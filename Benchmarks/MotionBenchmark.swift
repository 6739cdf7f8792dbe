// Owned by the Motion work: replace with the 10,000-spring benchmark.
func runMotionBenchmark() {}
