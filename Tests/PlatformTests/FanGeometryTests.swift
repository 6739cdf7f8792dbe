import CSDL2
import Foundation
import TripsKit
import XCTest
@testable import Platform

/// A fan as SDL geometry: a textured one whose edges are too long for SDL's
/// software renderer is cut into like triangles, its texture mapped as the
/// whole fan maps it.
final class FanGeometryTests: XCTestCase {
    /// A square of `side` points as a fan about its centre, its texture the whole picture.
    private func square(_ side: CGFloat) -> [PhotoGeometry.Vertex] {
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1), CGPoint(x: 0, y: 0)]
        return [PhotoGeometry.Vertex(position: CGPoint(x: side / 2, y: side / 2), texture: CGPoint(x: 0.5, y: 0.5))]
            + corners.map { PhotoGeometry.Vertex(position: CGPoint(x: $0.x * side, y: $0.y * side), texture: $0) }
    }

    func testALongEdgedTexturedFanIsCutInFourAsOftenAsItTakes() throws {
        let small = try XCTUnwrap(FanGeometry(square(700), scale: 1, color: RGBA(255, 255, 255), cut: true))
        XCTAssertEqual(small.indices.count, 4 * 3, "edges of 700 pixels are drawn as they are")
        let large = try XCTUnwrap(FanGeometry(square(1000), scale: 1, color: RGBA(255, 255, 255), cut: true))
        XCTAssertEqual(large.indices.count, 4 * 4 * 3, "edges of 1000 pixels: each triangle in four")
        let huge = try XCTUnwrap(FanGeometry(square(1000), scale: 2, color: RGBA(255, 255, 255), cut: true))
        XCTAssertEqual(huge.indices.count, 4 * 16 * 3, "2000 pixels: in four, then in four again")
        let uncut = try XCTUnwrap(FanGeometry(square(1000), scale: 2, color: RGBA(255, 255, 255), cut: false))
        XCTAssertEqual(uncut.indices.count, 4 * 3)
    }

    func testEveryNewVertexIsMappedWhereTheWholeFanMapsIt() throws {
        let fan = try XCTUnwrap(FanGeometry(square(1000), scale: 2, color: RGBA(10, 20, 30, 40), cut: true))
        XCTAssertTrue(fan.indices.allSatisfy { $0 >= 0 && Int($0) < fan.vertices.count })
        for v in fan.vertices {
            XCTAssertEqual(v.tex_coord.x, v.position.x / 2000, accuracy: 1e-6)
            XCTAssertEqual(v.tex_coord.y, v.position.y / 2000, accuracy: 1e-6)
            XCTAssertEqual([v.color.r, v.color.g, v.color.b, v.color.a], [10, 20, 30, 40])
        }
        XCTAssertEqual(fan.bounds, SDL_Rect(x: -1, y: -1, w: 2002, h: 2002), "its pixels and one more on each side")
    }

    func testFewerThanThreeVerticesAreNoFan() {
        XCTAssertNil(FanGeometry(Array(square(10).prefix(2)), scale: 1, color: RGBA(0, 0, 0), cut: true))
    }
}
