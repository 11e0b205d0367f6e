import ColladaKit
import FuzzTargets

/// libFuzzer's entry for ``ExportFuzzTarget``: a rig through export's and convert's model building and
/// writers (see its documentation).
@_cdecl("LLVMFuzzerTestOneInput")
public func exportFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    blackHole(ExportFuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)), base: ExportFuzzBase.scene))
    return 0
}

/// Called by libFuzzer once, before the first input: the bundled mannequin (1.2 MB of COLLADA) is parsed here, so
/// its parse (about 0.5 s under AddressSanitizer, 5 s on a loaded machine) is not counted against the first input's
/// time limit.
@_cdecl("LLVMFuzzerInitialize")
public func exportFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    _ = ExportFuzzBase.scene
    return 0
}

enum ExportFuzzBase {
    /// The bundled mannequin, loaded once: this file is `Tests/Fuzz/Sources/ExportFuzz/ExportFuzz.swift`.
    static let scene: Scene? = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(5)
        let base = ExportFuzzTarget.base(assets: parts.joined(separator: "/") + "/Assets")
        if base == nil { print("ExportFuzz: the bundled base model did not load; fuzzing convert's path only") }
        return base
    }()
}

@inline(never)
func blackHole(_ x: Int) { _ = x }
