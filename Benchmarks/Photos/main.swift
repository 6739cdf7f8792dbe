import CSDL2
import Foundation
import Decoding
import PhotoLoading

// Thumbnails decoded per second and time to the first photo, decoding in
// this process (the baseline) against decoding in a sandboxed worker
// process (what the app does), on the same camera-size photos, alternating
// in one run (photo by photo), single-threaded, median of rounds; plus libjpeg-turbo's
// scaled decoding against plain IMG_Load. Usage:
//   bench-photos TRIPS_BINARY WIDTHxHEIGHT FILE...

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: bench-photos TRIPS_BINARY WIDTHxHEIGHT FILE...\n".utf8))
    exit(2)
}
let trips = arguments[0]
let size = arguments[1].split(separator: "x").compactMap { Int($0) }
let target = (width: size.first ?? 720, height: size.last ?? 180)
let files = Array(arguments.dropFirst(2))
_ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue))

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The in-process baseline: read the file, decode it here.
func decodeHere(_ file: String, plain: Bool) {
    guard let data = FileManager.default.contents(atPath: file) else { print("bench-photos: \(file): cannot read"); exit(1) }
    let result = data.withUnsafeBytes { PhotoDecoder.decode(bytes: $0, fileExtension: (file as NSString).pathExtension, target: target, plainSDL: plain) }
    switch result {
    case .success(let decoded): SDL_FreeSurface(decoded.surface)
    case .failure(let failure): print("bench-photos: \(file): \(failure)"); exit(1)
    }
}

let worker = DecoderProcess(executable: trips)
func decodeInWorker(_ file: String, plain: Bool) {
    if case .failure(let failure) = worker.decode(path: file, target: target, deadline: 30, plainSDL: plain) {
        print("bench-photos: \(file): \(failure)"); exit(1)
    }
}

/// CPU seconds a thread has run (the kernel's scheduler count, in ns).
func cpuSeconds(_ path: String) -> Double {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return Double(text.split(separator: " ").first.flatMap { Int($0) } ?? 0) / 1e9
}

/// CPU used by this thread and by the worker, if it runs.
func cpuNow() -> Double {
    cpuSeconds("/proc/thread-self/schedstat") + (worker.processID.map { cpuSeconds("/proc/\($0)/schedstat") } ?? 0)
}

/// Photos per second of each way in one round, alternating photo by photo
/// (so a neighbour's load falls on both alike), wall clock and CPU (this
/// thread plus the worker: what the photos cost, whatever else the
/// machine is doing).
func rates(_ ways: [(String, Bool) -> Void], plain: [Bool]) -> (wall: [Double], cpu: [Double]) {
    var wall = [Double](repeating: 0, count: ways.count), cpu = wall
    for file in files {
        for (i, decode) in ways.enumerated() {
            let start = ContinuousClock.now, cpuStart = cpuNow()
            decode(file, plain[i])
            wall[i] += seconds(since: start)
            cpu[i] += cpuNow() - cpuStart
        }
    }
    return (wall.map { Double(files.count) / $0 }, cpu.map { Double(files.count) / $0 })
}

/// From nothing to the first photo decoded: a fresh worker process
/// (started, libraries loaded, sandboxed) against a decode here.
func firstPhoto(inWorker: Bool) -> Double {
    let start = ContinuousClock.now
    if inWorker {
        let fresh = DecoderProcess(executable: trips)
        if case .failure(let failure) = fresh.decode(path: files[0], target: target, deadline: 30) { print("bench-photos: \(failure)"); exit(1) }
    } else {
        decodeHere(files[0], plain: false)
    }
    return seconds(since: start)
}

var here: [Double] = [], inWorker: [Double] = [], plainHere: [Double] = [], firstHere: [Double] = [], firstWorker: [Double] = []
var hereCPU: [Double] = [], inWorkerCPU: [Double] = []
for _ in 0..<9 {
    let r = rates([decodeHere, decodeInWorker, decodeHere], plain: [false, false, true])
    here.append(r.wall[0])
    inWorker.append(r.wall[1])
    plainHere.append(r.wall[2])
    hereCPU.append(r.cpu[0])
    inWorkerCPU.append(r.cpu[1])
    firstHere.append(firstPhoto(inWorker: false))
    firstWorker.append(firstPhoto(inWorker: true))
}
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
let h = median(here), w = median(inWorker), p = median(plainHere)
print(String(format: "decode: %d photos to cover %dx%d, median of 9 rounds, one thread:", files.count, target.width, target.height))
print(String(format: "  wall clock: in-process %.1f/s, sandboxed worker %.1f/s (%.0f%% of in-process)", h, w, 100 * w / h))
let hc = median(hereCPU), wc = median(inWorkerCPU)
print(String(format: "  per CPU second: in-process %.1f/s, sandboxed worker (app + worker) %.1f/s (%.0f%% of in-process)", hc, wc, 100 * wc / hc))
print(String(format: "  first photo: in-process %.1f ms, fresh sandboxed worker %.1f ms", 1000 * median(firstHere), 1000 * median(firstWorker)))
print(String(format: "  libjpeg-turbo scaled %.1f/s against plain IMG_Load %.1f/s (%.1fx)", h, p, h / p))
