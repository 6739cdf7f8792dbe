// The gesture engine: see GESTURES.md.
