import Foundation
import Testing
@testable import ColladaKit
import TestSupport

/// Writer -> reader round trips: what ``ColladaWriter`` writes loads back to the same scene.
@Suite struct WriterRoundTripTests {
    @Test(arguments: [
        (Float(0), "0"), (1, "1"), (-1, "-1"), (0.5, "0.5"), (-0.0000004, "0"), (0.0000006, "0.000001"),
        (1.75, "1.75"), (-12.125, "-12.125"), (0.1, "0.1"), (123456.5, "123456.5"), (2e9, "2e+09"),
        (Float.nan, "0"), (0.33333334, "0.333333"), (-0.9999999, "-1"),
    ])
    func numberFormat(value: Float, expected: String) {
        #expect(XMLTextBuffer.format(value) == expected)
    }

    @Test func handBuiltSceneRoundTrips() throws {
        let scene = Self.handBuiltScene()
        let bytes = try ColladaWriter.write(scene)
        #expect(try ColladaWriter.write(scene) == bytes, "two writes of the same scene differ")
        let back = try ColladaLoader.load(bytes: bytes, path: "hand.dae")
        expectSameScene(back, scene)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics.map(\.message))")
        // The posed, skinned mesh agrees too.
        for t: Float in [0, 0.5, 1] {
            let a = MeshDeformer(scene: scene).posedMeshes(scene.pose(at: t))
            let b = MeshDeformer(scene: back).posedMeshes(back.pose(at: t))
            #expect(a.count == 1 && b.count == 1)
            for (p, q) in zip(a[0].positions, b[0].positions) { #expect(approx(p, q, 1e-4)) }
        }
    }

