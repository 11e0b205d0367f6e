import ColladaKit

/// One fuzz input: the bytes go through the whole load path (XML, Document, SceneResolver) and,
/// when they load, through posing at two times and skinning. Any crash, hang or unbounded
/// allocation here is a bug in ColladaKit; thrown `LoadError`s are the expected outcome for bad input.
@_cdecl("LLVMFuzzerTestOneInput")
public func colladaFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = bytes.starts(with: [0x50, 0x4B, 3, 4]) ? "fuzz.zae" : "fuzz.dae"
    guard let scene = try? ColladaLoader.load(bytes: bytes, path: path) else { return 0 }
    FuzzPipeline.exercise(scene)
    return 0
}
