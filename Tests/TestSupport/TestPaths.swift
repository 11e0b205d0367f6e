import Foundation

/// Where every test target finds its files, defined once: the checkout, its `Assets/`, the ColladaKit
/// fixtures, and `../shared` beside the checkout (the corpus; absent outside CI, and the tests that need it
/// skip, saying so).
package enum TestPaths {
    package struct MissingShared: Error, CustomStringConvertible {
        package var description: String { "../shared/corpus is not beside the checkout" }
    }

    /// The checkout: this file is `Tests/TestSupport/TestPaths.swift`.
    package static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The bundled `Assets/`.
    package static var assets: String { repoRoot.path + "/Assets" }
    /// The checkout's `Assets/` holds a catalog (looked up once).
    package static let haveAssets = FileManager.default.fileExists(atPath: repoRoot.path + "/Assets/catalog.json")
    /// ColladaKit's fixtures (the COLLADA files written for this project).
    package static var fixtures: String { repoRoot.path + "/Tests/ColladaKitTests/Fixtures" }
    package static func fixture(_ name: String) -> String { fixtures + "/" + name }

    /// `../shared` beside the checkout when it holds the corpus; looked up once.
    package static let shared: String? = {
        let p = repoRoot.deletingLastPathComponent().appendingPathComponent("shared").path
        return FileManager.default.fileExists(atPath: p + "/corpus") ? p : nil
    }()
    package static var hasShared: Bool { shared != nil }
    /// The Blender-made humanoid of the corpus, when `../shared` is there.
    package static var humanoid: String? { shared.map { $0 + "/corpus/blender-made/humanoid_default.dae" } }

    /// ``shared``, or an error the test reports.
    package static func requireShared() throws -> String {
        guard let shared else { throw MissingShared() }
        return shared
    }

    /// The bytes of the file at `path`.
    package static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
}
