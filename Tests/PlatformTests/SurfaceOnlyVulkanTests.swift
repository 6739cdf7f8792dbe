import SurfaceOnlyVulkan
import XCTest

/// The library the wl_shm window is made with (docs/PRESENTING.md) answers
/// what SDL 2.26 asks of a Vulkan loader before a Wayland window, by
/// Vulkan's rules, and nothing else: no instance can be made with it.
final class SurfaceOnlyVulkanTests: XCTestCase {
    typealias Enumerate = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UInt32>, UnsafeMutableRawPointer?) -> Int32
    /// VkExtensionProperties: a 256-byte name, then the spec version.
    static let propertiesSize = 256 + 4

    private func enumerate() throws -> Enumerate {
        let function = try XCTUnwrap(vkGetInstanceProcAddr(nil, "vkEnumerateInstanceExtensionProperties"))
        return unsafeBitCast(function, to: Enumerate.self)
    }

    private func names(_ properties: UnsafeMutableRawPointer, count: UInt32) -> [String] {
        (0..<Int(count)).map { String(cString: properties.advanced(by: $0 * Self.propertiesSize).assumingMemoryBound(to: CChar.self)) }
    }

    func testItListsTheTwoSurfaceExtensionsSDLChecksForByVulkansTwoCallRule() throws {
        let enumerate = try enumerate()
        var count: UInt32 = 0
        XCTAssertEqual(enumerate(nil, &count, nil), 0)
        XCTAssertEqual(count, 2)
        let properties = UnsafeMutableRawPointer.allocate(byteCount: Int(count) * Self.propertiesSize, alignment: 4)
        defer { properties.deallocate() }
        XCTAssertEqual(enumerate(nil, &count, properties), 0)
        XCTAssertEqual(names(properties, count: count), ["VK_KHR_surface", "VK_KHR_wayland_surface"])

        var short: UInt32 = 1
        XCTAssertEqual(enumerate(nil, &short, properties), 5, "VK_INCOMPLETE for an array too short")
        XCTAssertEqual(short, 1)
        XCTAssertEqual(names(properties, count: short), ["VK_KHR_surface"])
    }

    func testALayerIsNotPresent() throws {
        var count: UInt32 = 7
        XCTAssertEqual(try enumerate()("VK_LAYER_KHRONOS_validation", &count, nil), -6, "VK_ERROR_LAYER_NOT_PRESENT")
        XCTAssertEqual(count, 0)
    }

    func testNothingElseIsOfferedSoNoInstanceCanBeMade() {
        for name in ["vkCreateInstance", "vkEnumerateInstanceVersion", "vkEnumerateInstanceLayerProperties", "vkGetInstanceProcAddr"] {
            XCTAssertNil(vkGetInstanceProcAddr(nil, name), name)
        }
        var instance = 0
        XCTAssertNil(vkGetInstanceProcAddr(&instance, "vkEnumerateInstanceExtensionProperties"), "not through an instance")
    }
}
