import ColladaKit

/// One fuzz input: the bytes go through the whole load path (XML, Document, SceneResolver) and,
/// when they load, through posing at two times and skinning. Any crash, hang or unbounded
/// allocation here is a bug in ColladaKit; thrown `LoadError`s are the expected outcome for bad input.
///
/// Each input is loaded twice: with number arrays parsed inline, and through the parallel path
/// (cut out of what libxml2 reads and parsed in tiny pieces, meshes resolved on another thread
/// while the document stage goes on, as the loader does for large files; fuzz inputs are too small
/// to reach it otherwise). The two must agree
/// on everything; a difference traps, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func colladaFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = bytes.starts(with: [0x50, 0x4B, 3, 4]) ? "fuzz.zae" : "fuzz.dae"
    let inline = LoadOutcome { try ColladaLoader.load(bytes: bytes, path: path, numbers: .inline) }
    let eager = LoadOutcome { try ColladaLoader.load(bytes: bytes, path: path, numbers: .eager) }
    if inline.summary != eager.summary {
        fatalError("the inline and parallel number paths disagree:\n  inline:   \(inline.summary)\n  parallel: \(eager.summary)")
    }
    guard let scene = inline.scene else { return 0 }
    FuzzPipeline.exercise(scene)
    return 0
}

/// What a load gave, reduced to what must not depend on how numbers were read.
struct LoadOutcome {
    var scene: Scene?
    var summary: String

    init(_ load: () throws -> Scene) {
        do {
            let s = try load()
            scene = s
            // Every position bit, every index, every diagnostic.
            var h: UInt64 = 14_695_981_039_346_656_037
            func mix(_ v: UInt64) { h = (h ^ v) &* 1_099_511_628_211 }
            for m in s.meshes {
                for p in m.positions { mix(UInt64(p.x.bitPattern)); mix(UInt64(p.y.bitPattern)); mix(UInt64(p.z.bitPattern)) }
                for part in m.parts { for i in part.positionIndices { mix(UInt64(i)) } }
            }
            for sampler in s.samplers {
                for t in sampler.input { mix(UInt64(t.bitPattern)) }
                for v in sampler.output { mix(UInt64(v.bitPattern)) }
            }
            summary = "scene \(s.meshes.count) meshes \(s.nodes.count) nodes \(s.channels.count) channels \(h) "
                + s.diagnostics.map(\.description).joined(separator: "; ")
        } catch let e as LoadError {
            scene = nil
            summary = "error " + e.diagnostics.map(\.description).joined(separator: "; ")
        } catch {
            scene = nil
            summary = "other \(error)"
        }
    }
}
