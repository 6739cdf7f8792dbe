import Foundation
import TripsKit

// Delete and Ctrl+Z as a person meets them: the model's whole step (the
// photo renamed into the trash with its .trashinfo, the trips re-laid for
// a 1,000-photo library) and the file step alone, for a 5 MB photo (a
// 12 MP camera JPEG), on the home trash's own file system. Medians of 50
// runs side by side in this process, wall time.

func runTrashBenchmark() {
    let runs = 50
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("trips-trash-bench-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try? FileManager.default.createDirectory(atPath: root + "/pics", withIntermediateDirectories: true)
    let photo = root + "/pics/IMG_0042.jpg"
    FileManager.default.createFile(atPath: photo, contents: Data(repeating: 0xA5, count: 5 << 20))
    let others = (0..<999).map { root + "/pics/other-\($0).jpg" }
    let trips = stride(from: 0, to: 1000, by: 100).map { start in
        Trip(id: "trip-\(start)", city: "City \(start)", nights: 2, photoPaths: ([photo] + others)[start..<start + 100].map { $0 })
    }
    let trash = Trash(environment: ["XDG_DATA_HOME": root + "/data"])
    var times: [String: [Double]] = [:]
    func time(_ step: String, _ body: () throws -> Void) rethrows {
        let start = ContinuousClock.now
        try body()
        times[step, default: []].append(seconds(ContinuousClock.now - start))
    }
    let app = AppModel(catalog: TripCatalog(trips: trips), size: CGSize(width: 1280, height: 800), mode: .windowed, trash: trash)
    app.open(0)
    app.advance(to: 1)
    for run in 0..<runs {
        do {
            try time("file: to the trash and its .trashinfo") { try trash.restore(try trash.trash(photo)) }
            time("Delete: file and trips (model)") { app.handle(.key(.delete, ctrl: false)) }
            time("Ctrl+Z: file and trips back (model)") { app.handle(.key(.z, ctrl: true)) }
            app.advance(to: Double(run + 2))
        } catch {
            print("trash: \(error)")
            return
        }
    }
    let trashed = FileManager.default.fileExists(atPath: photo) ? "back in place" : "LOST"
    print("trash (5 MB photo, 1,000-photo library, \(runs) runs; the photo \(trashed)):")
    for (step, values) in times.sorted(by: { $0.key < $1.key }) {
        print(String(format: "  %-42@ median %.3f ms, max %.3f ms", step as NSString, median(values) * 1000, (values.max() ?? 0) * 1000))
    }
}
