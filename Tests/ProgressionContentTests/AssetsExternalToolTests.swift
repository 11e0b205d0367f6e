import Foundation
import Testing
@testable import ProgressionContent

/// Every file in `Assets/` validates against the COLLADA 1.4.1 schema (`xmllint`, Debian's
/// `libxml2-utils`) and loads in assimp (`assimp info FILE -r`, Debian's `assimp-utils`) with the
/// expected joints, channels, meshes and camera. Each test skips, saying so, when its tool or
/// `../shared/schema` is missing; CI (`.ci/run`) installs both.
@Suite struct AssetsExternalToolTests {
    static var daeFiles: [String] { AssetsFixture.relativePaths.filter { $0.hasSuffix(".dae") } }

    @Test func everyFileValidatesAgainstTheSchema() throws {
        guard let shared = AssetsFixture.shared else {
            print("skipped: ../shared/schema is absent"); return
        }
        let paths = Self.daeFiles.map { AssetsFixture.path($0) }
        guard let (status, output) = AssetsFixture.run(
            "xmllint", ["--nonet", "--noout", "--schema", "\(shared)/schema/collada_schema_1_4_1.xsd"] + paths,
            environment: ["XML_CATALOG_FILES": "\(shared)/schema/catalog.xml"])
        else {
            print("skipped: xmllint is not installed (apt libxml2-utils)"); return
        }
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

    @Test func assimpLoadsTheBaseModel() throws {
        guard AssetsFixture.run("assimp", ["version"]) != nil else {
            print("skipped: assimp is not installed (apt assimp-utils)"); return
        }
        let info = try #require(Self.assimpInfo("Models/base-model.dae"), "assimp could not load the base model")
        #expect(info.counts["Meshes"] == 1 && info.counts["Bones"] == Self.jointIDs.count && info.counts["Cameras"] == 1)
        #expect((5_000...30_000).contains(info.counts["Faces"] ?? 0))
        #expect(Set(Self.jointIDs).isSubset(of: info.nodes), "missing \(Set(Self.jointIDs).subtracting(info.nodes))")
    }

    @Test func assimpLoadsEveryRigAndPose() throws {
        guard AssetsFixture.run("assimp", ["version"]) != nil else {
            print("skipped: assimp is not installed (apt assimp-utils)"); return
        }
        for rel in Self.daeFiles where rel.hasPrefix("Animations/") || rel.hasPrefix("Poses/") {
            guard let info = Self.assimpInfo(rel) else { Issue.record("assimp could not load \(rel)"); continue }
            #expect(info.counts["Animations"] == 1 && info.counts["Animation Channels"] == Self.jointIDs.count, "\(rel)")
            #expect(info.counts["Cameras"] == 1 && info.nodes.contains("Camera"), "\(rel)")
            #expect(Set(Self.jointIDs).isSubset(of: info.nodes), "\(rel): joints missing")
        }
    }
}
