import ColladaKit
import Foundation
@testable import RigLint
import Testing
import TestSupport
import PipelineKit

/// One fixture per rule: a real Blender rig, base model or a small catalog, mutated in the test so
/// that exactly one thing is wrong; the rule must fire at the line (and, for value-level
/// locations, the column) where the mutation is.
@Suite(.enabled(if: TestPaths.shared != nil, "needs ../shared/corpus/blender-made"))
struct ValidateRuleTests {
    enum Target: String, Sendable { case rig, base, catalog }

    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var target: Target
        /// The catalog marks the rig as looping.
        var loops = false
        /// Also check the column (diagnostics located at a value).
        var checkColumn = false
        var mutate: @Sendable (inout ValidateFixtureText) -> Void
        var expected: @Sendable (ValidateFixtureText) -> (line: Int, column: Int)
        var testDescription: String { rule }
    }

    static let hipsOutput = "id=\"Armature_Walk_hips_pose_matrix-output-array\""
    static let hipsInterpolation = "id=\"Armature_Walk_hips_pose_matrix-interpolation-array\""

    static let cases: [Case] = fileCases + animationCases + rigCases + baseCases + catalogCases

    static let fileCases: [Case] = [
        Case(rule: "xml-malformed", target: .rig, mutate: { $0.replace("</perspective>", "</perspectiv>") },
             expected: { $0.position(ofTag: "</perspectiv>") }),
        Case(rule: "collada-root", target: .rig, mutate: { $0.replace("<COLLADA xmlns", "<COLLADAX xmlns"); $0.replace("</COLLADA>", "</COLLADAX>") },
             expected: { $0.position(ofTag: "<COLLADAX") }),
        Case(rule: "collada-version", target: .rig, mutate: { $0.replace("version=\"1.4.1\"", "version=\"2.0\"") },
             expected: { $0.position(ofTag: "<COLLADA ") }),
        Case(rule: "reference-missing", target: .rig, mutate: { $0.replace("source=\"#Armature_Walk_spine_pose_matrix-sampler\"", "source=\"#nope\"") },
             expected: { $0.position(ofTag: "<channel source=\"#nope\"") }),
        Case(rule: "array-count", target: .rig, mutate: { $0.replace(ValidateFixtures.hipsInput + " count=\"30\"", ValidateFixtures.hipsInput + " count=\"31\"") },
             expected: { $0.position(ofTag: "<float_array " + ValidateFixtures.hipsInput) }),
        Case(rule: "accessor-out-of-range", target: .rig,
             mutate: { $0.replace("<accessor source=\"#Armature_Walk_hips_pose_matrix-input-array\" count=\"30\"", "<accessor source=\"#Armature_Walk_hips_pose_matrix-input-array\" count=\"31\"") },
             expected: { $0.position(ofTag: "<accessor source=\"#Armature_Walk_hips_pose_matrix-input-array\"") }),
        Case(rule: "number-syntax", target: .rig, checkColumn: true, mutate: { $0.editArray("Armature_Walk_hips_pose_matrix-input-array") { $0[1] = "0,0666" } },
             expected: { $0.position(ofValue: 1, after: ValidateFixtures.hipsInput, element: "float_array") }),
        Case(rule: "number-non-finite", target: .rig, mutate: { $0.editArray("Armature_Walk_hips_pose_matrix-input-array") { $0[1] = "1e999" } },
             expected: { $0.position(ofTag: "<float_array " + ValidateFixtures.hipsInput) }),
        Case(rule: "channel-target-missing", target: .rig, mutate: { $0.replace("target=\"Armature_spine/transform\"", "target=\"Armature_spine/nosuch\"") },
             expected: { $0.position(ofTag: "<channel source=\"#Armature_Walk_spine_pose_matrix-sampler\"") }),
    ]

    static let animationCases: [Case] = [
        Case(rule: "anim-times-increasing", target: .rig, checkColumn: true,
             mutate: { $0.editArray("Armature_Walk_hips_pose_matrix-input-array") { $0.swapAt(1, 2) } },
             expected: { $0.position(ofValue: 2, after: ValidateFixtures.hipsInput, element: "float_array") }),
        Case(rule: "anim-key-count", target: .rig,
             mutate: {
                 $0.editArray("Armature_Walk_hips_pose_matrix-input-array") { $0.removeLast() }
                 $0.replace(ValidateFixtures.hipsInput + " count=\"30\"", ValidateFixtures.hipsInput + " count=\"29\"")
                 $0.replace("<accessor source=\"#Armature_Walk_hips_pose_matrix-input-array\" count=\"30\"", "<accessor source=\"#Armature_Walk_hips_pose_matrix-input-array\" count=\"29\"")
             },
             expected: { $0.position(ofTag: "<float_array " + hipsOutput) }),
        Case(rule: "anim-output-stride", target: .rig, mutate: { $0.replace("target=\"Armature_hips/transform\"", "target=\"Armature_hips/transform(0)(3)\"") },
             expected: { $0.position(ofTag: "<channel source=\"#Armature_Walk_hips_pose_matrix-sampler\"") }),
        Case(rule: "anim-interpolation", target: .rig, checkColumn: true,
             mutate: { $0.editArray("Armature_Walk_hips_pose_matrix-interpolation-array") { $0[4] = "SMOOTH" } },
             expected: { $0.position(ofValue: 4, after: hipsInterpolation, element: "Name_array") }),
        Case(rule: "anim-tangents-missing", target: .rig,
             mutate: { $0.editArray("Armature_Walk_hips_pose_matrix-interpolation-array") { $0[0] = "BEZIER" } },
             expected: { $0.position(ofTag: "<sampler id=\"Armature_Walk_hips_pose_matrix-sampler\"") }),
        Case(rule: "anim-time-range", target: .rig, mutate: { $0.remove(from: "<library_animations>", through: "</library_animations>") },
             expected: { $0.position(ofTag: "<COLLADA ") }),
        Case(rule: "anim-loop", target: .rig, loops: true, checkColumn: true,
             mutate: { $0.editArray("Armature_Walk_hips_pose_matrix-output-array") { $0[29 * 16 + 3] = "0.2" } },
             expected: { $0.position(ofValue: 29 * 16 + 3, after: hipsOutput, element: "float_array") }),
        Case(rule: "anim-even-sampling", target: .rig, checkColumn: true,
             mutate: { $0.editArray("Armature_Walk_hips_pose_matrix-input-array") { $0[5] = "0.21" } },
             expected: { $0.position(ofValue: 5, after: ValidateFixtures.hipsInput, element: "float_array") }),
    ]

    static let rigCases: [Case] = [
        Case(rule: "rig-joint-missing", target: .rig,
             mutate: {
                 $0.replace("<node id=\"Armature_hips\" name=\"hips\" sid=\"hips\"", "<node id=\"Armature_pelvis\" name=\"pelvis\" sid=\"pelvis\"")
                 $0.replace("target=\"Armature_hips/transform\"", "target=\"Armature_pelvis/transform\"")
             },
             expected: { $0.position(ofTag: "<node id=\"Armature_pelvis\"") }),
        Case(rule: "rig-joint-parent", target: .rig,
             mutate: { $0.replace("<node id=\"Armature_chest\" name=\"chest\" sid=\"chest\"", "<node id=\"Armature_torso\" name=\"torso\" sid=\"torso\"") },
             expected: { $0.position(ofTag: "<node id=\"Armature_neck\"") }),
        Case(rule: "rig-joint-undriven", target: .rig, mutate: { $0.remove(from: "<node id=\"Armature_forearm_L\"", through: "</node>") },
             expected: { $0.position(ofTag: "<node id=\"Armature_hips\"") }),
        Case(rule: "rig-rest-length", target: .rig, mutate: { $0.editMatrix(ofNode: "Armature_spine") { $0[7] *= 1.5 } },
             expected: { $0.position(ofTag: "<node id=\"Armature_spine\"") }),
        Case(rule: "rig-rest-orientation", target: .rig,
             mutate: {
                 // A quarter turn about the bone's own axis: columns (x, y, z) -> (-z, y, x); the offset is kept.
                 $0.editMatrix(ofNode: "Armature_spine") { m in for r in 0..<3 { (m[r * 4], m[r * 4 + 2]) = (-m[r * 4 + 2], m[r * 4]) } }
             },
             expected: { $0.position(ofTag: "<node id=\"Armature_spine\"") }),
        Case(rule: "rig-axis-unit", target: .rig, mutate: { $0.replace("<up_axis>Z_UP</up_axis>", "<up_axis>Y_UP</up_axis>") },
             expected: { $0.position(ofTag: "<up_axis>") }),
        Case(rule: "rig-camera-missing", target: .rig, mutate: { $0.replace("<node id=\"Camera\" name=\"Camera\"", "<node id=\"Cam\" name=\"Cam\"") },
             expected: { $0.position(ofTag: "<visual_scene") }),
        Case(rule: "rig-camera-fov", target: .rig, mutate: { $0.replace("39.59775", "170") },
             expected: { $0.position(ofTag: "<camera id=\"Camera-camera\"") }),
        Case(rule: "rig-container-id", target: .rig, mutate: { $0.replace("id=\"action_container-rig\"", "id=\"action_container-Armature\"") },
             expected: { $0.position(ofTag: "<animation id=\"action_container-Armature\"") }),
    ]

    static let weights = "Armature_Mannequin-skin-weights-array"
    static let vcountMarker = "<vcount"

    /// `vcount` and `v` of the base model's skin.
    static func influences(_ t: ValidateFixtureText) -> (vcount: [Int], v: [Int]) {
        let vc = t.contentRange(after: "<vcount", element: "vcount").map { t.text[$0].split(separator: " ").compactMap { Int($0) } } ?? []
        let v = t.contentRange(after: "<v>", element: "v").map { t.text[$0].split(separator: " ").compactMap { Int($0) } } ?? []
        return (vc, v)
    }

    /// The first vertex with one influence and that influence's weight index.
    static func singleInfluence(_ t: ValidateFixtureText) -> (vertex: Int, weight: Int) {
        let (vc, v) = influences(t)
        var pair = 0
        for (i, n) in vc.enumerated() {
            if n == 1 { return (i, v[2 * pair + 1]) }
            pair += n
        }
        return (-1, -1)
    }

    static let baseCases: [Case] = [
        Case(rule: "base-skin-missing", target: .base,
             mutate: {
                 $0.replace("<instance_controller url=\"#Armature_Mannequin-skin\">", "<instance_geometry url=\"#MannequinMesh-mesh\">")
                 $0.replace("</instance_controller>", "</instance_geometry>")
             },
             expected: { $0.position(ofTag: "<visual_scene") }),
        Case(rule: "base-weights-normalized", target: .base, checkColumn: true,
             mutate: { t in let w = singleInfluence(t).weight; t.editArray(weights) { $0[w] = "0.5" } },
             expected: { $0.position(ofValue: singleInfluence($0).vertex, after: vcountMarker, element: "vcount") }),
        Case(rule: "base-vertex-unweighted", target: .base, checkColumn: true,
             mutate: { t in let w = singleInfluence(t).weight; t.editArray(weights) { $0[w] = "0" } },
             expected: { $0.position(ofValue: singleInfluence($0).vertex, after: vcountMarker, element: "vcount") }),
        Case(rule: "base-influences-max", target: .base, checkColumn: true,
             mutate: { t in
                 // Vertex 1 gets a fifth influence: a copy of its first pair.
                 let (vc, v) = influences(t)
                 let first = vc[0]
                 var newV = v
                 newV.insert(contentsOf: [v[2 * first], v[2 * first + 1]], at: 2 * (first + vc[1]))
                 var newVC = vc
                 newVC[1] += 1
                 if let r = t.contentRange(after: "<vcount", element: "vcount") { t.text.replaceSubrange(r, with: newVC.map(String.init).joined(separator: " ")) }
                 if let r = t.contentRange(after: "<v>", element: "v") { t.text.replaceSubrange(r, with: newV.map(String.init).joined(separator: " ")) }
             },
             expected: { $0.position(ofValue: 1, after: vcountMarker, element: "vcount") }),
        Case(rule: "base-joint-unused", target: .base, checkColumn: true,
             mutate: { t in
                 // Joint 4 (head) loses every weight.
                 let (_, v) = influences(t)
                 let zero = Set(stride(from: 0, to: v.count, by: 2).filter { v[$0] == 4 }.map { v[$0 + 1] })
                 t.editArray(weights) { w in for i in zero { w[i] = "0" } }
             },
             expected: { $0.position(ofValue: 4, after: "id=\"Armature_Mannequin-skin-joints-array\"", element: "Name_array") }),
        Case(rule: "base-bind-matrices", target: .base, checkColumn: true,
             mutate: { $0.editArray("Armature_Mannequin-skin-bind_poses-array") { $0[2 * 16 + 3] = "0.5" } },
             expected: { $0.position(ofValue: 32, after: "id=\"Armature_Mannequin-skin-bind_poses-array\"", element: "float_array") }),
        Case(rule: "base-bind-shape", target: .base,
             mutate: { $0.replace("<bind_shape_matrix>1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1", "<bind_shape_matrix>0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1") },
             expected: { $0.position(ofTag: "<bind_shape_matrix") }),
    ]


    static let catalogCases: [Case] = [
        Case(rule: "catalog-syntax", target: .catalog, mutate: { $0.text = "{\n  \"format\": 1,\n" }, expected: { _ in (3, 1) }),
        Case(rule: "catalog-file-missing", target: .catalog, mutate: { $0.replace("\"Poses/pushup-01-pose.dae\"", "\"Poses/missing.dae\"") },
             expected: { $0.position(ofTag: "\"pose\"") }),
        Case(rule: "catalog-id-duplicate", target: .catalog,
             mutate: { $0.replace("\"progressions\": [", "\"progressions\": [\n" + ValidateFixtures.progression.replacingOccurrences(of: "LOOPS", with: "false") + ",") },
             expected: { $0.position(ofTag: "\"pushup-01\"", occurrence: 1) }),
        Case(rule: "catalog-id-format", target: .catalog, mutate: { $0.replace("\"pushup-01\"", "\"pushup-1\"") },
             expected: { $0.position(ofTag: "\"pushup-1\"") }),
        Case(rule: "catalog-standards", target: .catalog,
             mutate: { $0.replace(",\n            {\"level\": \"progression\", \"sets\": 3, \"reps\": 50}", "") },
             expected: { $0.position(ofTag: "\"standards\"") }),
    ]

    // MARK: running a case

    struct Workspace {
        let dir: URL
        var base: String { dir.appendingPathComponent("Models/base-model.dae").path }
        var rig: String { dir.appendingPathComponent("Animations/pushup-01.dae").path }
        var catalog: String { dir.appendingPathComponent("catalog.json").path }
    }

    /// Writes the (mutated) base, rig and catalog into a temporary Assets-like folder.
    static func workspace(base: String, rig: String, catalog: String) throws -> Workspace {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString)")
        for sub in ["Models", "Animations", "Poses"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let w = Workspace(dir: dir)
        try Data(base.utf8).write(to: URL(fileURLWithPath: w.base))
        try Data(rig.utf8).write(to: URL(fileURLWithPath: w.rig))
        try Data(rig.utf8).write(to: dir.appendingPathComponent("Poses/pushup-01-pose.dae"))
        try Data("{}".utf8).write(to: dir.appendingPathComponent("icon-style.json"))
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: w.catalog))
        return w
    }

    /// The diagnostics of the case's target file after its mutation (or of the clean files).
    static func diagnostics(_ c: Case?, target: Target) throws -> (diagnostics: [Diagnostic], text: ValidateFixtureText) {
        var rig = ValidateFixtureText(text: try ValidateFixtures.cleanRig())
        var base = ValidateFixtureText(text: try ValidateFixtures.cleanBase())
        var catalog = ValidateFixtureText(text: ValidateFixtures.catalog(loops: c?.loops ?? false))
        switch (c?.target, c) {
        case (.rig, let c?): c.mutate(&rig)
        case (.base, let c?): c.mutate(&base)
        case (.catalog, let c?): c.mutate(&catalog)
        default: break
        }
        let w = try workspace(base: base.text, rig: rig.text, catalog: catalog.text)
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let result = Validator(basePath: w.base, catalogPath: w.catalog).run(files: [w.rig])
        let path = target == .rig ? w.rig : target == .base ? w.base : w.catalog
        let text = target == .rig ? rig : target == .base ? base : catalog
        return (result.diagnostics.filter { $0.location.path == path }, text)
    }

    // MARK: tests

    @Test func cleanFilesHaveNoDiagnostics() throws {
        for target in [Target.rig, .base, .catalog] {
            let (d, _) = try Self.diagnostics(nil, target: target)
            #expect(d.isEmpty, "\(target): \(d.map(\.description))")
        }
    }

    @Test(arguments: cases)
    func ruleFiresAtTheMutation(_ c: Case) throws {
        let (d, text) = try Self.diagnostics(c, target: c.target)
        let expected = c.expected(text)
        let hits = d.filter { $0.id == c.rule }
        #expect(!hits.isEmpty, "\(c.rule) did not fire; got \(d.map(\.description))")
        let here = hits.filter { $0.location.line == expected.line && (!c.checkColumn || $0.location.column == expected.column) }
        #expect(!here.isEmpty, "\(c.rule) expected at \(expected.line):\(expected.column); got \(hits.map(\.location.description))")
        if c.rule == "anim-times-increasing" {
            // Keys out of order are not also reported as unevenly spaced.
            #expect(!d.contains { $0.id == "anim-even-sampling" })
        }
        if let rule = ValidationRule.listing.first(where: { $0.id == c.rule }) {
            #expect(hits.allSatisfy { $0.severity == rule.severity })
        }
    }

    @Test func everyRuleHasAFixture() {
        let covered = Set(Self.cases.map(\.rule))
        let missing = ValidationRule.all.map(\.id).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "rules without a fixture: \(missing)")
        #expect(Set(ValidationRule.all.map(\.id)).count == ValidationRule.all.count, "duplicate rule ids")
        // The file cases are reader rules, listed (once) beside the linter's.
        let listed = ValidationRule.listing.map(\.id)
        #expect(Set(listed).count == listed.count, "ids listed twice: \(Dictionary(grouping: listed) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        #expect(Self.fileCases.allSatisfy { c in ValidationRule.listing.contains { $0.id == c.rule && $0.area.hasPrefix("reader-") } })
    }
}
