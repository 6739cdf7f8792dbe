import Foundation
import TripsKit

// Ctrl+R as a person meets it: the write of a turn (the file read, its
// Orientation value changed, the copy written, synced and renamed over it)
// for a 12 MP (4000x3000) camera JPEG, alone and as the model does it.
// The JPEG is made with ImageMagick (grain added, so it is a camera's 4-5 MB)
// and exiftool from Assets/photos/dune.jpg.
// Medians of 50 runs side by side in this process, wall time.

func runRotateBenchmark() {
    let runs = 50
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("trips-rotate-bench-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let photo = root + "/IMG_0042.jpg"
    for command in [["convert", "Assets/photos/dune.jpg", "-resize", "4000x3000!", "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "92", photo],
                    ["exiftool", "-q", "-n", "-Orientation=1", "-overwrite_original", photo]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        guard (try? process.run()) != nil else { print("rotate: cannot run \(command[0])"); return }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { print("rotate: \(command[0]) failed"); return }
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int) ?? 0
    let turner = PhotoTurner(environment: [:])
    var times: [String: [Double]] = [:]
    func time(_ step: String, _ body: () throws -> Void) rethrows {
        let start = ContinuousClock.now
        try body()
        times[step, default: []].append(seconds(ContinuousClock.now - start))
    }
    let app = AppModel(catalog: TripCatalog(trips: [Trip(id: "t", city: "T", nights: 1, photoPaths: [photo])]),
                       size: CGSize(width: 1280, height: 800), mode: .windowed, turner: turner)
    app.open(0)
    app.advance(to: 1)
    for run in 0..<runs {
        do {
            try time("file: turned and written") { try turner.turn(photo, clockwise: run % 2 == 0) }
            time("Ctrl+R: file and toast (model)") { app.handle(.key(.r, ctrl: true, shift: run % 2 == 0)) }
            app.advance(to: Double(run + 2))
        } catch {
            print("rotate: \(error)")
            return
        }
    }
    print(String(format: "rotate (a 4000x3000 JPEG of %.1f MB, \(runs) runs):", Double(size) / 1_000_000))
    for (step, values) in times.sorted(by: { $0.key < $1.key }) {
        print(String(format: "  %-42@ median %.3f ms, max %.3f ms", step as NSString, median(values) * 1000, (values.max() ?? 0) * 1000))
    }
}
