import Foundation
import Testing
@testable import ColladaKit
import TestSupport

@Suite struct SceneResolverTests {
    /// Sum of triangle areas of a mesh (file space).
    func area(_ mesh: Mesh) -> Float {
        var a: Float = 0
        for part in mesh.parts {
            for t in stride(from: 0, to: part.positionIndices.count, by: 3) {
                let p0 = mesh.positions[Int(part.positionIndices[t])], p1 = mesh.positions[Int(part.positionIndices[t + 1])]
                let p2 = mesh.positions[Int(part.positionIndices[t + 2])]
                a += simdLength(simdCross(p1 - p0, p2 - p0)) / 2
            }
        }
        return a
    }

    @Test func polygonWithHoleIsTriangulatedAroundTheHole() throws {
        let scene = try load(TestPaths.fixture("polygon_hole.dae"))
        let mesh = try #require(scene.meshes.first)
        // Square with hole: 4 + 4 + 2 - 2 = 8 triangles; plus the quad: 2.
        #expect(mesh.triangleCount == 10)
        // Area: 16 - 4 for the frame, 3 for the trapezoid (0,0) (4,0) (3,1) (1,1); nothing covers the hole.
        #expect(approx(area(mesh), 15))
        // No triangle's centroid falls inside the hole (1..3 x 1..3).
        let part = mesh.parts[0]
        for t in stride(from: 0, to: 24, by: 3) {
            let c = (mesh.positions[Int(part.positionIndices[t])] + mesh.positions[Int(part.positionIndices[t + 1])]
                + mesh.positions[Int(part.positionIndices[t + 2])]) / 3
            #expect(!(c.x > 1 && c.x < 3 && c.y > 1 && c.y < 3), "triangle \(t / 3) covers the hole")
        }
        // Centimetres, Z up: conversion scales by 0.01 and maps +Z to +Y.
        #expect(scene.upAxis == .z && approx(scene.unitMeters, 0.01))
        let up = scene.axisConversion.transformDirection(SIMD3(0, 0, 1))
        #expect(approx(up, SIMD3(0, 0.01, 0)))
        let kept = try load(TestPaths.fixture("polygon_hole.dae"), keepFileSpace: true)
        #expect(kept.axisConversion == .identity)
    }

