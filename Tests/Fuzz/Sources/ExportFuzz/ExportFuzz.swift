import AssetCatalog
import ColladaKit
import PipelineKit
import SceneExport

/// One fuzz input (a COLLADA file) through `export`'s and `convert`'s model building and writers:
///
/// 1. as a rig applied to the bundled mannequin, the path `export` takes for every progression
///    (`BatchPolicy.posed`, the length check, `ExportModel`, `GLBWriter`, `USDAWriter`);
/// 2. on its own, as `convert` takes a file: `ExportModel` of the scene and of its first clip, both writers.
///
/// Refusals (located diagnostics) are the expected outcome; a trap, an AddressSanitizer report, a hang or
/// memory beyond libFuzzer's limits is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func exportFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var sink = 0
    if let base = ExportFuzzBase.scene, let (scene, _) = try? BatchPolicy.posed(base, rigBytes: bytes, rigPath: "fuzz.dae") {
        sink &+= build(scene, clip: nil, name: "fuzz")
    }
    if let scene = try? ColladaLoader.load(bytes: bytes, path: "fuzz.dae") {
        sink &+= build(scene, clip: nil, name: "whole")
        if let clip = scene.clips.first { sink &+= build(scene, clip: clip, name: clip.name ?? "clip") }
    }
    blackHole(sink)
    return 0
}

/// What `export` and `convert` do with a scene that loaded: refuse a length beyond the cap, else build the
/// model and write it both ways (in memory).
func build(_ scene: Scene, clip: AnimationClip?, name: String) -> Int {
    if let problem = ExportModel.lengthProblem(scene, clip: clip, path: "fuzz.dae") { return problem.message.utf8.count }
    let model = ExportModel(scene: scene, clip: clip, name: name)
    var n = USDAWriter.write(model).utf8.count
    if let glb = try? GLBWriter.write(model, generator: "fuzz") { n &+= glb.count }
    return n
}

enum ExportFuzzBase {
    /// The bundled mannequin (`Assets/Models`), loaded once; nil (and a message) when it cannot be.
    static let scene: Scene? = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(5)
        let root = parts.joined(separator: "/")
        let catalog = CatalogFile.read(path: root + "/Assets/catalog.json")
        guard let file = catalog.file, let bytes = try? ColladaLoader.readFile(file.resolve(file.catalog.baseModel)),
              let base = try? BatchPolicy.loadBase(bytes: bytes, path: file.catalog.baseModel) else {
            print("ExportFuzz: the bundled base model did not load; fuzzing convert's path only")
            return nil
        }
        return base
    }()
}

@inline(never)
func blackHole(_ x: Int) { _ = x }
