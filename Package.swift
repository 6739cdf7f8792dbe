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
        .library(name: "PhotoFile", targets: ["PhotoFile"]),
        .library(name: "JSON", targets: ["JSON"]),
    ],
    targets: [
        // No `pkgConfig:` here: sdl2.pc's cflags add only include paths the
        // shim does not need (it includes <SDL2/...>, the libraries are
        // linked by the module map) and -D_REENTRANT, which SwiftPM refuses
        // with a "prohibited flag" warning on every build. Makefile's
        // APP_PACKAGES installs the -dev packages.
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // libjpeg-turbo's TurboJPEG API: decodes a JPEG at 1/2, 1/4 or 1/8
        // of its size straight from the DCT, for strip thumbnails.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .target(name: "Motion"),
        .target(name: "Gestures", dependencies: ["Motion"]),
        // What a photo file says about itself (format, size, EXIF
        // orientation), whether it is whole, and how to decode it small.
        .target(name: "PhotoFile"),
        // The JSON reader (line numbers for messages) and the one-object-a-line writer.
        .target(name: "JSON"),
        .target(name: "TripsKit", dependencies: ["Gestures", "Motion", "JSON"]),
        .target(name: "Platform", dependencies: ["CSDL2", "CTurboJPEG", "Gestures", "Motion", "PhotoFile", "TripsKit"]),
        .executableTarget(name: "trips", dependencies: ["Platform", "TripsKit"]),
        .executableTarget(name: "bench", dependencies: ["Gestures", "Motion", "TripsKit"], path: "Benchmarks",
                         exclude: ["startup.sh", "session.sh", "session.txt", "decode.sh", "Photos",
                                  "GenGestures", "soak.sh", "peers.sh"]),
        .executableTarget(name: "bench-photos", dependencies: ["CSDL2", "Platform"], path: "Benchmarks/Photos"),
        // The fuzz's random gestures as a script, for the soak and for
        // replaying a fuzz failure by hand.
        .executableTarget(name: "gen-gestures", dependencies: ["TestSupport"], path: "Benchmarks/GenGestures"),
        // Shared by the test targets: the seeded generator of the property,
        // fuzz and round-trip tests.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Motion", "TestSupport"]),
        .testTarget(name: "PhotoFileTests", dependencies: ["PhotoFile"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "TripsKitTests", dependencies: ["TripsKit", "Gestures", "Motion", "TestSupport"]),
        // Runs the built `trips` binary (SDL's offscreen driver) on replay
        // scripts: every behaviour of docs/BEHAVIOUR.md through the real event path.
        .testTarget(name: "TripsAppTests", dependencies: ["TripsKit", "JSON", "TestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
