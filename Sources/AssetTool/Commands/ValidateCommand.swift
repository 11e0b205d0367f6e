import ArgumentParser
import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AssetCatalog
import RigLint

/// `assettool validate [FILES or DIRS...] [--base BASE.dae] [--catalog CATALOG.json] [--format text|json|github] [--strict]`:
/// lints rigs, poses, the base model and the catalog with compiler-style diagnostics.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check rigs, poses, the base model and the catalog; print compiler-style diagnostics.",
        discussion: """
            Without FILES, validates everything under the assets folder (./Assets, or --assets DIR) against the \
            base model its catalog.json names, with that catalog. Directories are searched for .dae and .zae files. \
            With FILES that are one folder holding a catalog.json, that folder is the assets folder (its catalog and base \
            model); with other FILES, those of ./Assets (or --assets DIR) when they exist. Diagnostics go to stdout, a summary to \
            stderr. Exit status: 0 when clean (warnings allowed unless --strict), 1 when there are errors (or \
            warnings with --strict), 64 for usage errors, 66 when a file cannot be read.
            """)

    @Argument(help: "COLLADA files or directories (default: the assets folder).")
    var files: [String] = []

    @Option(help: "The assets folder: its catalog.json names the base model, and without FILES every COLLADA file in it is checked (default: Assets, or the one folder given as FILES when it holds a catalog.json).")
    var assets: String?

    @Option(help: "The base model rigs are checked against (default: the one the catalog names).")
    var base: String?

    @Option(help: "The catalog (default: <assets>/catalog.json).")
    var catalog: String?

    @Option(help: "Output format: compiler-style text, a JSON array, or GitHub Actions annotations.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Flag(help: "List the rules, the reader's and the linter's (id, severity, area, what; tab-separated), and exit.")
    var listRules = false

    /// The base model the catalog at `catalogPath` names, when it reads.
    static func baseModel(named catalogPath: String) -> String? {
        guard let file = CatalogFile.read(path: catalogPath).file, !file.catalog.baseModel.isEmpty else { return nil }
        return file.resolve(file.catalog.baseModel)
    }

    func run() throws {
        let fm = FileManager.default
        if listRules {
            for r in ValidationRule.listing { print(r.line) }
            return
        }
        var inputs = files
        var assets = self.assets ?? "Assets"
        if self.assets == nil, catalog == nil, files.count == 1, fm.fileExists(atPath: files[0] + "/catalog.json") {
            assets = files[0]  // `validate MyRigs`: that folder's own catalog and base model, not ./Assets'
        }
        let defaultCatalog = assets + "/catalog.json"
        let catalogPath = catalog ?? (files.isEmpty || fm.fileExists(atPath: defaultCatalog) ? defaultCatalog : nil)
        var basePath = base ?? catalogPath.flatMap(Self.baseModel(named:))
        if inputs.isEmpty {
            var isDirectory = false
            guard fm.fileExists(atPath: assets, isDirectory: &isDirectory), isDirectory else {
                Console.err("\(assets): error: no such folder (in \(fm.currentDirectoryPath)); name it with --assets, or the files to validate")
                throw ExitCode.unreadableInput
            }
            inputs = [assets]
            if basePath == nil, fm.fileExists(atPath: assets + "/Models/base-model.dae") { basePath = assets + "/Models/base-model.dae" }
        }
        var paths: [String] = []
        for input in inputs {
            var isDirectory = false
            if fm.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory {
                paths += Validator.files(under: input)
            } else {
                paths.append(input)  // a missing file is reported by the validator (exit 66)
            }
        }
        if let basePath {
            Console.err("note: rigs are checked against the base model \(basePath)" + (base == nil ? " (named by \(catalogPath ?? "the assets folder"))" : ""))
        } else {
            Console.err("note: no base model (--base); the rig rules are skipped")
        }
        let result = Validator(basePath: basePath, catalogPath: catalogPath).run(files: paths)
        StandardStream.output(format.render(result.diagnostics))
        if result.baseFailed { Console.err("note: the base model \(basePath ?? "") does not load (see its errors); the rig rules were skipped") }
        Console.err("validate: \(result.fileCount) file(s), \(result.errorCount) error(s), \(result.warningCount) warning(s)")
        if result.hasUnreadable { throw ExitCode.unreadableInput }
        if result.errorCount > 0 || (strict && result.warningCount > 0) { throw ExitCode.failure }
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}
