import ArgumentParser
import AssetCatalog
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `assettool init [DIR] [--force]`: a catalog and a style for a folder of Blender exports.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write catalog.json and icon-style.json for a folder of COLLADA exports.",
        discussion: """
            Finds the base model (the file with a skinned mesh), the rigs (animation-only files) and their pose \
            files (<id>-pose.dae, the pose of the rig <id>). File names give the ids, made to fit the id grammar (lowercase a-z, 0-9, -, _, .: "Push Up 01.dae" gives push-up-01): <type>-NN files (pushup-01.dae) \
            are grouped into exercises, other names go into one exercise, "other". Writes DIR/catalog.json with every \
            default spelled out (names, stages, loops, the pose time: the middle of the pose file, else of the \
            animation) and DIR/icon-style.json (the original app's recipe), ready to edit. Then: \
            assettool icons --assets DIR. An existing catalog is never replaced without --force. Exit status: 0 \
            when written, 65 when there is no base model or no rig, 66 when DIR cannot be read, 73 when a file \
            cannot be written or the catalog exists.
            """)

    @Argument(help: "The folder of exports.")
    var folder = "Assets"

    @Flag(help: "Replace an existing catalog.json and icon-style.json.")
    var force = false

    func run() throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
            Console.err("\(folder): error: no such folder")
            throw ExitCode.unreadableInput
        }
        let catalogPath = folder + "/catalog.json", stylePath = folder + "/" + CatalogScaffold.styleFile
        if FileManager.default.fileExists(atPath: catalogPath) && !force {
            Console.err("\(catalogPath): error: a catalog is already there; edit it, or pass --force to write a new one")
            throw ExitCode.cannotWrite
        }
        let scaffold = CatalogScaffold.scan(folder: folder)
        for f in scaffold.findings {
            switch f.role {
            case .baseModel: print("base model   \(f.file) (\(f.detail))")
            case .rig(let id): print("rig          \(f.file) -> \(id) (\(f.detail))")
            case .pose(let id): print("pose file    \(f.file) -> \(id) (\(f.detail))")
            case .notPlaced(let reason): print("not placed   \(f.file): \(reason)")
            }
        }
        for note in scaffold.notes { print("note: \(note)") }
        let progressions = scaffold.catalog.progressions
        if scaffold.catalog.baseModel.isEmpty {
            Console.err("\(folder): error: no base model (a COLLADA file with a skinned mesh); nothing written")
            throw ExitCode.invalidInput
        }
        if progressions.isEmpty {
            Console.err("\(folder): error: no rigs (COLLADA files with an animation besides the base model); nothing written. "
                        + "In Blender, export each action to its own file (the armature, its action and the camera; the mesh may stay)")
            throw ExitCode.invalidInput
        }
        let (catalogBytes, styleBytes) = try scaffold.files()
        let keepStyle = FileManager.default.fileExists(atPath: stylePath) && !force
        if !keepStyle { try write(styleBytes, to: stylePath) }
        try write(catalogBytes, to: catalogPath)
        let exercises = scaffold.catalog.exercises
        print("wrote        \(catalogPath): \(progressions.count) progression(s) in \(exercises.count) exercise(s): "
              + exercises.map { "\($0.id) (\($0.progressions.count))" }.joined(separator: ", "))
        print(keepStyle ? "kept         \(stylePath) (it was there)" : "wrote        \(stylePath): the original app's recipe")
        print("next         assettool icons --assets \(folder)    (and: assettool validate --assets \(folder))")
    }

    /// Writes `bytes` atomically, or says why not and exits 73.
    func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            Console.err(error.description)
            throw ExitCode.cannotWrite
        }
    }
}
