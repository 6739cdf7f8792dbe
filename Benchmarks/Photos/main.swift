import CSDL2
import Foundation
import Platform

// Thumbnails decoded per second: libjpeg-turbo's scaled decoding against
// plain IMG_Load (then shrunk), on the same camera-size JPEGs, alternating
// in one process, single-threaded. Median of rounds. Usage:
//   bench-photos WIDTHxHEIGHT FILE...

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: bench-photos WIDTHxHEIGHT FILE...\n".utf8))
    exit(2)
}
let size = arguments[0].split(separator: "x").compactMap { Int($0) }
let target = (width: size.first ?? 720, height: size.last ?? 180)
let files = Array(arguments.dropFirst())
_ = IMG_Init(Int32(IMG_INIT_JPG.rawValue))

func round(plain: Bool) -> Double {
    let start = ContinuousClock.now
    for file in files {
        switch PhotoDecoder.decode(path: file, target: target, plainSDL: plain) {
        case .success(let decoded): SDL_FreeSurface(decoded.surface)
        case .failure(let failure): print("bench-photos: \(file): \(failure)"); exit(1)
        }
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(files.count) / seconds
}

var turbo: [Double] = [], plain: [Double] = []
for _ in 0..<5 {
    turbo.append(round(plain: false))
    plain.append(round(plain: true))
}
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
let t = median(turbo), p = median(plain)
print(String(format: "decode: %d JPEGs to cover %dx%d, median of 5 rounds: libjpeg-turbo scaled %.1f/s, IMG_Load %.1f/s, ratio %.1fx",
             files.count, target.width, target.height, t, p, t / p))
