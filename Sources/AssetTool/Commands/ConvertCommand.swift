import ArgumentParser
import PipelineKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ColladaKit
import SceneExport

/// `assettool convert FILE [--rig RIG] [--clip NAME] -o OUT.glb`: the base model posed by the rig as
/// one standalone animated asset.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write a base model animated by a rig (or by its own animation) as USDZ or glTF binary (.glb).",
        discussion: """
            The skinned mesh with its skeleton (USD: UsdSkel's Skeleton, SkelAnimation and SkelBindingAPI; \
            glTF: skin, joints, inverse bind matrices), the whole animation \
            (or --clip) sampled at the rig's key rate as translation, rotation and scale per joint, the \
            rig's camera and props, and simple materials; Y up, metres; node names as the rig names them. \
            USDZ holds one binary crate layer (.usdc; --usda: a text layer instead), upAxis Y and metersPerUnit 1. What a format cannot hold is \
            reduced with a warning (more than 4 joint influences: the 4 largest, \
            renormalised; shear: dropped). The file is written atomically. Exit status: 0 when written, 64 \
            for bad arguments, 65 when an input is invalid, 66 when one cannot be read, 73 when the output \
            cannot be written.
            """)

    @Argument(help: "The COLLADA file (the base model).")
    var file: String

    @OptionGroup var rigOption: RigOption
    var rig: String? { rigOption.rig }

    @Option(help: "Only this <animation_clip> (name or id).")
    var clip: String?

    @Option(help: "The output format (default: from the output's extension).")
    var format: ExportFormat?

    @Option(name: [.short, .customLong("output")], help: "The output file (.usdz or .glb).")
    var output: String

    @Flag(help: "USDZ: write the root layer as text (.usda) instead of the binary crate (.usdc).")
    var usda = false

    enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
        case usdz, glb
    }

    /// The format asked for, else the output's extension's.
    var resolvedFormat: ExportFormat? {
        format ?? ExportFormat(rawValue: String(output.lowercased().split(separator: ".").last ?? ""))
    }

    func validate() throws {
        if resolvedFormat == nil { throw ValidationError("give the output a .usdz or .glb extension, or --format") }
        for input in [file] + (rig.map { [$0] } ?? []) where Self.sameFile(input, output) {
            throw ValidationError("the output \(output) is the input \(input): it would be replaced; give another output")
        }
    }

    /// Whether `a` and `b` name the same existing file (same device and inode: through links and `..` too).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    func run() throws {
        let loaded = try SceneInput.posable(file: file, rig: rig, clip: clip)
        if let binding = loaded.binding, binding.matchedChannels.isEmpty {
            Console.err("\(rig ?? file): error: the rig animates no joint of the base model")
            throw ExitCode.invalidInput
        }
        let name = String((rig ?? file).split(separator: "/").last ?? "animation").split(separator: ".").first.map(String.init) ?? "animation"
        if let problem = ExportModel.lengthProblem(loaded.scene, clip: loaded.clip, path: rig ?? file) {
            StandardStream.error(DiagnosticFormat.text.render([problem]))
            throw ExitCode.invalidInput
        }
        let model = ExportModel(scene: loaded.scene, clip: loaded.clip, name: name)
        DiagnosticPrinter.printToStderr(model.warnings)
        let bytes: [UInt8]
        do {
            switch resolvedFormat ?? .glb {
            case .glb: bytes = try GLBWriter.write(model, generator: ToolVersion.name)
            case .usdz: bytes = USDZPackage.root(model, name: name, text: usda)
            }
        } catch {
            Console.err("\(output): error: cannot encode the document")
            throw ExitCode.internalError
        }
        do {
            try AtomicFile.write(bytes, to: output)
        } catch {
            Console.err(error.description)
            throw ExitCode.cannotWrite
        }
    }
}
