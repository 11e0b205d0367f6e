import ArgumentParser
import PipelineKit
import SceneExport

/// `--threads N`, one declaration for every command that rasterizes (`render`, `preview`, `bench render`,
/// `bench preview`): at least 1; by default every core. Output is identical for any count.
struct ThreadsOption: ParsableArguments {
    @Option(help: "Worker threads (default: all cores; output is identical for any count).")
    var threads: Int?

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
    }
}

/// `--rig RIG`, one declaration for every command that applies an animation-only rig to a base model
/// (`pose`, `render`, `preview` through ``PoseOptions``, `convert`, `bench pose`, `bench preview`).
struct RigOption: ParsableArguments {
    @Option(help: "An animation-only rig applied to the base model by joint name, id, then sid (its \"Camera\" replaces the model's).")
    var rig: String?
}

/// `export --format usdz,glb`: a comma-separated list of formats, each named once. A bad list is a usage
/// error that names the word at fault and the formats there are.
struct ExportFormats: Equatable {
    var formats: [ExportBatch.Format]

    init(_ formats: [ExportBatch.Format]) { self.formats = formats }

    /// `--format`'s parser (ArgumentParser's `transform:`).
    static func parse(_ argument: String) throws -> ExportFormats {
        let known = ExportBatch.Format.allCases.map(\.rawValue).joined(separator: ", ")
        var formats: [ExportBatch.Format] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingBlanks }) {
            guard let format = ExportBatch.Format(rawValue: name.lowercased()) else {
                throw ValidationError(name.isEmpty ? "an empty entry (formats: \(known))"
                                                   : "'\(name)' is not a format (formats: \(known))")
            }
            if formats.contains(format) { throw ValidationError("'\(name)' is named twice") }
            formats.append(format)
        }
        return ExportFormats(formats)
    }
}
