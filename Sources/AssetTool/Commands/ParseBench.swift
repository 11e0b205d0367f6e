import ArgumentParser
import AssetBenchmarks
@_spi(Benchmarking) import ColladaKit
import IconFactory

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

    @Option(name: .long, help: "Profile one stage in a loop of --runs: xml, document or resolve (prints nothing else).")
    var profile: String?

    @Flag(name: .long, help: "Also print the time of each stage (XML, document, resolve) on stderr.")
    var stages = false

    @Flag(name: .long, help: "Also print every timed load and floor parse, in µs in the order taken, on stderr (to see how the machine drifted).")
    var samples = false

    @Flag(name: .long, help: "Print one JSON object per file instead of a table.")
    var json = false

    @Flag(name: .long, help: "Time with the process's CPU clock instead of the wall clock: the work of all threads together (steadier when other processes share the cores; the loader parses large number arrays on a second thread).")
    var cpuTime = false

    @Option(name: .long, help: "How number arrays are read: automatic (large files: on a second core while libxml2 reads the markup), inline (one thread, as libxml2 delivers the text) or eager (the large-file path for every array, on one thread).")
    var numbers: String = "automatic"

    @Option(name: .long, help: "How the loader's threads are when each timed load starts: warm (awake, as between the loads of a batch) or cold (asleep, as for a lone load in a running process). Either way they are idle and asleep while libxml2's parse is timed.")
    var threads: String = "warm"

    @Flag(name: .long, help: "Leave glibc malloc's trim and mmap thresholds at their defaults (freed memory goes back to the system, and each repetition pays page faults again).")
    var defaultAllocator = false

    var reading: ColladaLoader.NumberReading {
        switch numbers {
        case "inline": return .inline
        case "eager": return .eager
        default: return .automatic
        }
    }

    func validate() throws {
        guard ["automatic", "inline", "eager"].contains(numbers) else {
            throw ValidationError("--numbers is automatic, inline or eager, not '\(numbers)'")
        }
        guard ["warm", "cold"].contains(threads) else {
            throw ValidationError("--threads is warm or cold, not '\(threads)'")
        }
    }

    func run() throws {
        let paths = ParseBenchmark.paths(files)
        if paths.isEmpty { throw ValidationError("give at least one COLLADA file or directory") }
        // Keep freed memory in the process, as a long-running batch would: otherwise every repetition
        // maps fresh pages and the figures measure page faults. Applies to ours and libxml2's floor alike.
        if !defaultAllocator { MemoryTuning.keepFreedMemory() }
        var options = ParseBenchmark.Options()
        options.runs = runs
        options.profile = profile
        options.stages = stages
        options.samples = samples
        options.json = json
        options.cpuTime = cpuTime
        options.numbers = reading
        options.warmThreads = threads == "warm"
        try ParseBenchmark(options: options).run(paths, output: .console)
    }
}
