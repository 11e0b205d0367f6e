import AssetCatalog
import JSONKit

/// One fuzz input through the readers of `catalog.json` and `icon-style.json`, as `icons`, `export` and
/// `validate` read them: the JSON parse, the decode into the catalog and the style, the id grammar, the
/// duplicate-key and unknown-key checks and the offset and range checks. The catalog is read as if it stood
/// in this package's `Assets/` folder, so the files it names resolve against the bundled ones (and a style
/// named `icon-style.json` is read too). Located diagnostics are the expected outcome for bad input; a trap,
/// an AddressSanitizer report, a hang or unbounded memory is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func catalogFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalog = CatalogFile.read(bytes: bytes, path: FuzzPaths.assets + "/catalog.json")
    let style = CatalogFile.readStyle(bytes: bytes, path: FuzzPaths.assets + "/fuzz-style.json")
    // Every diagnostic must print (its location and message are built from the input).
    var sink = 0
    for d in catalog.diagnostics + style.diagnostics { sink &+= d.description.utf8.count }
    if let file = catalog.file {
        for exercise in file.catalog.exercises {
            for p in exercise.progressions { sink &+= file.resolve(p.animation).utf8.count }
        }
    }
    // The bare tree too: every node's kind and location, walked without recursion limits of our own.
    if let root = try? JSONNode.parse(bytes, path: "fuzz.json") { sink &+= FuzzWalk.count(root) }
    blackHole(sink)
    return 0
}

enum FuzzWalk {
    static func count(_ node: JSONNode) -> Int {
        switch node.value {
        case .array(let items): return items.reduce(1) { $0 &+ count($1) }
        case .object(let members): return members.reduce(1) { $0 &+ count($1.value) &+ $1.key.utf8.count }
        default: return node.kind.utf8.count &+ node.location.column
        }
    }
}

enum FuzzPaths {
    /// The checkout's `Assets/`: this file is `Tests/Fuzz/Sources/CatalogFuzz/CatalogFuzz.swift`.
    static let assets: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(5)
        return parts.joined(separator: "/") + "/Assets"
    }()
}

@inline(never)
func blackHole(_ x: Int) { _ = x }
