import Foundation

/// Where the tests find their files: the checkout, the ColladaKit fixtures, and `../shared` beside the
/// checkout (the corpus; absent outside CI, and the tests that need it skip, saying so).
package enum TestPaths {
    package struct MissingShared: Error, CustomStringConvertible {
        package var description: String { "../shared/corpus is not beside the checkout" }
    }

    package static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    package static var fixtures: String { repoRoot.path + "/Tests/ColladaKitTests/Fixtures" }
    /// Looked up once.
    package static let shared: String? = {
        let p = repoRoot.deletingLastPathComponent().appendingPathComponent("shared").path
        return FileManager.default.fileExists(atPath: p + "/corpus") ? p : nil
    }()

    /// ``shared``, or an error the test reports.
    package static func requireShared() throws -> String {
        guard let shared else { throw MissingShared() }
        return shared
    }
}
