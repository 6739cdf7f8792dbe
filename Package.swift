// swift-tools-version:6.3;(experimentalCGen)
import PackageDescription

// The pure modules (Motion, Gestures, PhotoFile, JSON, TripsKit) never import
// SDL, so they are tested without a display. SDL is reached only through
// CSDL2 (Debian's -dev packages). What each module may import is written
// once, in docs/ARCHITECTURE.md's table: ArchitectureTests reads it and
// holds the sources' imports and these targets' dependencies to it.
//
// Every product and test target is in Swift 6 language mode (complete
// concurrency checking); only the benchmarks stay in 5 (see their line).
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Trips",
    products: [
        .executable(name: "trips", targets: ["trips"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "TripsKit", targets: ["TripsKit"]),
        .library(name: "PhotoFile", targets: ["PhotoFile"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Geography", targets: ["Geography"]),
        // Loaded by path, never linked: the Wayland window Trips presents
        // through wl_shm is made without EGL with it (docs/PRESENTING.md).
        .library(name: "TripsSurfaceOnlyVulkan", type: .dynamic, targets: ["SurfaceOnlyVulkan"]),
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
        // Xlib: whether an X window manager runs (Display: a kiosk without
        // one is sized to the screen rather than asking for fullscreen).
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev"])]
        ),
        // libXext's DPMS: a sleeping kiosk puts its X screen out (ScreenPower).
        .systemLibrary(
            name: "CXext",
            pkgConfig: "xext",
            providers: [.apt(["libxext-dev"])]
        ),
        // libcec: a sleeping kiosk puts a TV in standby over HDMI-CEC. No
        // `pkgConfig:`: libcec.pc requires p8-platform's, which Debian's
        // libcec-dev does not bring; the module map links the library.
        .systemLibrary(
            name: "CCEC",
            providers: [.apt(["libcec-dev"])]
        ),
        // libseccomp: the decode workers' system-call filter (DecoderSandbox).
        .systemLibrary(
            name: "CSeccomp",
            pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]
        ),
        // Fonts found by pattern, with a fallback for each character
        // (fontconfig); the Unicode bidirectional algorithm (FriBidi);
        // message catalogues (gettext, part of glibc: libintl.h).
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFribidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CGettext"),
        // libjpeg-turbo's libjpeg API: a region of a JPEG at 1/1 to 1/8
        // (the zoomed big photo's detail tiles).
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]
        ),
        // libheif: HEIC and AVIF photos, decoded on the workers.
        .systemLibrary(
            name: "CHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]
        ),
        // libjxl: JPEG XL photos, decoded on the workers (its thread runner
        // too). No `pkgConfig:`, as for CSDL2: libjxl.pc's cflags are only
        // -DHWY_SHARED_DEFINE (for C++ users of highway), which SwiftPM
        // refuses as a prohibited flag; the module map links the libraries.
        .systemLibrary(
            name: "CJXL",
            providers: [.apt(["libjxl-dev"])]
        ),
        // Little CMS: embedded ICC profiles converted to sRGB on the workers.
        .systemLibrary(
            name: "CLCMS",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        // libwayland-client: the core Wayland protocol on SDL's own
        // wl_display, for what SDL 2.26 does not offer.
        .systemLibrary(
            name: "CWayland",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        // Wayland's pointer gestures (touchpad pinch and hold), the C code
        // wayland-scanner generates from wayland-protocols' XML at build time
        // (Plugins/WaylandScanner; experimentalCGen above lets SwiftPM 6.3
        // compile generated C).
        .plugin(name: "WaylandScanner", capability: .buildTool()),
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"], exclude: ["wlr-output-power-management-unstable-v1.xml"],
                plugins: ["WaylandScanner"]),
        // The instance-extension list SDL 2.26 checks before it makes a
        // Vulkan window, the one kind of Wayland window it makes without
        // EGL; built as libTripsSurfaceOnlyVulkan.so beside the binary.
        .target(name: "SurfaceOnlyVulkan"),
        // libgeonames: GeoNames' cities of more than 15,000 people and their
        // names in 190 languages, offline (a photo's place: Gazetteer).
        // Through pkg-config: its header includes GLib's, whose include
        // folders only geonames.pc gives; SwiftPM drops the .pc's -pthread
        // with a warning (Swift code links libpthread through Glibc anyway).
        .systemLibrary(
            name: "CGeonames",
            pkgConfig: "geonames",
            providers: [.apt(["libgeonames-dev"])]
        ),
        // gexiv2 (exiv2's C API): a photo's EXIF for the properties panel,
        // read from bytes on the decode workers. Through pkg-config, as
        // CGeonames: its header includes GLib's.
        .systemLibrary(
            name: "CGexiv2",
            pkgConfig: "gexiv2",
            providers: [.apt(["libgexiv2-dev"])]
        ),
        // libdbus: the AT-SPI bridge speaks D-Bus with it (AccessibilityBridge).
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        // libsystemd: a kiosk unit's notify socket (ServiceNotifier: ready,
        // watchdog, stopping).
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // libmosquitto: the MQTT client a kiosk is steered through (`--mqtt`,
        // Platform's BrokerLink), initialised only when asked.
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        // zlib: inflates a PNG's iCCP profile.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // FFmpeg 5.1's libavformat, libavcodec, libswscale, libswresample and
        // libavutil: GIF, APNG and video clips decoded frame by frame on the
        // workers, and a clip's sound (docs/DECODING.md, "Frames that move").
        // libavformat.pc gives the multiarch include folder; the module map links all five.
        .systemLibrary(
            name: "CAV",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev"])]
        ),
        // libwebp's demuxer: animated WebP (FFmpeg 5.1 cannot decode it).
        .systemLibrary(
            name: "CWebPDemux",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),
        .target(name: "Motion", swiftSettings: swift6),
        .target(name: "Gestures", dependencies: ["Motion"], swiftSettings: swift6),
        // What a photo file says about itself (format, size, EXIF
        // orientation), whether it is whole, and how to decode it small.
        .target(name: "PhotoFile", swiftSettings: swift6),
        // The JSON reader (line numbers for messages) and the one-object-a-line writer.
        .target(name: "JSON", swiftSettings: swift6),
        // Where photos were taken, by the cities of a gazetteer: the spatial
        // index, the weighting by population, the naming of trips. Pure.
        .target(name: "Geography", swiftSettings: swift6),
        // libgeonames' table read into Geography's cities (the system's gazetteer).
        .target(name: "Gazetteer", dependencies: ["CGeonames", "Geography"], swiftSettings: swift6),
        // A watcher thread's hand-off to the frame loop (the bus, the touchpad's queue).
        .target(name: "Handoff", swiftSettings: swift6),
        // The test-only fault switch of a turn's write (PhotoTurner) is in debug builds only.
        .target(name: "TripsKit", dependencies: ["Gestures", "Motion", "JSON", "PhotoFile", "Geography"],
                swiftSettings: swift6 + [.define("TRIPS_TURN_FAULTS", .when(configuration: .debug))]),
        // The accessibility tree on the AT-SPI bus, for screen readers: the
        // mapping and event diffing are plain values; libdbus is behind BusConnection.
        .target(name: "AccessibilityBridge", dependencies: ["CDBus", "TripsKit", "Handoff"], swiftSettings: swift6),
        // The worker side of decoding: the sandboxed worker and zygote, the
        // codecs, and the wire format between worker and app. Never TripsKit
        // or Platform. The test-only fault switch is compiled into debug
        // builds only (what the tests and e2e scripts run).
        .target(name: "Decoding", dependencies: ["CSDL2", "CTurboJPEG", "CSeccomp", "CJPEG", "CHeif", "CJXL", "CLCMS", "CZlib", "CGexiv2", "CAV", "CWebPDemux", "PhotoFile"],
                swiftSettings: swift6 + [.define("TRIPS_DECODER_FAULTS", .when(configuration: .debug))]),
        // The app side of decoding: the loader threads and their worker
        // processes, the shared thumbnail cache. No SDL: it wakes the frame
        // loop through a callback.
        .target(name: "PhotoLoading", dependencies: ["CSeccomp", "Decoding", "PhotoFile"], swiftSettings: swift6),
        .target(name: "Platform", dependencies: ["CSDL2", "CX11", "CXext", "CCEC", "CFontconfig", "CFribidi", "CGettext", "CWayland", "CWaylandProtocols", "Decoding",
                                                 "PhotoLoading", "Gestures", "Motion", "PhotoFile", "TripsKit", "AccessibilityBridge", "Handoff", "CSystemd", "CMosquitto"],
                // The frame loop's test-only stall (FrameLoopStall), debug builds only.
                swiftSettings: swift6 + [.define("TRIPS_LOOP_FAULTS", .when(configuration: .debug))]),
        .executableTarget(name: "trips", dependencies: ["Decoding", "PhotoLoading", "Platform", "TripsKit", "Gazetteer", "Geography"], swiftSettings: swift6),
        // The benchmarks' harnesses stay in Swift 5 mode (they compile in 6),
        // so their figures compare with earlier runs like for like.
        .executableTarget(name: "bench", dependencies: ["Gestures", "Motion", "TripsKit", "Geography", "Gazetteer"], path: "Benchmarks",
                         exclude: ["startup.sh", "places-startup.sh", "session.sh", "session.txt", "decode.sh", "Photos",
                                  "GenGestures", "soak.sh", "peers.sh", "Peers", "zoom-memory.sh", "atspi.sh", "atspi-listener.py",
                                  "attract.sh", "thumbnail-cache.sh", "mqtt.sh", "slides.sh", "clips.sh"]),
        .executableTarget(name: "bench-photos", dependencies: ["CSDL2", "Decoding", "PhotoLoading"], path: "Benchmarks/Photos"),
        // The fuzz's random gestures as a script, for the soak and for
        // replaying a fuzz failure by hand.
        .executableTarget(name: "gen-gestures", dependencies: ["TestSupport"], path: "Benchmarks/GenGestures", swiftSettings: swift6),
        // Shared by the test targets: the seeded generator of the property,
        // fuzz and round-trip tests, the fuzz's gesture generator and photo
        // mutator, EXIF stamping, and the path of the built binary.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swift6),
        .testTarget(name: "MotionTests", dependencies: ["Motion"], swiftSettings: swift6),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Motion", "TestSupport"], swiftSettings: swift6),
        .testTarget(name: "PhotoFileTests", dependencies: ["PhotoFile", "TestSupport"], swiftSettings: swift6),
        .testTarget(name: "AccessibilityBridgeTests", dependencies: ["AccessibilityBridge", "CDBus", "TripsKit", "TestSupport"], swiftSettings: swift6),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: swift6),
        .testTarget(name: "HandoffTests", dependencies: ["Handoff"], swiftSettings: swift6),
        .testTarget(name: "GeographyTests", dependencies: ["Geography", "Gazetteer"], swiftSettings: swift6),
        .testTarget(name: "TripsKitTests", dependencies: ["TripsKit", "Gestures", "Motion", "Geography", "TestSupport"], swiftSettings: swift6),
        // Runs the built `trips` binary (SDL's offscreen driver) on replay
        // scripts: every behaviour of docs/BEHAVIOUR.md through the real event path.
        .testTarget(name: "TripsAppTests", dependencies: ["TripsKit", "JSON", "TestSupport"], swiftSettings: swift6),
        // The decode workers through their real path (the built `trips` in
        // its worker mode): containment of every fault, the sandbox, fuzz.
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Decoding", "PhotoLoading", "PhotoFile", "TripsKit", "CSDL2", "CHeif", "CJXL", "SurfaceOnlyVulkan", "TestSupport"],
                    exclude: ["Seeds", "Fixtures"], swiftSettings: swift6),
    ],
    swiftLanguageModes: [.v5]
)
