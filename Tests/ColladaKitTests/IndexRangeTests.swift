import Testing
@testable import ColladaKit

/// The one-pass index range check a primitive takes before it is triangulated
/// (``SceneResolver/indicesInRange(_:holes:stride:_:)``): it must say "in range" exactly when every
/// index of every input is, at every stride and length, or the exact per-input check, which
/// names the bad index, would be skipped.
@Suite struct IndexRangeTests {
    /// The largest index at each offset, the plain way.
    static func naive(_ list: [Int32], stride: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: stride)
        for (k, v) in list.enumerated() { out[k % stride] = max(out[k % stride], UInt32(bitPattern: v)) }
        return out
    }

    @Test(arguments: 1...7)
    func largestIndicesMatchAPlainPass(stride: Int) {
        var rng = SeededGenerator(seed: 0x5eed0001)
        // Lengths around the 12-index step: empty, shorter than a step, exact steps, steps plus a tail.
        for corners in [0, 1, 2, 3, 4, 5, 11, 12, 13, 24, 25, 100, 1001] {
            let list = (0..<(corners * stride)).map { _ in Int32.random(in: 0...5000, using: &rng) }
            let got = list.withUnsafeBufferPointer { SceneResolver.largestIndices($0, stride: stride) }
            #expect(got == Self.naive(list, stride: stride), "stride \(stride), \(corners) corners")
            // One large or negative index at each position in turn is found at its offset.
            for k in Swift.stride(from: 0, to: list.count, by: max(1, list.count / 17)) {
                for bad: Int32 in [Int32.max, -1, 70_000] {
                    var l = list
                    l[k] = bad
                    let g = l.withUnsafeBufferPointer { SceneResolver.largestIndices($0, stride: stride) }
                    #expect(g == Self.naive(l, stride: stride), "stride \(stride), bad \(bad) at \(k)")
                }
            }
        }
    }

    @Test func inRangeOnlyWhenEveryInputIsInRange() {
        // Three inputs: VERTEX at 0 (10 positions), NORMAL at 1 (5), TEXCOORD at 2 (7).
        let inputs = [(offset: 0, count: 10), (offset: 1, count: 5), (offset: 2, count: 7)]
        let good: [Int32] = [9, 4, 6, 0, 0, 0, 3, 2, 1]
        #expect(SceneResolver.indicesInRange([good], stride: 3, inputs))
        for (k, bad) in [(0, 10), (1, 5), (2, 7), (3, -1), (7, 6)] as [(Int, Int32)] {
            var l = good
            l[k] = bad
            #expect(!SceneResolver.indicesInRange([good, l], stride: 3, inputs), "index \(bad) at \(k)")
        }
        // Inputs sharing an offset: the smaller source bounds it.
        let shared = [(offset: 0, count: 10), (offset: 0, count: 4), (offset: 1, count: 100)]
        #expect(SceneResolver.indicesInRange([[3, 99, 1, 50]], stride: 2, shared))
        #expect(!SceneResolver.indicesInRange([[3, 99, 4, 50]], stride: 2, shared))
        // An offset no input reads is not checked; a list of partial corners is left to the exact check.
        #expect(SceneResolver.indicesInRange([[1, -7, 2, 123_456]], stride: 2, [(offset: 0, count: 3)]))
        #expect(!SceneResolver.indicesInRange([[1, 2, 3]], stride: 2, [(offset: 0, count: 10)]))
        #expect(!SceneResolver.indicesInRange([[1, 2]], stride: 2, [(offset: 2, count: 10)]))
        #expect(SceneResolver.indicesInRange([[1, 2]], stride: 2, []))
        // Hole lists are checked too; empty ones are skipped.
        let one = [(offset: 0, count: 5)]
        #expect(SceneResolver.indicesInRange([[0, 1, 2]], holes: [[], [[3, 4], []]], stride: 1, one))
        #expect(!SceneResolver.indicesInRange([[0, 1, 2]], holes: [[[3, 4]], [[1, 5]]], stride: 1, one))
    }
}

/// A source shared by two primitives bounds both alike: the elements that fit in its array, not
/// its declared count (a reused source once reported its count, letting the second primitive keep
/// an index past the mesh's normals).
@Suite struct SharedSourceBoundTests {
    static func document(secondP: String) -> String {
        colladaDocument(geometry: """
            <geometry id="g"><mesh>
              <source id="pos">
                <float_array id="pos-a" count="9">0 0 0 1 0 0 0 1 0</float_array>
                <technique_common><accessor source="#pos-a" count="3" stride="3">
                  <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
                </accessor></technique_common>
              </source>
              <source id="nrm">
                <float_array id="nrm-a" count="11">0 0 1 0 0 1 0 0 1 0 0</float_array>
                <technique_common><accessor source="#nrm-a" count="4" stride="3">
                  <param name="X" type="float"/><param name="Y" type="float"/>
                </accessor></technique_common>
              </source>
              <vertices id="v"><input semantic="POSITION" source="#pos"/></vertices>
              <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/>
                <input semantic="NORMAL" source="#nrm" offset="1"/><p>0 0 1 1 2 2</p></triangles>
              <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/>
                <input semantic="NORMAL" source="#nrm" offset="1"/><p>\(secondP)</p></triangles>
            </mesh></geometry>
            """)
    }

    @Test func aSharedSourceBoundsEveryPrimitiveByWhatFits() throws {
        // Normals 0-2 fit in the 11 floats at stride 3; both primitives load.
        let scene = try loadText(Self.document(secondP: "0 2 1 1 2 0"))
        let mesh = try #require(scene.meshes.first)
        #expect(mesh.normals.count == 3)
        for part in mesh.parts { #expect(part.normalIndices.allSatisfy { Int($0) < mesh.normals.count }) }
        // Normal 3 does not fit: the second primitive is refused like the first would be.
        let errors = loadErrors(Array(Self.document(secondP: "0 3 1 1 2 2").utf8))
        #expect(errors.map(\.id) == ["index-out-of-range"], "\(errors)")
    }
}
