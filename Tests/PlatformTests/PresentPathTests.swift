import XCTest
@testable import Platform

/// The present path, decided once when the window opens, for each display
/// and machine docs/PRESENTING.md's table names.
final class PresentPathTests: XCTestCase {
    let drivers = ["opengl", "opengles2", "software"]

    private func path(_ driver: String, renderer: String? = nil, gpu: Bool = false, hiDPI: Bool = false,
                      environment: [String: String] = [:]) throws -> PresentPath {
        try PresentPath.decide(videoDriver: driver, renderer: renderer, available: drivers, hasGPU: gpu, environment: environment,
                               isHiDPI: { hiDPI })
    }

    func testWithoutAGPUSoftwareFramesGoThroughWlShmOnWaylandAndStraightToX11() throws {
        XCTAssertEqual(try path("wayland"), .waylandShm)
        XCTAssertEqual(try path("x11"), .software)
        XCTAssertEqual(try path("x11", hiDPI: true), .software, "X11 takes the pixels as they are, at any scale")
        XCTAssertEqual(try path("offscreen"), .software)
        XCTAssertTrue(PresentPath.takesPixelsDirectly(videoDriver: "x11"))
        XCTAssertFalse(PresentPath.takesPixelsDirectly(videoDriver: "wayland"))
    }

    func testTRIPS_WL_SHM0KeepsSDLsOwnPathOnWayland() throws {
        let own = ["TRIPS_WL_SHM": "0"]
        XCTAssertEqual(try path("wayland", environment: own), .software)
        XCTAssertEqual(try path("wayland", hiDPI: true, environment: own), .accelerated(index: nil),
                       "a software surface in points would be scaled up, blurred")
        XCTAssertEqual(try path("wayland", renderer: "software", environment: own), .software)
        XCTAssertEqual(try path("wayland", environment: ["TRIPS_WL_SHM": "1"]), .waylandShm)
    }

    func testAGPUDrawsWithSDLsAcceleratedRenderer() throws {
        XCTAssertEqual(try path("wayland", gpu: true), .accelerated(index: nil))
        XCTAssertEqual(try path("x11", gpu: true), .accelerated(index: nil))
        XCTAssertEqual(try path("wayland", renderer: "software", gpu: true), .waylandShm, "--renderer software on Wayland is wl_shm")
    }

    func testARendererAskedForByNameIsThatOneOrAnError() throws {
        XCTAssertEqual(try path("x11", renderer: "opengles2"), .accelerated(index: 1))
        XCTAssertEqual(try path("x11", renderer: "software", gpu: true), .software)
        XCTAssertThrowsError(try path("x11", renderer: "vulkan")) { error in
            XCTAssertEqual("\(error)", "trips: unknown renderer 'vulkan' (this machine has: opengl, opengles2, software)")
        }
    }

    func testHiDPIIsAskedOnlyWhenItDecides() throws {
        var asked = 0
        _ = try PresentPath.decide(videoDriver: "x11", renderer: nil, available: drivers, hasGPU: false, environment: [:], isHiDPI: { asked += 1; return false })
        _ = try PresentPath.decide(videoDriver: "wayland", renderer: nil, available: drivers, hasGPU: true, environment: [:], isHiDPI: { asked += 1; return false })
        XCTAssertEqual(asked, 0)
        _ = try PresentPath.decide(videoDriver: "wayland", renderer: nil, available: drivers, hasGPU: false, environment: ["TRIPS_WL_SHM": "0"],
                                   isHiDPI: { asked += 1; return false })
        XCTAssertEqual(asked, 1)
    }
}
