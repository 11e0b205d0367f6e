import AssetBenchmarks
import Foundation
import Testing
@testable import ColladaKit
import PipelineKit

/// A four-joint arm along +X (joints at x = 0, 1, 2, 3; each `<translate sid="t">` + `<rotate sid="rz">`),
/// written as COLLADA. `axis` is the rotate axis of every joint (the elbow j1 is animated 0 -> 90 degrees
/// over 0...1 s when `animated`); `skinned` adds the mesh and skin; `extra` is more nodes at the root.
func armDocument(up: String = "Y_UP", axis: String = "0 0 1", skinned: Bool = true, animated: Bool = true,
                 bindShape: String = "2 0 0 0  0 2 0 0  0 0 2 1  0 0 0 1", extra: String = "") -> String {
    func joint(_ i: Int, _ x: String, _ inner: String) -> String {
        "<node id=\"j\(i)\" name=\"j\(i)\" sid=\"j\(i)\" type=\"JOINT\"><translate sid=\"t\">\(x)</translate><rotate sid=\"rz\">\(axis) 0</rotate>\(inner)</node>"
    }
    let skeleton = joint(0, "0 0 0", joint(1, "1 0 0", joint(2, "1 0 0", joint(3, "1 0 0", ""))))
    // Positions: bind_shape_matrix (scale 2, then z + 1) maps each to (x, 0, 0) or (2, 1, 0).
    let geometry = !skinned ? "" : """
        <library_geometries><geometry id="arm-mesh"><mesh>
          <source id="p"><float_array id="pa" count="21">0.25 0 -0.5  0.75 0 -0.5  1 0 -0.5  1.25 0 -0.5  0.5 0 -0.5  1.5 0 -0.5  1 0.5 -0.5</float_array>
            <technique_common><accessor source="#pa" count="7" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
          <source id="n"><float_array id="na" count="3">0 1 0</float_array>
            <technique_common><accessor source="#na" count="1" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
          <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
          <triangles count="2"><input semantic="VERTEX" source="#v" offset="0"/><input semantic="NORMAL" source="#n" offset="1"/><p>0 0 1 0 2 0 3 0 4 0 5 0</p></triangles>
        </mesh></geometry></library_geometries>
        <library_controllers><controller id="arm-skin"><skin source="#arm-mesh">
          <bind_shape_matrix>\(bindShape)</bind_shape_matrix>
          <source id="jn"><Name_array id="jna" count="4">j0 j1 j2 j3</Name_array>
            <technique_common><accessor source="#jna" count="4"><param name="JOINT" type="name"/></accessor></technique_common></source>
          <source id="ibm"><float_array id="ibma" count="64">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1  1 0 0 -1 0 1 0 0 0 0 1 0 0 0 0 1  1 0 0 -2 0 1 0 0 0 0 1 0 0 0 0 1  1 0 0 -3 0 1 0 0 0 0 1 0 0 0 0 1</float_array>
            <technique_common><accessor source="#ibma" count="4" stride="16"><param name="TRANSFORM" type="float4x4"/></accessor></technique_common></source>
          <source id="w"><float_array id="wa" count="4">1 0 0.5 2</float_array>
            <technique_common><accessor source="#wa" count="4"><param name="WEIGHT" type="float"/></accessor></technique_common></source>
          <joints><input semantic="JOINT" source="#jn"/><input semantic="INV_BIND_MATRIX" source="#ibm"/></joints>
          <vertex_weights count="7"><input semantic="JOINT" source="#jn" offset="0"/><input semantic="WEIGHT" source="#w" offset="1"/>
            <vcount>1 1 4 2 1 0 1</vcount><v>0 0  1 0  1 0 0 1 2 1 3 1  1 2 2 2  -1 0  1 3</v></vertex_weights>
        </skin></controller></library_controllers>
        """
    let animation = !animated ? "" : """
        <library_animations><animation id="bend">
          <source id="ti"><float_array id="tia" count="2">0 1</float_array><technique_common><accessor source="#tia" count="2"><param name="TIME" type="float"/></accessor></technique_common></source>
          <source id="to"><float_array id="toa" count="2">0 90</float_array><technique_common><accessor source="#toa" count="2"><param name="ANGLE" type="float"/></accessor></technique_common></source>
          <sampler id="s"><input semantic="INPUT" source="#ti"/><input semantic="OUTPUT" source="#to"/></sampler>
          <channel source="#s" target="j1/rz.ANGLE"/>
        </animation></library_animations>
        <library_animation_clips><animation_clip id="late" name="late" start="0.5" end="1"><instance_animation url="#bend"/></animation_clip></library_animation_clips>
        """
    let instance = skinned ? "<node id=\"arm\" name=\"Arm\"><instance_controller url=\"#arm-skin\"><skeleton>#j0</skeleton></instance_controller></node>" : ""
    return """
        <?xml version="1.0" encoding="utf-8"?>
        <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
        <asset><up_axis>\(up)</up_axis></asset>
        <library_cameras><camera id="cam"><optics><technique_common><perspective><yfov>40</yfov><znear>0.1</znear><zfar>100</zfar></perspective></technique_common></optics></camera></library_cameras>
        \(geometry)
        \(animation)
        <library_visual_scenes><visual_scene id="vs">\(skeleton)\(instance)\(extra)</visual_scene></library_visual_scenes>
        <scene><instance_visual_scene url="#vs"/></scene>
        </COLLADA>
        """
}

