enum TripsKitPlaceholder {}
