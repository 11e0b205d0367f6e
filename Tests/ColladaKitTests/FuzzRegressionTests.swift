import Foundation
import Testing
@testable import ColladaKit
import PipelineKit
import TestSupport

/// Every input the fuzzer (Tests/Fuzz) or its review found crashing, hanging or exhausting memory,
/// kept in `Fixtures/fuzz/` with the outcome it must have now: refused with a located error, or
/// loaded with a warning. Each is also posed at two times and skinned, as the fuzz harness does.
@Suite struct FuzzRegressionTests {
    enum Outcome: Sendable {
        /// Loading fails with this error id.
        case error(String)
        /// Loading succeeds with this warning id.
        case warning(String)
        /// Loading succeeds (the input is valid; what it broke was further on, e.g. the rasterizer:
        /// see PoseRendererTests' `FuzzRenderRegressionTests`).
        case loads
    }

    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var outcome: Outcome
        /// What it did before the fix.
        var was: String
        var description: String { file }
    }

    static let cases: [Case] = [
        Case(file: "accessor_overflow.dae", outcome: .error("accessor-count"),
             was: "trap: arithmetic overflow in offset + (count - 1) * stride (DocumentReader.readSource)"),
        Case(file: "accessor_offset_overflow.dae", outcome: .error("accessor-count"),
             was: "trap: arithmetic overflow in offset + width (SceneResolver.floats), on the early-geometry thread, which resolved a document the reader had already refused"),
        Case(file: "offset_overflow.dae", outcome: .error("input-offset"),
             was: "trap: arithmetic overflow in input.offset + 1 (SceneResolver.readGeometry)"),
        Case(file: "tricount_overflow.dae", outcome: .error("primitive-count"),
             was: "trap: arithmetic overflow in count * 3 * stride (SceneResolver.buildPart)"),
        Case(file: "target_overflow.dae", outcome: .warning("channel-target"),
             was: "trap: arithmetic overflow in row * 4 + column of a channel target (resolveTarget)"),
        Case(file: "instance_node_2pow30.dae", outcome: .error("node-limit"),
             was: "24 s and 1M nodes expanding a node instanced twice by each of 30 levels"),
        Case(file: "zip_size_claim.zae", outcome: .error("zae-archive"),
             was: "allocated the 200 MB a 144-byte archive claimed before inflating"),
        Case(file: "gb2312_bad_bytes.dae", outcome: .error("xml-malformed"),
             was: "libxml2 printed 'encoding error : input conversion failed' to stderr (see encodingErrorsDoNotPrint)"),
        Case(file: "polygons_hole_stride.dae", outcome: .error("index-count"),
             was: "a <h> of 7 indices for 2 inputs shifted the next hole's corners: position index 15 of 10 reached the mesh"),
        Case(file: "clip_overflow.dae", outcome: .loads,
             was: "trap: Int64(NaN) in TriangleSetup.emit after a guard-band clip overflowed (clip x ±1e38, w 3e33)"),
        Case(file: "clip_cancellation.dae", outcome: .loads,
             was: "trap: Int64(x) below Int64.min in TriangleSetup.emit, a guard-band clip point lost to cancellation (corners 1e33 and 1e19 away)"),
        Case(file: "clip_int32.dae", outcome: .loads,
             was: "trap: Int32(x0) of a snapped coordinate past 2^31 in TriangleSetup.emit (a clip point from a corner 1e33 away)"),
        Case(file: "camera_tiny_znear.dae", outcome: .loads,
             was: "trap: Int64(NaN) in TriangleSetup.emit, a vertex at w = 2e-40 (znear 1e-40) so 1 / w = inf"),
    ]

    @Test(arguments: cases)
    func fixtureHasItsOutcome(_ c: Case) throws {
        let path = TestPaths.fixture("fuzz/" + c.file)
        let bytes = try TestPaths.bytes(path)
        var scene: Scene?
        var errors: [Diagnostic] = []
        do {
            scene = try ColladaLoader.load(bytes: bytes, path: path)
        } catch let e as LoadError {
            errors = e.diagnostics.filter { $0.severity == .error }
        }
        switch c.outcome {
        case .error(let id):
            #expect(scene == nil, "\(c.file) should not load")
            #expect(errors.contains { $0.id == id }, "\(c.file): expected \(id), got \(errors.map(\.id))")
            // Located: the diagnostic names the file (and a line for document problems).
            if let d = errors.first(where: { $0.id == id }) {
                #expect(d.location.path.hasPrefix(path))
                #expect(d.location.line >= 1)
            }
        case .warning(let id):
            let s = try #require(scene, "\(c.file) should load; errors: \(errors.map(\.description))")
            #expect(s.diagnostics.contains { $0.id == id && $0.severity == .warning },
                    "\(c.file): expected warning \(id), got \(s.diagnostics.map(\.id))")
            exercise(s)
        case .loads:
            let s = try #require(scene, "\(c.file) should load; errors: \(errors.map(\.description))")
            exercise(s)
        }
    }

    /// What the fuzz harness does with a scene that loads.
    func exercise(_ scene: Scene) {
        // What loads keeps the mesh invariant every consumer relies on: each index addresses its table.
        for mesh in scene.meshes {
            for part in mesh.parts {
                #expect(part.positionIndices.allSatisfy { Int($0) < mesh.positions.count }, "\(mesh.id): a position index is out of range")
                #expect(part.normalIndices.allSatisfy { Int($0) < mesh.normals.count }, "\(mesh.id): a normal index is out of range")
                #expect(part.texcoordIndices.allSatisfy { Int($0) < mesh.texcoords.count }, "\(mesh.id): a texcoord index is out of range")
                #expect(part.colorIndices.allSatisfy { Int($0) < mesh.colors.count }, "\(mesh.id): a colour index is out of range")
            }
        }
        var times: [Float] = [0]
        if let r = scene.animationRange() { times.append(r.lowerBound + (r.upperBound - r.lowerBound) / 2) }
        let deformer = MeshDeformer(scene: scene)
        for t in times {
            let pose = scene.pose(at: t)
            #expect(pose.worldMatrices.count == scene.nodes.count)
            #expect(deformer.posedMeshes(pose).count == scene.meshInstances.count)
        }
    }

    @Test func encodingErrorsDoNotPrint() throws {
        let bytes = try TestPaths.bytes(TestPaths.fixture("fuzz/gb2312_bad_bytes.dae"))
        let printed = try Self.capturingStandardError {
            #expect(throws: LoadError.self) { _ = try XMLReader.read(bytes, path: "gb2312.dae") }
        }
        // Other tests running meanwhile may print; libxml2's own messages must not appear.
        #expect(!printed.contains("encoding error"), "libxml2 wrote: \(printed)")
        #expect(!printed.contains("I/O error"), "libxml2 wrote: \(printed)")
    }

    /// Runs `body` with file descriptor 2 redirected to a temporary file; returns what was written.
    static func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        let fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        try #require(fd >= 0)
        let saved = dup(2)
        fflush(nil)
        dup2(fd, 2)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
            close(fd)
            unlink(path)
        }
        try body()
        fflush(nil)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func everyFixtureIsListed() throws {
        let dir = TestPaths.fixture("fuzz")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == Self.cases.map(\.file).sorted())
    }
}
