import Foundation
import XCTest

/// docs/ARCHITECTURE.md's table of what each module may import, read from
/// the page itself (the one place it is written) and held against the
/// sources' imports and Package.swift's declared dependencies: SDL stays
/// out of the modules tested without a display, and data keeps flowing one way.
final class ArchitectureTests: XCTestCase {
    /// Imported by any module without its row's leave.
    static let system: Set<String> = ["Foundation", "Glibc"]
    /// Modules of the toolchain, never a Package.swift dependency.
    static let toolchain: Set<String> = system.union(["XCTest"])
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// One row of the table: the modules (or a module's folder) it names,
    /// and what they may import (nil: C modules).
    struct Row {
        var names: [String]
        var imports: Set<String>?
        var line: Int
    }

    /// One target of Package.swift.
    struct Target {
        var kind: String
        var name: String
        var dependencies: Set<String>
        var path: String?
    }

    /// The backticked words of `cell`.
    static func quoted(_ cell: Substring) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }

    /// The rows of the table under "The modules and what each may import".
    static func table() throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("## The modules and what each may import") },
                                    "docs/ARCHITECTURE.md has no section \"The modules and what each may import\"")
        var rows: [Row] = []
        var started = false
        for (index, line) in lines.enumerated().dropFirst(heading + 1) {
            guard line.hasPrefix("|") else {
                if started { break }
                continue
            }
            started = true
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            XCTAssertEqual(cells.count, 3, "docs/ARCHITECTURE.md:\(index + 1): a row of the module table has three cells: \(line)")
            guard cells.count == 3, let first = cells.first, let last = cells.last, first.contains("`") else { continue } // the header, the rule
            let allowed = last.trimmingCharacters(in: .whitespaces)
            rows.append(Row(names: quoted(first), imports: allowed.hasPrefix("(C") ? nil : Set(quoted(last)), line: index + 1))
        }
        XCTAssertFalse(rows.isEmpty, "docs/ARCHITECTURE.md's module table has no rows")
        return rows
    }

    /// Package.swift's targets, from its text (comments left out).
    static func package() throws -> [String: Target] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
            .split(separator: "\n").map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }.joined(separator: "\n")
        let start = try NSRegularExpression(pattern: #"\.(systemLibrary|target|executableTarget|testTarget|plugin)\("#)
        let starts = start.matches(in: text, range: NSRange(text.startIndex..., in: text))
        var targets: [String: Target] = [:]
        for (i, match) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1].range.location : (text as NSString).length
            let chunk = (text as NSString).substring(with: NSRange(location: match.range.location, length: end - match.range.location))
            let kind = (text as NSString).substring(with: match.range(at: 1))
            guard let name = first(#"name:\s*"([^"]+)""#, in: chunk) else { continue }
            let dependencies = first(#"dependencies:\s*\[([^\]]*)\]"#, in: chunk).map { list in
                Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" \n")) }.filter { !$0.isEmpty })
            } ?? []
            targets[name] = Target(kind: kind, name: name, dependencies: dependencies, path: first(#"path:\s*"([^"]+)""#, in: chunk))
        }
        XCTAssertFalse(targets.isEmpty, "no targets read from Package.swift")
        return targets
    }

    /// The first group of `pattern`'s first match in `text`.
    static func first(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    /// The modules each Swift file of `folder` imports, by its path inside
    /// `folder`; files of the targets' folders in `others` (inside it) are left out.
    static func imports(under folder: String, except others: [String]) throws -> [(file: String, module: String)] {
        let base = root.appendingPathComponent(folder)
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: base.path), folder).compactMap { $0 as? String }
            .filter { file in file.hasSuffix(".swift") && !others.contains { "\(folder)/\(file)".hasPrefix($0 + "/") } }
        XCTAssertFalse(files.isEmpty, "no sources in \(folder)")
        var found: [(String, String)] = []
        for file in files.sorted() {
            let text = try String(contentsOfFile: base.appendingPathComponent(file).path, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i == words.startIndex || words[i - 1].hasPrefix("@"),
                      i + 1 < words.endIndex else { continue }
                found.append((file, String(words[i + 1])))
            }
        }
        return found
    }

    /// Where a row's name has its sources: a target's folder, or a module's folder.
    static func folder(of name: String, in targets: [String: Target]) -> String {
        if let path = targets[name]?.path { return path }
        return "Sources/\(name)"
    }

    /// A newcomer finds a module's concerns from its folder list: no
    /// module keeps more than 15 Swift files at its top level.
    func testNoModuleFolderHoldsMoreThanFifteenSwiftFilesAtItsTopLevel() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module).path
            let top = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
            XCTAssertLessThanOrEqual(top.count, 15, "Sources/\(module) holds \(top.count) Swift files at its top level; put them in folders by concern")
        }
    }

    func testEveryModuleImportsOnlyWhatItsRowAllows() throws {
        let targets = try Self.package()
        let paths = targets.values.map { Self.folder(of: $0.name, in: targets) }
        var checked = 0
        for row in try Self.table() {
            guard let allowed = row.imports else { continue }
            for name in row.names where targets[name]?.kind != "systemLibrary" {
                let folder = Self.folder(of: name, in: targets)
                for (file, module) in try Self.imports(under: folder, except: paths.filter { $0.hasPrefix(folder + "/") }) {
                    XCTAssertTrue(Self.system.contains(module) || allowed.contains(module),
                                  "\(folder)/\(file) imports \(module); docs/ARCHITECTURE.md:\(row.line) allows \(allowed.sorted())")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "too few imports checked: the table or the sources were not found")
    }

    /// The table and Package.swift say the same: every target but the tests
    /// has a row, every row names a target (or a folder of one), and a
    /// Swift module's row lists its declared dependencies exactly.
    func testTheTableIsPackageSwiftsDependencies() throws {
        let targets = try Self.package()
        let rows = try Self.table()
        let named = Set(rows.flatMap(\.names))
        for target in targets.values where target.kind != "testTarget" && target.kind != "plugin" {
            XCTAssertTrue(named.contains(target.name), "Package.swift's target \(target.name) has no row in docs/ARCHITECTURE.md's module table")
        }
        for row in rows {
            for name in row.names {
                let module = name.split(separator: "/").first.map(String.init) ?? name
                guard let target = targets[module] else {
                    XCTFail("docs/ARCHITECTURE.md:\(row.line) names \(name), which is no target of Package.swift")
                    continue
                }
                if name.contains("/") {
                    var isFolder: ObjCBool = false
                    XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\(name)").path, isDirectory: &isFolder)
                                  && isFolder.boolValue, "docs/ARCHITECTURE.md:\(row.line) names the folder Sources/\(name), which does not exist")
                    continue
                }
                guard let imports = row.imports else {
                    XCTAssertTrue(["systemLibrary", "target"].contains(target.kind), "docs/ARCHITECTURE.md:\(row.line): \(name) is a C module but Package.swift's \(target.kind)")
                    continue
                }
                let declared = imports.subtracting(Self.toolchain)
                XCTAssertEqual(declared, target.dependencies,
                               "docs/ARCHITECTURE.md:\(row.line) lets \(name) import \(declared.sorted()); Package.swift declares \(target.dependencies.sorted())")
            }
        }
    }
}
