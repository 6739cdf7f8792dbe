import Foundation
import PackagePlugin

/// Generates the C code of the Wayland protocols a target names, at build
/// time, with wayland-scanner (Debian's libwayland-bin) from the XML that
/// wayland-protocols installs: the interface tables (`private-code`) that
/// libwayland-client marshals requests and events with. Nothing generated
/// is committed.
///
/// SwiftPM 6.3's native build compiles generated C sources (behind the
/// package's `experimentalCGen` feature) but does not put a plugin's
/// generated headers on any include path, so the target's own header
/// declares the generated interfaces, and Swift finds each request's and
/// event's opcode in those tables by name (`WaylandTouchpad`).
@main
struct WaylandScanner: BuildToolPlugin {
    /// Where a protocol's XML is: under wayland-protocols' folder, or in
    /// the target's own (one Debian does not package: wlroots').
    enum ProtocolXML {
        case installed(String)
        case inTarget(String)
    }

    /// Each target's protocols.
    static let protocols: [String: [ProtocolXML]] = [
        "CWaylandProtocols": [.installed("unstable/pointer-gestures/pointer-gestures-unstable-v1.xml"),
                              .inTarget("wlr-output-power-management-unstable-v1.xml")],
    ]
    static let protocolFolder = URL(filePath: "/usr/share/wayland-protocols")
    static let scanner = URL(filePath: "/usr/bin/wayland-scanner")

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        (Self.protocols[target.name] ?? []).map { source in
            let xml: URL
            switch source {
            case .installed(let path): xml = Self.protocolFolder.appending(path: path)
            case .inTarget(let path): xml = target.directoryURL.appending(path: path)
            }
            let name = xml.deletingPathExtension().lastPathComponent
            let code = context.pluginWorkDirectoryURL.appending(path: name + "-protocol.c")
            return .buildCommand(displayName: "wayland-scanner private-code \(name)", executable: Self.scanner,
                                 arguments: ["private-code", xml.path, code.path], inputFiles: [xml], outputFiles: [code])
        }
    }
}