/// A sampler built in code (1-D values unless `stride` says otherwise).
func sampler(_ input: [Float], _ output: [Float], _ kind: Interpolation, stride: Int = 1,
             inTangent: [Float] = [], outTangent: [Float] = [], tangentStride: Int = 0) -> AnimationSampler {
    AnimationSampler(id: nil, input: input, output: output, stride: stride,
                     interpolation: Array(repeating: kind, count: input.count), inTangent: inTangent, outTangent: outTangent,
                     tangentStride: tangentStride, location: SourceLocation(path: "test", line: 0, column: 0))
}

/// The expected arm at elbow angle `deg`: the positions of the seven vertices.
func expectedArm(_ deg: Float) -> [SIMD3<Float>] {
    let r = deg * .pi / 180, c = cos(r), s = sin(r)
    func elbow(_ x: Float, _ y: Float) -> SIMD3<Float> { SIMD3(1 + (x - 1) * c - y * s, (x - 1) * s + y * c, 0) }
    return [SIMD3(0.5, 0, 0), elbow(1.5, 0), elbow(2, 0), elbow(2.5, 0), SIMD3(1, 0, 0), SIMD3(3, 0, 0), elbow(2, 1)]
}

@Suite struct PoseTests {
    @Test func twoJointArmBentNinetyDegrees() throws {
        let scene = try loadText(armDocument())
        let posed = scene.posedMeshes(at: 1)
        let arm = try #require(posed.first)
        #expect(arm.name == "Arm")
        for (k, (got, want)) in zip(arm.positions, expectedArm(90)).enumerated() {
            #expect(approx(got, want, 1e-5), "vertex \(k): \(got) != \(want)")
        }
        // v2 has weights (1, 0, 0, 0): exactly the elbow's rigid transform.
        #expect(approx(arm.positions[2], SIMD3(1, 1, 0), 1e-6))
        // v4 is bound to joint -1 (the bind shape), v5 has no influence: both stay at BSM · v.
        #expect(arm.unweightedVertices == [5])
        // v6's single weight is 2: normalised, and counted.
        #expect(arm.normalizedVertexCount == 1)
        // Normals (0, 1, 0): the shoulder's corner keeps it, the elbow's turns to (-1, 0, 0).
        #expect(approx(arm.normals[0][0], SIMD3(0, 1, 0)) && approx(arm.normals[0][1], SIMD3(-1, 0, 0), 1e-6))
        // Half way: 45 degrees (rotate ANGLE interpolated linearly).
        let half = scene.posedMeshes(at: 0.5)[0].positions
        for (got, want) in zip(half, expectedArm(45)) { #expect(approx(got, want, 1e-5)) }
        // Bind pose (t = 0): BSM · v, the straight arm.
        for (got, want) in zip(scene.posedMeshes(at: 0)[0].positions, expectedArm(0)) { #expect(approx(got, want, 1e-6)) }
    }

    @Test func bindShapeMatrixIsApplied() throws {
        // Identity bind shape: the raw positions are skinned, so the result differs from the scaled one.
        let scene = try loadText(armDocument(bindShape: "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1"))
        let p = scene.posedMeshes(at: 0)[0].positions
        #expect(approx(p[0], SIMD3(0.25, 0, -0.5)))
        let scaled = try loadText(armDocument()).posedMeshes(at: 0)[0].positions
        #expect(approx(scaled[0], SIMD3(0.5, 0, 0)))
    }

    @Test func clipTimeIsRelativeAndClamped() throws {
        let scene = try loadText(armDocument())
        let clip = try #require(scene.clip(named: "late"))
        #expect(approx(scene.pose(at: 0.25, clip: clip).time, 0.75))
        let p = MeshDeformer(scene: scene).posedMeshes(scene.pose(at: 0.25, clip: clip))[0].positions
        #expect(approx(p[2], expectedArm(67.5)[2], 1e-5))
        #expect(approx(scene.pose(at: 9, clip: clip).time, 1) && approx(scene.pose(at: -3, clip: clip).time, 0.5))
    }

    @Test func clampsBeforeFirstAndAfterLastKey() {
        let s = sampler([1, 2], [10, 20], .linear)
        #expect(s.value(at: 0) == [10] && s.value(at: 1) == [10] && s.value(at: 2) == [20] && s.value(at: 7) == [20])
        #expect(sampler([1], [5], .linear).value(at: 9) == [5])
        #expect(sampler([], [], .linear).value(at: 0).isEmpty)
    }

    @Test(arguments: InterpolationCase.all)
    func interpolationKinds(_ c: InterpolationCase) throws {
        let s = sampler(c.times, c.values, c.kind, inTangent: c.inTangent, outTangent: c.outTangent, tangentStride: c.tangentStride)
        let v = try #require(s.value(at: c.t).first)
        #expect(approx(v, c.expected, 1e-5), "\(c.kind) at \(c.t): \(v) != \(c.expected)")
    }

    @Test func bakedMatrixTurnOfMoreThan180DegreesTakesTheShortWay() throws {
        let a = Matrix4x4.translation(SIMD3(0, 0, 0)), b = Matrix4x4.translation(SIMD3(2, 0, 0)) * .rotation(axis: SIMD3(0, 0, 1), degrees: 270)
        let s = sampler([0, 1], a.rowMajor + b.rowMajor, .linear, stride: 16)
        let m = try #require(s.matrix(at: 0.5))
        // 270 degrees is -90 the short way: half way is -45, not +135; still rigid.
        let want = Matrix4x4.translation(SIMD3(1, 0, 0)) * .rotation(axis: SIMD3(0, 0, 1), degrees: -45)
        #expect(m.maxDifference(want) < 1e-5, "\(m)")
        // Keys come back exactly; element-wise lerp would have shrunk the axes.
        #expect(try #require(s.matrix(at: 1)) == b)
        let quarter = try #require(sampler([0, 1], a.rowMajor + Matrix4x4.rotation(axis: SIMD3(1, 0, 0), degrees: 90).rowMajor, .linear, stride: 16).matrix(at: 0.5))
        #expect(quarter.maxDifference(.rotation(axis: SIMD3(1, 0, 0), degrees: 45)) < 1e-6)
    }

    @Test func quaternionRoundTripsAndSlerps() {
        for (axis, deg) in [(SIMD3<Float>(1, 0, 0), Float(0)), (SIMD3(0, 1, 0), 179.9), (SIMD3(0, 0, 1), 180), (SIMD3(1, 2, 3), 123), (SIMD3(-1, 0.5, 0), -250)] {
            let m = Matrix4x4.rotation(axis: axis, degrees: deg)
            #expect(Quaternion(rotationOf: m).matrix.maxDifference(m) < 1e-5, "\(axis) \(deg)")
            // A scaled, mirrored, translated matrix decomposes and recomposes.
            let full = Matrix4x4.translation(SIMD3(1, 2, 3)) * m * .scale(SIMD3(-2, 3, 0.5))
            #expect(DecomposedTransform(full).matrix.maxDifference(full) < 1e-5)
        }
        let q = Quaternion.slerp(.identity, Quaternion(axis: SIMD3(0, 0, 1), radians: .pi / 2), 1.0 / 3)
        #expect(q.matrix.maxDifference(.rotation(axis: SIMD3(0, 0, 1), degrees: 30)) < 1e-6)
        let tiny = Quaternion.slerp(.identity, Quaternion(axis: SIMD3(0, 0, 1), radians: 1e-4), 0.5)
        #expect(tiny.matrix.maxDifference(.rotation(axis: SIMD3(0, 0, 1), degrees: 0.5e-4 * 180 / .pi)) < 1e-6)
    }

    @Test func morphMethods() throws {
        func doc(_ method: String) -> String {
            func geometry(_ id: String, _ p: String) -> String {
                """
                <geometry id="\(id)"><mesh><source id="\(id)-p"><float_array id="\(id)-a" count="9">\(p)</float_array>
                <technique_common><accessor source="#\(id)-a" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
                <vertices id="\(id)-v"><input semantic="POSITION" source="#\(id)-p"/></vertices>
                <triangles count="1"><input semantic="VERTEX" source="#\(id)-v" offset="0"/><p>0 1 2</p></triangles></mesh></geometry>
                """
            }
            return """
                <?xml version="1.0"?><COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1"><asset><up_axis>Y_UP</up_axis></asset>
                <library_geometries>\(geometry("base", "0 0 0 1 0 0 0 1 0"))\(geometry("up", "0 0 1 1 0 1 0 1 1"))\(geometry("big", "0 0 0 2 0 0 0 2 0"))</library_geometries>
                <library_controllers><controller id="m"><morph source="#base" method="\(method)">
                <source id="mt"><IDREF_array id="mta" count="2">up big</IDREF_array><technique_common><accessor source="#mta" count="2"><param name="IDREF" type="IDREF"/></accessor></technique_common></source>
                <source id="mw"><float_array id="mwa" count="2">0.25 0.5</float_array><technique_common><accessor source="#mwa" count="2"><param name="MORPH_WEIGHT" type="float"/></accessor></technique_common></source>
                <targets><input semantic="MORPH_TARGET" source="#mt"/><input semantic="MORPH_WEIGHT" source="#mw"/></targets>
                </morph></controller></library_controllers>
                <library_visual_scenes><visual_scene id="vs"><node id="n" name="Morphed"><translate>0 0 10</translate><instance_controller url="#m"/></node></visual_scene></library_visual_scenes>
                <scene><instance_visual_scene url="#vs"/></scene></COLLADA>
                """
        }
        for method in ["RELATIVE", "NORMALIZED"] {
            let p = try loadText(doc(method)).posedMeshes(at: 0)[0].positions
            // base + 0.25 (up - base) + 0.5 (big - base), then the node's translate.
            #expect(approx(p[1], SIMD3(1.5, 0, 10.25)) && approx(p[2], SIMD3(0, 1.5, 10.25)), "\(method): \(p)")
        }
    }

    @Test func rigWithOtherUpAxisDrivesTheBaseByName() throws {
        let base = try loadText(armDocument(animated: false), path: "base.dae")
        // The same arm in a Z-up rig: X stays X and the base's +Z (toward the viewer) is the rig's -Y.
        let camera = "<node id=\"Camera\" name=\"Camera\"><translate>0 -10 1</translate><instance_camera url=\"#cam\"/></node>"
        let tail = "<node id=\"tail\" name=\"tail\" sid=\"tail\" type=\"JOINT\"><translate sid=\"t\">0 0 0</translate></node>"
        var rigText = armDocument(up: "Z_UP", axis: "0 -1 0", skinned: false, extra: camera + tail)
        rigText = rigText.replacingOccurrences(of: "<channel source=\"#s\" target=\"j1/rz.ANGLE\"/>",
                                               with: "<channel source=\"#s\" target=\"j1/rz.ANGLE\"/><channel source=\"#s\" target=\"tail/t.X\"/>")
        let rig = try loadText(rigText, path: "rig.dae")
        let (scene, binding) = base.applying(rig: rig)
        #expect(binding.matchedChannels.count == 1 && binding.matchedChannels[0].mode == .converted)
        #expect(binding.unmatchedChannels.map(\.targetPath) == ["tail/t.X"] && binding.diagnostics.count == 1)
        #expect(binding.unmatchedRigJoints == ["tail"] && binding.cameraReplaced)
        for (got, want) in zip(scene.posedMeshes(at: 1)[0].positions, expectedArm(90)) { #expect(approx(got, want, 1e-5)) }
        // The rig's camera, in base space (Y up): (0, -10, 1) Z-up is (0, 1, 10).
        let cam = try #require(scene.camera(in: scene.pose(at: 0)))
        #expect(approx(cam.world.translation, SIMD3(0, 1, 10), 1e-5))
        // Same axes: rewritten onto the base's own element by sid.
        let sameAxes = base.applying(rig: try loadText(armDocument(skinned: false), path: "rig2.dae"))
        #expect(sameAxes.binding.matchedChannels.map(\.mode) == [.sameSid])
        for (got, want) in zip(sameAxes.scene.posedMeshes(at: 1)[0].positions, expectedArm(90)) { #expect(approx(got, want, 1e-5)) }
    }

    @Test func skinningThroughput() {
        // Meaningful in release: `swift test -c release --filter skinningThroughput` (debug only runs it).
        #if DEBUG
        let (vertices, iterations) = (20_000, 3)
        #else
        let (vertices, iterations) = (500_000, 20)
        #endif
        let plain = PoseBenchmark.synthetic(vertexCount: vertices, iterations: iterations)
        let withNormals = PoseBenchmark.synthetic(vertexCount: vertices, iterations: iterations, normals: true)
        print("skinning, synthetic, one thread: \(plain)\nskinning, synthetic, one thread: \(withNormals)")
        #expect(plain.influences == 4 * vertices && plain.medianSeconds > 0)
        #if !DEBUG
        #expect(plain.influencesPerSecond >= 50e6, "below the 50 M influences/s per core target")
        #endif
    }
}

/// One sampler evaluation worked out by hand.
struct InterpolationCase: Sendable, CustomTestStringConvertible {
    var kind: Interpolation
    var times: [Float], values: [Float]
    var inTangent: [Float] = [], outTangent: [Float] = [], tangentStride = 0
    var t: Float, expected: Float
    var note: String

    var testDescription: String { "\(kind.rawValue): \(note)" }

    static let all: [InterpolationCase] = [
        .init(kind: .linear, times: [0, 2], values: [0, 10], t: 0.5, expected: 2.5, note: "a quarter of the way"),
        .init(kind: .step, times: [0, 1], values: [0, 10], t: 0.99, expected: 0, note: "holds until the next key"),
        .init(kind: .step, times: [0, 1], values: [0, 10], t: 1, expected: 10, note: "the next key from its time on"),
        .init(kind: .bezier, times: [0, 1], values: [0, 1], inTangent: [0, 0, 2.0 / 3, 1], outTangent: [1.0 / 3, 0, 0, 0],
              tangentStride: 2, t: 0.25, expected: 0.15625, note: "2-D, control times at thirds: s = t, 3s² - 2s³"),
        .init(kind: .bezier, times: [0, 1], values: [0, 1], inTangent: [0, 0, 0.5, 1], outTangent: [0.5, 0, 0, 0],
              tangentStride: 2, t: 0.248, expected: 0.104, note: "2-D, C0 = (0.5, 0), C1 = (0.5, 1): s = 0.2 solves t = 1.5 s(1-s) + s³"),
        .init(kind: .bezier, times: [0, 1], values: [0, 1], inTangent: [3, 3], outTangent: [3, 3], tangentStride: 1,
              t: 0.25, expected: 0.4375, note: "1-D tangents 3: control values 1 and 0"),
        .init(kind: .hermite, times: [0, 1], values: [0, 1], inTangent: [0, 0], outTangent: [2, 2], tangentStride: 1,
              t: 0.5, expected: 0.75, note: "tangents 2 then 0: h10 2 + h01 1 = 0.25 + 0.5"),
        .init(kind: .hermite, times: [0, 2], values: [0, 1], inTangent: [9, 0, 9, 0], outTangent: [9, 2, 9, 2], tangentStride: 2,
              t: 1, expected: 0.75, note: "2-D tangents use the value component; 2 s span"),
        .init(kind: .cardinal, times: [0, 1, 2, 3], values: [0, 1, 3, 6], t: 1.5, expected: 1.875,
              note: "Catmull-Rom over 0 1 3 6: 0.5 (2 + 1.5 + 0.25)"),
        .init(kind: .bspline, times: [0, 1, 2, 3], values: [0, 1, 3, 6], t: 1.5, expected: 12.25 / 6,
              note: "uniform B-spline: (2.875 + 2.875 · 3 + 0.125 · 6) / 6"),
    ]
}
