// swift-tools-version:6.0
import PackageDescription

// The pure modules (Gestures, Motion, TripsKit) never import SDL, so they are
// tested without a display. SDL is reached only through CSDL2 (Debian's -dev
// packages, found with pkg-config) and the thin Platform layer.
let package = Package(
    name: "Trips",
    products: [
        .executable(name: "trips", targets: ["trips"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "TripsKit", targets: ["TripsKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2 SDL2_image SDL2_ttf",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // libjpeg-turbo's TurboJPEG API: decodes a JPEG at 1/2, 1/4 or 1/8
        // of its size straight from the DCT, for strip thumbnails.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        // libseccomp: the decode workers' system-call filter (DecoderSandbox).
        .systemLibrary(
            name: "CSeccomp",
            pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]
        ),
        .target(name: "Motion"),
        .target(name: "Gestures", dependencies: ["Motion"]),
        .target(name: "TripsKit", dependencies: ["Gestures", "Motion"]),
        .target(name: "Platform", dependencies: ["CSDL2", "CTurboJPEG", "CSeccomp", "Motion", "TripsKit"]),
        .executableTarget(name: "trips", dependencies: ["Platform", "TripsKit"]),
        .executableTarget(name: "bench", dependencies: ["Gestures", "Motion", "TripsKit"], path: "Benchmarks",
                         exclude: ["startup.sh", "session.sh", "session.txt", "decode.sh", "Photos",
                                  "gen_gestures.py", "soak.sh", "peers.sh"]),
        .executableTarget(name: "bench-photos", dependencies: ["CSDL2", "Platform"], path: "Benchmarks/Photos"),
        // Shared by the test targets: the seeded generator of the property,
        // fuzz and round-trip tests.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Motion", "TestSupport"]),
        .testTarget(name: "TripsKitTests", dependencies: ["TripsKit", "Gestures", "Motion", "TestSupport"]),
        // Runs the built `trips` binary (SDL's offscreen driver) on replay
        // scripts: every behaviour of TRIPS.md through the real event path.
        .testTarget(name: "TripsAppTests", dependencies: ["TripsKit", "TestSupport"]),
        // The decode workers through their real path (the built `trips` in
        // its worker mode): containment of every fault, the sandbox, fuzz.
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "TestSupport"], exclude: ["Seeds", "Fixtures"]),
    ],
    swiftLanguageModes: [.v5]
)
