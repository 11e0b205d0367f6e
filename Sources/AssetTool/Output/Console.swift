import AssetBenchmarks
import Foundation

/// Lines for stderr: progress, notes and errors that are not diagnostics.
enum Console {
    static func err(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
    /// Writes `s` to stderr as is (no newline).
    static func errRaw(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}

extension BenchmarkOutput {
    /// Results to stdout, notes to stderr.
    static var console: BenchmarkOutput { BenchmarkOutput(line: { print($0) }, note: Console.err) }
}
