import ArgumentParser
import AssetBenchmarks

/// `assettool bench numbers FILES...`: the number parser alone, on the number text of real files.
struct NumbersBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "numbers",
        abstract: "Time the number parser alone (ns per value, MB/s) on the float and integer arrays of each file, on one core.")

    @Argument(help: "COLLADA files (.dae).")
    var files: [String] = []

    @Option(name: .long, help: "Timed repetitions per file; the median is reported.")
    var runs = 21

    func run() throws {
        if files.isEmpty { throw ValidationError("give at least one COLLADA file") }
        NumberParserBenchmark.run(files: files, runs: runs, output: .console)
    }
}
