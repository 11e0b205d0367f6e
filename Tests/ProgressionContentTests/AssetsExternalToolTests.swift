import Foundation
import Testing
@testable import ProgressionContent

/// Every file in `Assets/` validates against the COLLADA 1.4.1 schema (`xmllint`, Debian's
/// `libxml2-utils`) and loads in assimp (`assimp info FILE -r`, Debian's `assimp-utils`) with the
/// expected joints, channels, meshes and camera. Each test is skipped, saying why, when its tool or
/// `../shared/schema` is missing; CI (`.ci/run`) installs both.
@Suite struct AssetsExternalToolTests {
    static var daeFiles: [String] { AssetsFixture.relativePaths.filter { $0.hasSuffix(".dae") } }

    /// Whether `tool` is an executable on PATH (looked up once per tool).
    static func isInstalled(_ tool: String) -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
    static let hasXmllint = isInstalled("xmllint")
    static let hasAssimp = isInstalled("assimp")

    @Test(.enabled(if: AssetsFixture.shared != nil, "needs ../shared/schema"),
          .enabled(if: hasXmllint, "needs xmllint (apt libxml2-utils)"))
    func everyFileValidatesAgainstTheSchema() throws {
        let shared = try #require(AssetsFixture.shared)
        let paths = Self.daeFiles.map { AssetsFixture.path($0) }
        let (status, output) = try #require(AssetsFixture.run(
            "xmllint", ["--nonet", "--noout", "--schema", "\(shared)/schema/collada_schema_1_4_1.xsd"] + paths,
            environment: ["XML_CATALOG_FILES": "\(shared)/schema/catalog.xml"]), "xmllint did not start")
        let failures = output.split(separator: "\n").filter { !$0.hasSuffix(" validates") }
        #expect(status == 0 && failures.isEmpty, "\(failures.prefix(6).joined(separator: "\n"))")
        #expect(output.components(separatedBy: " validates").count - 1 == paths.count)
    }

    /// `assimp info -r` of one file: its counters and the node names of its hierarchy.
    static func assimpInfo(_ rel: String) -> (counts: [String: Int], nodes: Set<String>)? {
        guard let (status, output) = AssetsFixture.run("assimp", ["info", AssetsFixture.path(rel), "-r"]), status == 0 else {
            return nil
        }
        var counts: [String: Int] = [:]
        var nodes = Set<String>()
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) {
                counts[String(parts[0])] = n
            }
            if let r = line.range(of: "╴") { nodes.insert(String(line[r.upperBound...]).trimmingCharacters(in: .whitespaces)) }
        }
        return (counts, nodes)
    }

    static let jointIDs = AssetsBaseModelTests.joints.map { "rig_" + $0.replacingOccurrences(of: ".", with: "_") }

    @Test(.enabled(if: hasAssimp, "needs assimp (apt assimp-utils)"))
    func assimpLoadsTheBaseModel() throws {
        let info = try #require(Self.assimpInfo("Models/base-model.dae"), "assimp could not load the base model")
        #expect(info.counts["Meshes"] == 1 && info.counts["Bones"] == Self.jointIDs.count && info.counts["Cameras"] == 1)
        #expect((5_000...30_000).contains(info.counts["Faces"] ?? 0))
        #expect(Set(Self.jointIDs).isSubset(of: info.nodes), "missing \(Set(Self.jointIDs).subtracting(info.nodes))")
    }

    @Test(.enabled(if: hasAssimp, "needs assimp (apt assimp-utils)"))
    func assimpLoadsEveryRigAndPose() throws {
        for rel in Self.daeFiles where rel.hasPrefix("Animations/") || rel.hasPrefix("Poses/") {
            guard let info = Self.assimpInfo(rel) else { Issue.record("assimp could not load \(rel)"); continue }
            #expect(info.counts["Animations"] == 1 && info.counts["Animation Channels"] == Self.jointIDs.count, "\(rel)")
            #expect(info.counts["Cameras"] == 1 && info.nodes.contains("Camera"), "\(rel)")
            #expect(Set(Self.jointIDs).isSubset(of: info.nodes), "\(rel): joints missing")
        }
    }
}
