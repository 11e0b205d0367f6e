import ColladaKit
import Foundation
@testable import ProgressionContent
import TestSupport

/// The committed `Assets/` folder and the base model, loaded once for the asset tests.
enum AssetsFixture {
    static let repoRoot: URL = TestPaths.repoRoot
    static let assets = repoRoot.appendingPathComponent("Assets")
    /// `../shared` beside the checkout, when present (CI).
    /// `../shared` when it holds the schemas these tests validate against.
    static let shared: String? = TestPaths.shared.flatMap { FileManager.default.fileExists(atPath: $0 + "/schema") ? $0 : nil }

    static func path(_ rel: String) -> String { assets.appendingPathComponent(rel).path }

    static let base: Scene? = try? ColladaLoader.load(path: path("Models/base-model.dae"))

    static let ids: [String] = ProgressionLibrary.all.map(\.id)

    static func definition(_ id: String) -> ProgressionDefinition? { ProgressionLibrary.all.first { $0.id == id } }

    /// Every file `assettool author` writes, relative to `Assets/`.
    static var relativePaths: [String] {
        ["Models/base-model.dae", "catalog.json", "icon-style.json"]
            + ids.flatMap { ["Animations/\($0).dae", "Poses/\($0)-pose.dae"] }
    }

    /// Runs `tool args` and returns (status, stdout + stderr), or nil when the tool is not installed.
    static func run(_ tool: String, _ args: [String], environment: [String: String] = [:]) -> (Int32, String)? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let exe = paths.map({ "\($0)/\(tool)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        do { try p.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
