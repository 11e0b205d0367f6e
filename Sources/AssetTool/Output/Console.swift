import AssetBenchmarks
import ColladaKit
import PipelineKit

/// Lines for stderr: progress, notes and errors that are not diagnostics.
enum Console {
    static func err(_ s: String) { StandardStream.error(s + "\n") }
    /// Writes `s` to stderr as is (no newline).
    static func errRaw(_ s: String) { StandardStream.error(s) }
}

extension BenchmarkOutput {
    /// Results to stdout, notes to stderr.
    static var console: BenchmarkOutput { BenchmarkOutput(line: { print($0) }, note: Console.err) }
}
