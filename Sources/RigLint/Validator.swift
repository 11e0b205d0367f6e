import ColladaKit
import Dispatch
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rule engine of `assettool validate`: reads every file once (in parallel), runs the rule
/// groups that apply to it, and returns all diagnostics in a deterministic order (files in input
/// order, each file's by line and column, then the catalog's), whatever the number of threads.
package struct Validator: Sendable {
    /// The base model rigs are checked against (also validated itself, with the base-model rules).
    package var basePath: String?
    /// The catalog (its own rules, and which animations must loop).
    package var catalogPath: String?
    /// The `<animation>` id every rig must hold (rule `rig-container-id`); nil: the catalog's
    /// `animationContainer`, and without one the rule does not speak.
    package var animationContainer: String?

    package struct Result: Sendable {
        package var diagnostics: [Diagnostic]
        /// Files validated (the base model included).
        package var fileCount: Int
        /// Some file (or the catalog) could not be read at all.
        package var hasUnreadable: Bool
        /// A base model was given but does not load: the rig rules did not run.
        package var baseFailed = false

        package var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
        package var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    }

    package init(basePath: String?, catalogPath: String?, animationContainer: String? = nil) {
        self.basePath = basePath
        self.catalogPath = catalogPath
        self.animationContainer = animationContainer
    }

    /// Validates `files` (COLLADA files; the base model is added when it is not among them).
    ///
    /// Cost: one read, parse and resolve per file, spread over the available cores.
    package func run(files: [String]) -> Result {
        var catalogDiagnostics: [Diagnostic] = []
        var looping = Set<String>()
        var catalogFiles: [String] = []
        var hasUnreadable = false
        var container = animationContainer
        if let catalogPath {
            let (catalog, diagnostics, unreadable) = CatalogRules.check(path: catalogPath)
            if container == nil { container = catalog?.animationContainer }
            catalogDiagnostics = diagnostics
            hasUnreadable = unreadable
            let folder = PathName.deletingLastComponent(catalogPath)
            func resolved(_ path: String) -> String { path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path }
            for p in catalog?.progressions ?? [] {
                if p.loops, let animation = p.animation { looping.insert(Self.key(resolved(animation))) }
                // Every file the catalog names is checked, wherever it is (an animation named `/etc/passwd` is
                // an error here, as it is for `icons` and `export`), even when it is not among `files`; one that
                // does not exist is the catalog's own error (`catalog-file-missing`), not reported twice.
                for named in [p.animation, p.pose].compactMap({ $0 }) {
                    var isDirectory = false
                    let path = resolved(named)
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory { catalogFiles.append(path) }
                }
            }
        }
        var list = files
        var listed = Set(files.map(Self.key))
        for path in catalogFiles where listed.insert(Self.key(path)).inserted { list.append(path) }
        let baseKey = basePath.map(Self.key)
        if let basePath, !files.contains(where: { Self.key($0) == baseKey }) { list.insert(basePath, at: 0) }

        // The base model first: every rig needs it.
        let base: ValidationSubject? = basePath.map { ValidationSubject.load(path: $0) }
        let baseIndex = base?.scene.map { RigRules.BaseIndex($0) }

        let results = ResultSlots(count: list.count)
        let paths = list, loopingKeys = looping, requiredContainer = container
        DispatchQueue.concurrentPerform(iterations: list.count) { i in
            let path = paths[i]
            let isBase = baseKey != nil && Self.key(path) == baseKey
            let subject = isBase ? (base ?? ValidationSubject.load(path: path)) : ValidationSubject.load(path: path)
            let context = AnimationRules.Context(isRig: baseIndex != nil && !isBase, loops: loopingKeys.contains(Self.key(path)))
            results.set(i, Self.check(subject, context: context, isBase: isBase, base: baseIndex, container: requiredContainer),
                        unreadable: subject.isUnreadable)
        }
        var all: [Diagnostic] = []
        for i in list.indices {
            all += results.diagnostics[i]
            hasUnreadable = hasUnreadable || results.unreadable[i]
        }
        all += catalogDiagnostics
        return Result(diagnostics: all, fileCount: list.count, hasUnreadable: hasUnreadable, baseFailed: base != nil && baseIndex == nil)
    }

    /// Every rule group that applies to one file, sorted by location.
    static func check(_ subject: ValidationSubject, context: AnimationRules.Context, isBase: Bool, base: RigRules.BaseIndex?,
                      container: String? = nil) -> [Diagnostic] {
        var locator = ValueLocator(xml: subject.xml)
        var own = AnimationRules.check(subject, context: context, locator: &locator)
        if isBase {
            own += BaseModelRules.check(subject, locator: &locator)
        } else if let base {
            own += RigRules.check(subject, base: base.base, index: base, container: container)
        }
        let all = FileRules.check(subject, found: own) + own
        // Stable sort: by line, then column; ties keep the order found.
        return all.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            if la.line != lb.line { return la.line < lb.line }
            if la.column != lb.column { return la.column < lb.column }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// A path made comparable: absolute and standardised.
    static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The COLLADA files (`.dae`, `.zae`) under `directory`, sorted by path.
    package static func files(under directory: String) -> [String] {
        DirectoryWalk.colladaFiles(under: directory).map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }
}

/// Per-file results written by concurrent workers, each into its own slot: slot `i` is written once,
/// by the worker of file `i`, and read only after every worker has returned (`concurrentPerform`
/// waits for them), so no two threads touch the same memory and no lock is needed.
final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<(diagnostics: [Diagnostic], unreadable: Bool)>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: ([], false))
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ i: Int, _ d: [Diagnostic], unreadable u: Bool) {
        slots[i] = (d, u)
    }

    var diagnostics: [[Diagnostic]] { slots.map(\.diagnostics) }
    var unreadable: [Bool] { slots.map(\.unreadable) }
}
