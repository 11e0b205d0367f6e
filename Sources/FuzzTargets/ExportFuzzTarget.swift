import AssetCatalog
import ColladaKit
import PipelineKit
import SceneExport

/// One fuzz input (a COLLADA file) through `export`'s and `convert`'s model building and writers:
///
/// 1. as a rig applied to the bundled mannequin, the path `export` takes for every progression
///    (`BatchPolicy.posed`, the length check, `ExportModel`, `GLBWriter`, `USDAWriter`, `USDLayer` and `USDCWriter`);
/// 2. on its own, as `convert` takes a file: `ExportModel` of the scene and of its first clip, both writers.
///
/// Refusals (located diagnostics) are the expected outcome; a trap, an AddressSanitizer report, a hang or
/// memory beyond libFuzzer's limits is a bug. Called by the libFuzzer harness (`Tests/Fuzz`, `ExportFuzz`)
/// and by the regression tests.
public enum ExportFuzzTarget {
    /// The mannequin of the catalog in `assets` (the checkout's `Assets/`), loaded once per process; nil when
    /// it cannot be (then only `convert`'s path is fuzzed).
    public static func base(assets: String) -> Scene? {
        let catalog = CatalogFile.read(path: assets + "/catalog.json")
        guard let file = catalog.file, let bytes = try? ColladaLoader.readFile(file.resolve(file.catalog.baseModel)) else { return nil }
        return try? BatchPolicy.loadBase(bytes: bytes, path: file.catalog.baseModel)
    }

    /// Runs one input against `base`; returns a value derived from everything written.
    @discardableResult
    public static func run(_ bytes: [UInt8], base: Scene?) -> Int {
        var sink = 0
        if let base, let (scene, _) = try? BatchPolicy.posed(base, rigBytes: bytes, rigPath: "fuzz.dae") {
            sink &+= build(scene, clip: nil, name: "fuzz")
        }
        if let scene = try? ColladaLoader.load(bytes: bytes, path: "fuzz.dae") {
            sink &+= build(scene, clip: nil, name: "whole")
            if let clip = scene.clips.first { sink &+= build(scene, clip: clip, name: clip.name ?? "clip") }
        }
        return sink
    }

    /// What `export` and `convert` do with a scene that loaded: refuse a length beyond the cap, else build the
    /// model and write it both ways (in memory).
    static func build(_ scene: Scene, clip: AnimationClip?, name: String) -> Int {
        if let problem = ExportModel.lengthProblem(scene, clip: clip, path: "fuzz.dae") { return problem.message.utf8.count }
        let model = ExportModel(scene: scene, clip: clip, name: name)
        var n = USDAWriter.write(model).utf8.count
        n &+= USDCWriter.write(USDLayer(model)).count
        if let glb = try? GLBWriter.write(model, generator: "fuzz") { n &+= glb.count }
        return n
    }
}
