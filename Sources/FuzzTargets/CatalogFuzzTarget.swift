import AssetCatalog
import JSONKit
import PipelineKit

/// One fuzz input through the readers of `catalog.json` and `icon-style.json`, as `icons`, `export` and
/// `validate` read them: the JSON parse, the decode into the catalog and the style, the id grammar, the
/// duplicate-key and unknown-key checks and the offset and range checks. The catalog is read as if it stood
/// in `assets` (the checkout's `Assets/`), so the files it names resolve against the bundled ones and a style
/// named `icon-style.json` is read too. Located diagnostics are the expected outcome for bad input; a trap,
/// an AddressSanitizer report, a hang or unbounded memory is a bug.
///
/// Called by the libFuzzer harness (`Tests/Fuzz`, `CatalogFuzz`) and by the regression tests that replay
/// what it found: a target of its own, so no library's public API carries a fuzz hook.
public enum CatalogFuzzTarget {
    /// Runs one input; returns a value derived from everything read, so nothing is optimised away.
    @discardableResult
    public static func run(_ bytes: [UInt8], assets: String) -> Int {
        let catalog = CatalogFile.read(bytes: bytes, path: assets + "/catalog.json")
        let style = CatalogFile.readStyle(bytes: bytes, path: assets + "/fuzz-style.json")
        // Every diagnostic must print (its location and message are built from the input).
        var sink = 0
        for d in catalog.diagnostics + style.diagnostics { sink &+= d.description.utf8.count }
        if let file = catalog.file {
            for exercise in file.catalog.exercises {
                for p in exercise.progressions { sink &+= file.resolve(p.animation ?? p.pose ?? "").utf8.count }
            }
        }
        // The bare tree too: every node's kind and location.
        if let root = try? JSONNode.parse(bytes, path: "fuzz.json") { sink &+= count(root) }
        return sink
    }

    static func count(_ node: JSONNode) -> Int {
        switch node.value {
        case .array(let items): return items.reduce(1) { $0 &+ count($1) }
        case .object(let members): return members.reduce(1) { $0 &+ count($1.value) &+ $1.key.utf8.count }
        default: return node.kind.utf8.count &+ node.location.column
        }
    }
}