    @Test func concavePolygonsAreEarClipped() {
        // An L shape: fanning from corner 0 would cover the notch.
        let l: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(2, 0, 0), SIMD3(2, 1, 0), SIMD3(1, 1, 0), SIMD3(1, 2, 0), SIMD3(0, 2, 0)]
        var tri = Triangulator()
        var total: Float = 0
        let n = tri.triangulate(outer: l) { a, b, c in
            total += simdLength(simdCross(l[b] - l[a], l[c] - l[a])) / 2
        }
        #expect(n == 4)
        #expect(approx(total, 3))
        // The same, wound the other way and in another plane.
        let r = l.reversed().map { SIMD3<Float>($0.z, $0.x, $0.y) }
        total = 0
        tri.triangulate(outer: Array(r)) { a, b, c in total += simdLength(simdCross(r[b] - r[a], r[c] - r[a])) / 2 }
        #expect(approx(total, 3))
    }

    @Test func holesTooSmallToBridgeKeepTheCornerNumbering() {
        // Corners number the outer ring, then every hole in order: a two-corner hole (dropped) still takes
        // numbers 4 and 5, so the triangular hole is 6, 7, 8. The numbering used to skip the dropped hole,
        // so the triangle hole's corners came out as 4, 5, 6: another hole's points in the caller's list.
        let outer: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(10, 0, 0), SIMD3(10, 10, 0), SIMD3(0, 10, 0)]
        let sliver: [SIMD3<Float>] = [SIMD3(2, 2, 0), SIMD3(3, 2, 0)]
        let hole: [SIMD3<Float>] = [SIMD3(4, 4, 0), SIMD3(6, 4, 0), SIMD3(5, 6, 0)]
        let all = outer + sliver + hole
        var tri = Triangulator()
        var corners: [Int] = []
        var area: Float = 0
        tri.triangulate(outer: outer, holes: [sliver, hole]) { a, b, c in
            corners += [a, b, c]
            area += simdLength(simdCross(all[b] - all[a], all[c] - all[a])) / 2
        }
        #expect(!corners.contains(4) && !corners.contains(5))
        #expect(Set(corners) == Set([0, 1, 2, 3, 6, 7, 8]))
        #expect(approx(area, 100 - 2))
    }

    @Test func transformElementsOfEveryKind() throws {
        let scene = try load(TestPaths.fixture("rig_semantics.dae"))
        func node(_ id: String) throws -> Node { try #require(scene.nodes.first { $0.id == id }) }
        // root: translate(1,2,3) * rotateZ(90) * scale(2): (1,0,0) -> (0,2,0) -> +t = (1,4,3).
        let root = try node("root")
        #expect(approx(root.localMatrix.transformPoint(SIMD3(1, 0, 0)), SIMD3(1, 4, 3)))
        // lookat from (0,0,10) to the origin: the node's -Z points at the target, +Y up.
        let eye = try node("eye").localMatrix
        #expect(approx(eye.transformPoint(.zero), SIMD3(0, 0, 10)))
        #expect(approx(eye.transformDirection(SIMD3(0, 0, -1)), SIMD3(0, 0, -1)))
        #expect(approx(eye.transformDirection(SIMD3(0, 1, 0)), SIMD3(0, 1, 0)))
        // skew 45 degrees, rotation axis Y, translation axis X: x' = x + y.
        let skew = try node("sheared").localMatrix
        #expect(approx(skew.transformPoint(SIMD3(0, 1, 0)), SIMD3(1, 1, 0)))
        #expect(approx(skew.transformPoint(SIMD3(2, 0, 5)), SIMD3(2, 0, 5)))
        // Matrices are read row-major: lower's translation is (0, 1, 0).
        #expect(approx(try node("lower").localMatrix.translation, SIMD3(0, 1, 0)))
    }

    @Test func nodesAreAddressableAndParentsComeFirst() throws {
        let scene = try load(TestPaths.fixture("rig_semantics.dae"))
        for (i, n) in scene.nodes.enumerated() { if let p = n.parent { #expect(p < i) } }
        let byName = try #require(scene.node(named: "upper.J"))
        #expect(scene.nodes[byName].id == "upper")
        #expect(scene.node(named: "lower") == scene.nodes.firstIndex { $0.sid == "lower" })
        // instance_node: the library node appears twice under "holder", the second a copy of the first.
        let holder = try #require(scene.nodes.firstIndex { $0.id == "holder" })
        let copies = scene.nodes[holder].children
        #expect(copies.count == 2)
        #expect(scene.nodes[copies[1]].instanceOf == copies[0])
        #expect(scene.jointIndices.count == 2)
    }

    @Test func skinWithNonIdentityBindShapeMatrix() throws {
        let scene = try load(TestPaths.fixture("rig_semantics.dae"))
        let skin = try #require(scene.skins.first)
        #expect(approx(skin.bindShapeMatrix.translation, SIMD3(0, 0, 2)))
        #expect(skin.jointNames == ["upper", "lower"])
        #expect(!skin.jointNamesAreIDs)
        #expect(approx(skin.inverseBindMatrices[1].translation, SIMD3(0, -1, 0)))
        #expect(skin.influenceStart == [0, 1, 3, 4])
        #expect(skin.influenceJoint == [0, 0, 1, 1])
        #expect(skin.influenceWeight == [1, 0.5, 0.25, 1])
        #expect(skin.weightSums == [1, 0.75, 1])  // kept as written, for reporting
        #expect(skin.maxInfluences == 2)
        let instance = try #require(scene.meshInstances.first)
        let upper = scene.nodes.firstIndex { $0.id == "upper" }, lower = scene.nodes.firstIndex { $0.id == "lower" }
        #expect(instance.jointNodes == [upper, lower])
        #expect(instance.skeletonRoots == [upper].compactMap { $0 })
    }

    @Test func channelsResolveWithMemberSelection() throws {
        let scene = try load(TestPaths.fixture("rig_semantics.dae"))
        func target(_ path: String) -> ChannelTarget? { scene.channels.first { $0.targetPath == path }?.target }
        let root = try #require(scene.nodes.firstIndex { $0.id == "root" })
        let lower = try #require(scene.nodes.firstIndex { $0.id == "lower" })
        #expect(target("root/rotZ.ANGLE") == .transform(nodes: [root], transform: 1, member: .value(3)))
        #expect(target("root/location.X") == .transform(nodes: [root], transform: 0, member: .value(0)))
        #expect(target("lower/transform(0)(3)") == .transform(nodes: [lower], transform: 0, member: .value(3)))
        #expect(target("lower/transform(7)") == .transform(nodes: [lower], transform: 0, member: .value(7)))
        // Nested animations: every channel reports its outermost animation.
        #expect(scene.channels.allSatisfy { $0.animationID == "container" })
        #expect(scene.animationCount == 3)
        // The STEP key is recorded per key.
        let spin = try #require(scene.channels.first { $0.targetPath == "root/rotZ.ANGLE" })
        #expect(scene.samplers[spin.sampler].interpolation == [.linear, .step])
        // Two channels share the slide sampler.
        #expect(scene.samplers.count == 2)
        let clip = try #require(scene.clips.first)
        #expect(clip.name == "Spin" && clip.start == 0 && clip.end == 1 && clip.channels.count == 1)
    }

    @Test func camerasFromAnyCombination() throws {
        let scene = try load(TestPaths.fixture("rig_semantics.dae"))
        let persp = try #require(scene.cameras.first { $0.id == "cam-x-aspect" })
        // yfov = 2 atan(tan(xfov / 2) / aspect) = 2 atan(0.5) = 53.13 degrees.
        #expect(approx(try #require(persp.yfovDegrees), 53.130102, 1e-4))
        #expect(persp.aspectRatio == 2)
        let ortho = try #require(scene.cameras.first { $0.id == "cam-ortho" })
        #expect(ortho.projection == .orthographic(ymag: 2, aspectRatio: 2))
        #expect(scene.cameraInstances.count == 1)
    }

    @Test func zaeArchivesWithAndWithoutManifest() throws {
        let withManifest = try load(TestPaths.fixture("polygon_hole.zae"))
        #expect(withManifest.triangleCount == 10)
        #expect(withManifest.path.hasSuffix("polygon_hole.zae/models/frame model.dae"))
        let plain = try load(TestPaths.fixture("no_manifest.zae"))
        #expect(plain.triangleCount == 10)
        // A damaged archive is refused with a message, not a crash.
        var bytes = try TestPaths.bytes(TestPaths.fixture("polygon_hole.zae"))
        bytes[bytes.count / 2] ^= 0xFF
        let errors = loadErrors(bytes, path: "damaged.zae")
        #expect(errors.first?.id == "zae-archive")
    }

    @Test func utf16FileLoadsLikeItsUTF8Original() throws {
        let utf8 = try String(contentsOfFile: TestPaths.fixture("polygon_hole.dae"), encoding: .utf8)
            .replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"UTF-16\"")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in utf8.utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let scene = try ColladaLoader.load(bytes: bytes, path: "utf16.dae")
        #expect(scene.triangleCount == 10)
    }
}
