import Foundation
import Glibc
import TripsKit

// A library of 10,000 loose photos on the way to the first photo: how long
// each step of the first catalog takes (the capture-time cache, the library
// as it remembers it, the trips, the first scene the app lays out; the
// listings of a first start and of the check after every start beside
// them), as medians of several runs side by side in this process, in CPU
// time of the thread (the machines are shared: wall time is printed beside
// it). The photos are one empty file under 10,000 camera names: nothing
// here opens one.

private let photoCount = 10_000
private let runs = 9

func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func runLibraryBenchmark() {
    let root = NSTemporaryDirectory() + "trips-library-bench-\(getpid())"
    let folder = root + "/photos"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    // Names linked to one empty file: making 10,000 inodes costs seconds on a busy disk.
    let one = root + "/empty.jpg"
    let fd = open(one, O_CREAT | O_WRONLY, 0o644)
    if fd >= 0 { close(fd) }
    for i in 1...photoCount { link(one, folder + String(format: "/IMG_%05d.jpg", i)) }
    let cachePath = root + "/capture-times.tsv"
    let zone = TimeZone(identifier: "Europe/Lisbon") ?? .current
    // A warm cache, as on every start after the first.
    if let library = try? PhotoLibrary.scan(folder) {
        try? CaptureTimeReading(photos: library.allPhotos, cache: CaptureTimeCache(path: cachePath), timeZone: zone)
            .cache.save(keeping: library.allPhotos)
    }

    var steps: [String: (cpu: [Double], wall: [Double])] = [:]
    func time<T>(_ step: String, _ body: () throws -> T) rethrows -> T {
        let wall = ContinuousClock.now, cpu = threadCPUSeconds()
        let result = try body()
        steps[step, default: ([], [])].cpu.append(threadCPUSeconds() - cpu)
        steps[step, default: ([], [])].wall.append(seconds(ContinuousClock.now - wall))
        return result
    }
    for _ in 0..<runs {
        var cache = CaptureTimeCache(path: cachePath)
        time("read the cache") { cache.load() }
        // The first start's listing (and the check after every start) beside a known library's.
        _ = try? time("list, stat each photo") { try PhotoLibrary.scan(folder) }
        guard let library = time("as the cache remembers it", { PhotoLibrary.remembered(folder, from: cache) }) else {
            print("library: the cache remembers no photo of \(folder)"); return
        }
        let known = time("look up times") { CaptureTimeReading(photos: library.allPhotos, cache: cache, timeZone: zone, openFiles: false) }
        let catalog = time("make the trips") { library.catalog(times: known.times, timeZone: zone) }
        time("lay out the first scene") {
            let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
            _ = app.scene()
        }
    }
    print("library: \(photoCount) photos, warm capture-time cache; medians of \(runs) runs, ms (thread CPU / wall)")
    let firstCatalog = ["read the cache", "as the cache remembers it", "look up times", "make the trips", "lay out the first scene"]
    func row(_ label: String, _ cpu: Double, _ wall: Double?) {
        print("  " + label.padding(toLength: 28, withPad: " ", startingAt: 0)
              + String(format: "%7.2f", cpu * 1000) + (wall.map { String(format: " / %7.2f", $0 * 1000) } ?? ""))
    }
    for step in ["list, stat each photo"] + firstCatalog {
        guard let s = steps[step] else { continue }
        row(step, median(s.cpu), median(s.wall))
    }
    row("first catalog (CPU)", median((0..<runs).map { run in firstCatalog.reduce(0) { $0 + (steps[$1]?.cpu[run] ?? 0) } }), nil)
}
