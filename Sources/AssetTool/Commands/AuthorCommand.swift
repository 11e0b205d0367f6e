import ArgumentParser
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressionContent

/// `assettool author [--out DIR] [--only ID...] [--sheet PNG]`: regenerates `Assets/` (the base model,
/// 60 animation-only rigs, 60 pose files, `catalog.json`, `icon-style.json`) from the definitions in
/// `Sources/ProgressionContent`, byte for byte reproducibly.
struct AuthorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "author",
        abstract: "Regenerate Assets/ (mannequin, 60 rigs, 60 poses, catalog, icon style) from the definitions.",
        discussion: """
            Files are written atomically (temporary name, then rename). The same definitions always give \
            the same bytes. --sheet also draws a contact sheet of the 60 iconic poses as shaded silhouettes \
            seen from the rig camera's side. Exit status: 0 on success, 64 for bad arguments, 73 when a \
            file cannot be written.
            """)

    @Option(help: "Output folder.")
    var out: String = "Assets"

    @Option(help: "Write a contact sheet PNG of the iconic poses here.")
    var sheet: String?

    @Option(help: "Contact sheet cell size in pixels.")
    var cell: Int = 160

    @Option(parsing: .upToNextOption, help: "Only these progression ids (the base model, catalog and style are always written).")
    var only: [String] = []

    func run() throws {
        let start = Date()
        let author = AssetAuthor()
        var defs = ProgressionLibrary.all
        if !only.isEmpty {
            let unknown = only.filter { id in !defs.contains { $0.id == id } }
            if !unknown.isEmpty { throw ValidationError("unknown progression id(s): \(unknown.joined(separator: ", "))") }
            defs = defs.filter { only.contains($0.id) }
        }
        let files: [(String, [UInt8])]
        do {
            files = try author.files(definitions: defs)
            try AssetAuthor.write(files, to: URL(fileURLWithPath: out))
            if let sheet {
                let png = try author.contactSheet(definitions: defs, cell: max(32, min(cell, 1024)))
                try AtomicFile.write(png, to: sheet, options: .createDirectories)
            }
        } catch {
            Console.err("\(out): error: \(error)")
            throw ExitCode.cannotWrite
        }
        let bytes = files.reduce(0) { $0 + $1.1.count }
        print("wrote \(files.count) files (\(bytes) bytes) to \(out) in \(String(cFormat: "%.2f", Date().timeIntervalSince(start))) s")
    }
}
