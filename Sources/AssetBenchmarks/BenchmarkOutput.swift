/// Where a benchmark's text goes: figures (`line`, the command's stdout) and notes about the run (`note`,
/// its stderr). The benchmarks format; the command decides where the text ends up.
package struct BenchmarkOutput {
    /// One line of results.
    package var line: (String) -> Void
    /// One line about the run (a file that cannot be read, stage timings, samples).
    package var note: (String) -> Void

    package init(line: @escaping (String) -> Void, note: @escaping (String) -> Void) {
        self.line = line
        self.note = note
    }
}
