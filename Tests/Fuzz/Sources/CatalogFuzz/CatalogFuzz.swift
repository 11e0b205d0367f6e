import FuzzTargets

/// libFuzzer's entry for ``CatalogFuzzTarget``: catalog.json and icon-style.json (see its documentation).
@_cdecl("LLVMFuzzerTestOneInput")
public func catalogFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    blackHole(CatalogFuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)), assets: FuzzPaths.assets))
    return 0
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
