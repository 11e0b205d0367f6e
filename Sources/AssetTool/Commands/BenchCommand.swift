import ArgumentParser

/// `assettool bench ...`: benchmarks that print figures.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the hot paths and print figures.",
        subcommands: [ParseBench.self, NumbersBench.self, PoseBench.self, RenderBench.self, IconsBench.self, PreviewBench.self])
}
