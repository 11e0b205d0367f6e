import ArgumentParser
import ColladaKit
import Foundation
import RigLint

/// `assettool validate [FILES or DIRS...] [--base BASE.dae] [--catalog CATALOG.json] [--format text|json|github] [--strict]`:
/// lints rigs, poses, the base model and the catalog with compiler-style diagnostics.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check rigs, poses, the base model and the catalog; print compiler-style diagnostics.",
        discussion: """
            Without FILES, validates everything under ./Assets against ./Assets/Models/base-model.dae with the \
            catalog ./Assets/catalog.json. Directories are searched for .dae and .zae files. With FILES, the base \
            model and catalog default to the same paths when they exist. Diagnostics go to stdout, a summary to \
            stderr. Exit status: 0 when clean (warnings allowed unless --strict), 1 when there are errors (or \
            warnings with --strict), 64 for usage errors, 66 when a file cannot be read.
            """)

    @Argument(help: "COLLADA files or directories (default: ./Assets).")
    var files: [String] = []

    @Option(help: "The base model rigs are checked against (default: ./Assets/Models/base-model.dae).")
    var base: String?

    @Option(help: "The catalog (default: ./Assets/catalog.json).")
    var catalog: String?

    @Option(help: "Output format: compiler-style text, a JSON array, or GitHub Actions annotations.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Flag(help: "List the rules, the reader's and the linter's (id, severity, area, what; tab-separated), and exit.")
    var listRules = false

    static let assets = "Assets"
    static let defaultBase = "Assets/Models/base-model.dae"
    static let defaultCatalog = "Assets/catalog.json"

    func run() throws {
        let fm = FileManager.default
        if listRules {
            for r in ValidationRule.listing { print(r.line) }
            return
        }
        var inputs = files
        var basePath = base
        var catalogPath = catalog
        if inputs.isEmpty {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: Self.assets, isDirectory: &isDirectory), isDirectory.boolValue else {
                Console.err("error: no FILES given and ./\(Self.assets) does not exist in \(fm.currentDirectoryPath); run from the project root or name the files to validate")
                throw ExitCode.unreadableInput
            }
            inputs = [Self.assets]
            basePath = basePath ?? Self.defaultBase
            catalogPath = catalogPath ?? Self.defaultCatalog
        } else {
            if basePath == nil, fm.fileExists(atPath: Self.defaultBase) { basePath = Self.defaultBase }
            if catalogPath == nil, fm.fileExists(atPath: Self.defaultCatalog) { catalogPath = Self.defaultCatalog }
        }
        var paths: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue {
                paths += Validator.files(under: input)
            } else {
                paths.append(input)  // a missing file is reported by the validator (exit 66)
            }
        }
        if basePath == nil { Console.err("note: no base model (--base); the rig rules are skipped") }
        let result = Validator(basePath: basePath, catalogPath: catalogPath).run(files: paths)
        FileHandle.standardOutput.write(Data(format.render(result.diagnostics).utf8))
        if result.baseFailed { Console.err("note: the base model \(basePath ?? "") does not load (see its errors); the rig rules were skipped") }
        Console.err("validate: \(result.fileCount) file(s), \(result.errorCount) error(s), \(result.warningCount) warning(s)")
        if result.hasUnreadable { throw ExitCode.unreadableInput }
        if result.errorCount > 0 || (strict && result.warningCount > 0) { throw ExitCode.failure }
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}
