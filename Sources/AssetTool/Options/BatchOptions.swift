import ArgumentParser
import AssetCatalog
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options of the commands that work through the catalog, `icons` and `export`:
/// `[--assets DIR] [--only ID,...] [--jobs N] [--force] [--quiet]`.
struct BatchOptions: ParsableArguments {
    @Option(help: "The assets folder (its catalog.json names the base model, the rigs, the poses and the style).")
    var assets = "Assets"

    @Option(help: "Only these progression ids, comma-separated.")
    var only: String?

    @Option(help: "Progressions worked on at the same time, 1...256 (default: the number of cores). Output is identical for any value.")
    var jobs: Int?

    @Flag(help: "Make everything again, even what is up to date.")
    var force = false

    @Flag(help: "No progress output (failures and the summary are still printed).")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be 1...256") }
    }

    /// `--jobs`, else the number of cores.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// The ids `--only` names, checked against `reading` (the catalog, read once by the command and then handed to
    /// its batch): an unknown id is a usage error when the catalog decoded (one that does not is reported by the
    /// batch itself). Nil without `--only`.
    func selectedIDs(in reading: CatalogFile.Reading) throws -> [String]? {
        guard let only else { return nil }
        let ids = only.split(separator: ",").map { String($0).trimmingBlanks }.filter { !$0.isEmpty }
        if let catalog = reading.file?.catalog {
            let known = Set(catalog.progressions.map(\.id))
            let unknown = ids.filter { !known.contains($0) }
            if !unknown.isEmpty { throw ValidationError("unknown progression id(s): \(unknown.joined(separator: ", "))") }
        }
        return ids
    }

    /// `<assets>/catalog.json`, read once per command.
    func readCatalog() -> CatalogFile.Reading { CatalogFile.read(path: assets + "/catalog.json") }
}