    @Test(.enabled(if: TestPaths.shared != nil, "../shared is not beside this checkout"),
          arguments: ["humanoid_default.dae", "humanoid_anim_only.dae", "humanoid_wave_anim_only.dae"])
    func blenderFilesRoundTrip(name: String) throws {
        let shared = try #require(TestPaths.shared)
        let scene = try load("\(shared)/corpus/blender-made/\(name)", keepFileSpace: true)
        let bytes = try ColladaWriter.write(scene)
        let back = try ColladaLoader.load(bytes: bytes, path: name, options: .init(keepFileSpace: true))
        expectSameScene(back, scene)
        for t: Float in [0.1, 0.5, 1] {
            let a = scene.pose(at: t), b = back.pose(at: t)
            for n in scene.nodes.indices { #expect(a.worldMatrices[n].maxDifference(b.worldMatrices[n]) < 1e-4) }
        }
    }

    /// A one-bone-chain skinned quad strip with a camera, a light, a material and a 2-key animation.
    static func handBuiltScene() -> Scene {
        var s = Scene(path: "hand.dae", authoringTool: "test", upAxis: .z)
        let arm = s.addNode(Node(id: "rig", name: "rig", isJoint: false, transforms: [.matrix(.identity)]), parent: nil)
        let a = s.addNode(Node(id: "rig_a", sid: "a", name: "a", isJoint: true,
                               transforms: [.matrix(.translation(SIMD3(0, 0, 1)))]), parent: arm)
        let b = s.addNode(Node(id: "rig_b_L", sid: "b_L", name: "b.L", isJoint: true,
                               transforms: [.matrix(.translation(SIMD3(0, 0, 1)))]), parent: a)
        let meshNode = s.addNode(Node(id: "body", name: "body", isJoint: false, transforms: [.matrix(.identity)]), parent: arm)
        let cam = s.addNode(Node(id: "Camera", name: "Camera", isJoint: false,
                                 transforms: [Transform(.translate, sid: "location", values: [5, 0, 1]),
                                              Transform(.rotate, sid: "rotationZ", values: [0, 0, 1, 90])]), parent: nil)
        let positions: [SIMD3<Float>] = (0..<6).map { SIMD3(Float($0 % 2) * 0.2, 0, 1 + Float($0 / 2) * 0.5) }
        let tris: [UInt32] = [0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4]
        s.meshes = [Mesh(id: "strip-mesh", name: "strip", positions: positions,
                         normals: Array(repeating: SIMD3(0, -1, 0), count: 6),
                         parts: [MeshPart(materialSymbol: "grey-material", positionIndices: tris, normalIndices: tris)])]
        s.materials = [Material(id: "grey-material", name: "grey", shadingModel: "lambert", diffuse: SIMD4(0.6, 0.6, 0.6, 1))]
        let ib: [Matrix4x4] = [.translation(SIMD3(0, 0, -1)), .translation(SIMD3(0, 0, -2))]
        s.skins = [Skin(id: "rig_body-skin", name: "rig", mesh: 0, bindShapeMatrix: .identity, jointNames: ["a", "b_L"],
                        inverseBindMatrices: ib, influenceStart: [0, 1, 2, 4, 6, 7, 8],
                        influenceJoint: [0, 0, 0, 1, 0, 1, 1, 1], influenceWeight: [1, 1, 0.5, 0.5, 0.5, 0.5, 1, 1])]
        s.meshInstances = [MeshInstance(node: meshNode, source: .skin(0), jointNodes: [a, b], skeletonRoots: [a],
                                        materials: ["grey-material": 0])]
        s.cameras = [Camera(id: "Camera-camera", name: "Camera", projection: .perspective(yfov: 0.6, aspectRatio: 1),
                            clipping: 0.1...100)]
        s.cameraInstances = [NodeAttachment(node: cam, attaching: 0)]
        s.lights = [Light(id: "Sun-light", name: "Sun", type: "directional", color: SIMD3(1, 1, 1))]
        s.lightInstances = [NodeAttachment(node: arm, attaching: 0)]
        let bent = Matrix4x4.translation(SIMD3(0, 0, 1)) * Matrix4x4.rotation(axis: SIMD3(1, 0, 0), degrees: 60)
        s.samplers = [AnimationSampler(id: "rig_b_L_pose_matrix-sampler", input: [0, 1],
                                       output: Matrix4x4.translation(SIMD3(0, 0, 1)).rowMajor + bent.rowMajor,
                                       stride: 16, interpolation: .linear)]
        s.channels = [AnimationChannel(sampler: 0, node: b, transform: 0, targetPath: "rig_b_L/transform",
                                       animationID: "action_container-rig")]
        return s
    }
}

/// Expects `b` (read back) to hold what `a` (written) holds.
func expectSameScene(_ b: Scene, _ a: Scene, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(b.upAxis == a.upAxis && approx(b.unitMeters, a.unitMeters), sourceLocation: sourceLocation)
    #expect(b.nodes.count == a.nodes.count, sourceLocation: sourceLocation)
    for (m, n) in zip(b.nodes, a.nodes) {
        #expect(m.id == n.id && m.sid == n.sid && m.name == n.name && m.isJoint == n.isJoint && m.parent == n.parent,
                "node \(n.label)", sourceLocation: sourceLocation)
        #expect(m.transforms.map(\.kind) == n.transforms.map(\.kind) && m.transforms.map(\.sid) == n.transforms.map(\.sid),
                sourceLocation: sourceLocation)
        #expect(m.localMatrix.maxDifference(n.localMatrix) < 2e-5, "node \(n.label) matrix", sourceLocation: sourceLocation)
    }
    #expect(b.meshes.count == a.meshes.count, sourceLocation: sourceLocation)
    for (m, n) in zip(b.meshes, a.meshes) {
        #expect(m.id == n.id && m.positions.count == n.positions.count && m.triangleCount == n.triangleCount,
                sourceLocation: sourceLocation)
        for (p, q) in zip(m.parts, n.parts) {
            #expect(p.materialSymbol == q.materialSymbol, sourceLocation: sourceLocation)
            for i in stride(from: 0, to: min(p.positionIndices.count, q.positionIndices.count), by: 7) {
                #expect(approx(m.positions[Int(p.positionIndices[i])], n.positions[Int(q.positionIndices[i])], 2e-5),
                        sourceLocation: sourceLocation)
                if !q.normalIndices.isEmpty {
                    #expect(approx(m.normals[Int(p.normalIndices[i])], n.normals[Int(q.normalIndices[i])], 2e-5),
                            sourceLocation: sourceLocation)
                }
            }
        }
    }
    #expect(b.skins.count == a.skins.count, sourceLocation: sourceLocation)
    for (s, t) in zip(b.skins, a.skins) {
        #expect(s.jointNames == t.jointNames && s.influenceStart == t.influenceStart && s.influenceJoint == t.influenceJoint,
                sourceLocation: sourceLocation)
        #expect(zip(s.influenceWeight, t.influenceWeight).allSatisfy { approx($0, $1) }, sourceLocation: sourceLocation)
        #expect(zip(s.inverseBindMatrices, t.inverseBindMatrices).allSatisfy { $0.maxDifference($1) < 2e-5 },
                sourceLocation: sourceLocation)
        #expect(s.bindShapeMatrix.maxDifference(t.bindShapeMatrix) < 2e-5, sourceLocation: sourceLocation)
    }
    #expect(b.meshInstances.map { $0.node } == a.meshInstances.map { $0.node }, sourceLocation: sourceLocation)
    #expect(b.meshInstances.map { $0.jointNodes } == a.meshInstances.map { $0.jointNodes }, sourceLocation: sourceLocation)
    #expect(b.cameras.count == a.cameras.count && b.cameraInstances.map(\.node) == a.cameraInstances.map(\.node),
            sourceLocation: sourceLocation)
    for (c, d) in zip(b.cameras, a.cameras) {
        #expect(c.id == d.id && approx(c.znear, d.znear) && approx(c.zfar, d.zfar), sourceLocation: sourceLocation)
        switch (c.projection, d.projection) {
        case let (.perspective(y1, a1), .perspective(y2, a2)):
            #expect(approx(y1, y2, 1e-4) && (a1 == nil) == (a2 == nil), sourceLocation: sourceLocation)
        case let (.orthographic(y1, _), .orthographic(y2, _)):
            #expect(approx(y1, y2), sourceLocation: sourceLocation)
        default:
            Issue.record("camera projection kind changed", sourceLocation: sourceLocation)
        }
    }
    // A light the reader could not classify (no technique_common) is written as directional.
    let kinds = ["ambient", "directional", "point", "spot"]
    #expect(b.lights.map(\.kind) == a.lights.map { kinds.contains($0.kind) ? $0.kind : "directional" }
            && b.lightInstances.map(\.node) == a.lightInstances.map(\.node), sourceLocation: sourceLocation)
    #expect(b.materials.map(\.id) == a.materials.map(\.id), sourceLocation: sourceLocation)
    for (m, n) in zip(b.materials, a.materials) {
        if let c = n.diffuseColor, let d = m.diffuseColor { #expect(approx(c.x, d.x) && approx(c.w, d.w), sourceLocation: sourceLocation) }
    }
    #expect(b.channels.map(\.targetPath) == a.channels.map(\.targetPath), sourceLocation: sourceLocation)
    #expect(b.channels.map(\.animationID) == a.channels.map(\.animationID), sourceLocation: sourceLocation)
    for (c, d) in zip(b.channels, a.channels) {
        #expect(c.target == d.target, sourceLocation: sourceLocation)
        let s = b.samplers[c.sampler], t = a.samplers[d.sampler]
        #expect(s.input.count == t.input.count && s.stride == t.stride && s.interpolation == t.interpolation,
                sourceLocation: sourceLocation)
        #expect(zip(s.input, t.input).allSatisfy { approx($0, $1) }, sourceLocation: sourceLocation)
        #expect(zip(s.output, t.output).allSatisfy { approx($0, $1, 2e-5) }, sourceLocation: sourceLocation)
    }
}

/// Every corpus file the reader loads and the writer can express round-trips to the same scene.
@Suite struct WriterCorpusRoundTripTests {
    static let files: [String] = {
        guard let shared = TestPaths.shared else { return [] }
        let root = "\(shared)/corpus/collada"
        let all = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return all.filter { $0.hasSuffix(".dae") }.sorted().map { "\(root)/\($0)" }
    }()

    @Test(.enabled(if: TestPaths.shared != nil, "../shared/corpus is not beside this checkout"))
    func corpusFilesRoundTrip() throws {
        #expect(!Self.files.isEmpty)
        var written = 0
        for path in Self.files {
            guard let scene = try? load(path, keepFileSpace: true) else { continue }
            let bytes: [UInt8]
            do { bytes = try ColladaWriter.write(scene) } catch ColladaWriter.WriterError.unsupported { continue }
            let back = try ColladaLoader.load(bytes: bytes, path: path, options: .init(keepFileSpace: true))
            expectSameScene(back, scene)
            written += 1
        }
        #expect(written >= Self.files.count / 2, "only \(written) of \(Self.files.count) corpus files could be written")
        print("round-tripped \(written) of \(Self.files.count) corpus files")
    }
}
