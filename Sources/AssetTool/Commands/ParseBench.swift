import ArgumentParser
import AssetBenchmarks
import IconFactory
import PipelineKit

/// `assettool bench parse FILES...`: our load (XML + document + scene) beside libxml2's own DOM
/// parse of the same bytes in this process.
struct ParseBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Time loading each file (parse + resolve) against the libxml2-only parse of the same bytes.")

    @Argument(help: "COLLADA files (.dae, .zae). Directories are searched for them.")
    var files: [String] = []

    @Option(name: .long, help: "Timed repetitions per file; the median is reported.")
    var runs = 15

    /// The stage `--profile` runs in a loop.
    enum Stage: String, CaseIterable, ExpressibleByArgument { case xml, document, resolve }

    @Option(name: .long, help: "Profile one stage in a loop of --runs (prints nothing else).")
    var profile: Stage?

    @Flag(name: .long, help: "Also print the time of each stage (XML, document, resolve) on stderr.")
    var stages = false

    @Flag(name: .long, help: "Also print every timed load and floor parse, in µs in the order taken, on stderr (to see how the machine drifted).")
    var samples = false

    @Flag(name: .long, help: "Print one JSON object per file instead of a table.")
    var json = false

    @Flag(name: .long, help: "Time with the process's CPU clock instead of the wall clock (steadier when other processes share the cores).")
    var cpuTime = false

    @Flag(name: .long, help: "Leave glibc malloc's trim and mmap thresholds at their defaults (freed memory goes back to the system, and each repetition pays page faults again).")
    var defaultAllocator = false

    func run() throws {
        let paths = ParseBenchmark.paths(files)
        if paths.isEmpty { throw ValidationError("give at least one COLLADA file or directory") }
        // Keep freed memory in the process, as a long-running batch would: otherwise every repetition
        // maps fresh pages and the figures measure page faults. Applies to ours and libxml2's floor alike.
        if !defaultAllocator { MemoryTuning.keepFreedMemory() }
        var options = ParseBenchmark.Options()
        options.runs = runs
        options.profile = profile?.rawValue
        options.stages = stages
        options.samples = samples
        options.json = json
        options.cpuTime = cpuTime
        try ParseBenchmark(options: options).run(paths, output: .console)
    }
}
