print("trips")
