import Foundation
import MydexTestSupport
import Testing

/// The dependency graph is true (docs/DESIGN.md, "Modules"): every module a Swift file imports is
/// a dependency its target declares in Package.swift (SwiftPM lets a module a dependency brings
/// along be imported undeclared), every declared dependency is imported or linked, and each layer
/// depends only on the layers below it. The manifest is read as SwiftPM reads it
/// (`swift package dump-package`), the imports from the sources.
@Suite("Dependency graph")
struct DependencyGraphTests {
    /// What the app's targets may depend on, layer by layer: the command line reaches the
    /// collection, the Pokédex and the network only through the services.
    static let layers: [String: Set<String>] = [
        "MydexText": ["CMydexStrings"],
        "MydexModel": ["GRDB", "MydexText"],
        "MydexCatalog": ["GRDB", "CMydexCatalog", "CMydexSprites", "MydexModel", "MydexText"],
        "MydexStore": ["GRDB", "MydexCatalog", "MydexModel", "CMydexMigrations", "MydexText"],
        "PokeAPI": ["CCurlShim", "MydexText"],
        "MydexSaves": [],
        "MydexSets": [],
        "MydexServices": ["MydexCatalog", "MydexModel", "MydexStore", "MydexSaves", "MydexSets", "PokeAPI", "CPNGDecode", "MydexText"],
        "MydexCLI": ["MydexServices", "MydexModel", "MydexText", "CTerminalRescue", "CMydexBuildStamp", "ArgumentParser", "TOMLKit"],
        "mydex": ["MydexCLI", "CMydexICUData"],
    ]

    /// What a command's file may import: it works through the services.
    static let commandImports: Set<String> = [
        "ArgumentParser", "Foundation", "Glibc", "Synchronization", "MydexModel", "MydexServices", "MydexText", "CMydexBuildStamp",
    ]

    /// Dependencies a target links or includes from C without a Swift import.
    static let linkedOnly: [String: Set<String>] = ["mydex": ["CMydexICUData"], "CMydexStrings": ["CMydexCatalog"]]

    /// The toolchain's own modules.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "Musl", "Synchronization", "Testing", "XCTest",
        "_Concurrency", "CoreFoundation",
    ]

    /// The modules a package product gives, by product name.
    static let productModules = ["ArgumentParser": "ArgumentParser", "GRDB": "GRDB", "TOMLKit": "TOMLKit"]

    struct Target {
        var name: String
        var path: String
        var dependencies: Set<String>
        var isSwift: Bool
    }

    /// The manifest's targets, as `swift package dump-package` gives them.
    static func targets() async throws -> [Target] {
        let root = Fixtures.repositoryRoot
        let swift = ProcessInfo.processInfo.environment["PATH"].flatMap { path in
            path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        } ?? URL(fileURLWithPath: "/usr/bin/swift")
        // A scratch folder of its own: `swift test` holds the checkout's `.build` while it runs.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try ChildProcess(
            swift, ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"],
            environment: ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "TMPDIR"].contains($0.key) })
        let outcome = await dump.outcome(timeout: 120)
        #expect(outcome.status == 0, "swift package dump-package: \(outcome.standardError)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: outcome.outputBytes) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        return try targets.map { target in
            let name = try #require(target["name"] as? String)
            let type = target["type"] as? String
            let path = (target["path"] as? String) ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            var dependencies: Set<String> = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let named = (dependency["byName"] ?? dependency["target"]) as? [Any], let module = named.first as? String {
                    dependencies.insert(module)
                } else if let product = dependency["product"] as? [Any], let module = product.first as? String {
                    dependencies.insert(productModules[module] ?? module)
                }
            }
            let folder = root.appendingPathComponent(path)
            let isSwift = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .contains { $0.hasSuffix(".swift") }
            return Target(name: name, path: path, dependencies: dependencies, isSwift: isSwift && type != "system-target")
        }
    }

    /// The modules the Swift files under `path` import, by file.
    static func imports(under path: String) throws -> [String: Set<String>] {
        let folder = Fixtures.repositoryRoot.appendingPathComponent(path)
        var found: [String: Set<String>] = [:]
        for case let file as String in FileManager.default.enumerator(atPath: folder.path) ?? NSEnumerator() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var modules: Set<String> = []
            // Imports stand at the start of a line (one inside a string, a script the benchmark
            // writes, is indented).
            for line in text.split(separator: "\n") {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal"].contains(first) {
                    words.removeFirst()
                }
                guard !line.hasPrefix(" "), words.count >= 2, words[0] == "import" else { continue }
                modules.insert(String(words[words.count == 3 ? 2 : 1].prefix { $0 != "." }))
            }
            found[file] = modules
        }
        return found
    }

    @Test("Every import is a declared dependency, every dependency is used, and each layer depends only on those below it")
    func declaredDependencies() async throws {
        let targets = try await Self.targets()
        #expect(targets.count > 20)
        for target in targets where target.isSwift {
            let imported = try Self.imports(under: target.path).values.reduce(into: Set<String>()) { $0.formUnion($1) }
                .subtracting(Self.system).subtracting([target.name])
            let undeclared = imported.subtracting(target.dependencies)
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
            let unused = target.dependencies.subtracting(imported).subtracting(Self.linkedOnly[target.name] ?? [])
            #expect(unused.isEmpty, "\(target.name) declares \(unused.sorted()) but imports none of them")
            if let allowed = Self.layers[target.name] {
                let beyond = target.dependencies.subtracting(allowed)
                #expect(beyond.isEmpty, "\(target.name) depends on \(beyond.sorted()), outside its layer's \(allowed.sorted())")
            }
        }
        #expect(Set(Self.layers.keys).isSubset(of: Set(targets.map(\.name))))
    }

    @Test("Command files import the services, the model, the words and the argument parser: never the store, the catalog or PokeAPI")
    func commandImports() throws {
        let commands = try Self.imports(under: "Sources/MydexCLI/Commands")
        #expect(commands.count >= 20)
        for (file, modules) in commands.sorted(by: { $0.key < $1.key }) {
            let beyond = modules.subtracting(Self.commandImports)
            #expect(beyond.isEmpty, "Commands/\(file) imports \(beyond.sorted())")
        }
    }
}
