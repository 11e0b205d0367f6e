import ArgumentParser
@_spi(Benchmarking) import ColladaKit
import Foundation
import Glibc
import IconFactory
#if canImport(Glibc)
#endif

/// `assettool bench ...`: benchmarks that print figures.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the hot paths and print figures.",
        subcommands: [ParseBench.self, NumbersBench.self, PoseBench.self, RenderBench.self, IconsBench.self, PreviewBench.self])
}

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
        var paths: [String] = []
        for f in files {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: f, isDirectory: &isDir), isDir.boolValue {
                let e = FileManager.default.enumerator(atPath: f)
                while let p = e?.nextObject() as? String {
                    let l = p.lowercased()
                    if l.hasSuffix(".dae") || l.hasSuffix(".zae") { paths.append(f + "/" + p) }
                }
            } else {
                paths.append(f)
            }
        }
        paths.sort()
        if paths.isEmpty { throw ValidationError("give at least one COLLADA file or directory") }
        // Keep freed memory in the process, as a long-running batch would: otherwise every repetition
        // maps fresh pages and the figures measure page faults. Applies to ours and libxml2's floor alike.
        if !defaultAllocator { MemoryTuning.keepFreedMemory() }
        if !json {
            print(pad("file", 48) + pad("bytes", 10, right: true) + pad("ours ms", 10, right: true)
                  + pad("libxml2 ms", 12, right: true) + pad("ratio", 8, right: true) + "  result")
        }
        for path in paths {
            guard let bytes = try? ColladaLoader.readFile(path) else {
                Console.err("\(path): cannot be read")
                continue
            }
            // The floor parses what our XML stage parses: for a .zae, its inflated root document
            // (our time includes inflating it).
            guard let (xmlBytes, xmlPath) = try? ColladaLoader.documentBytes(bytes, path: path) else {
                Console.err("\(path): not a readable archive")
                continue
            }
            let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            if let profile {
                let xml = try ColladaLoader.parseXML(xmlBytes, path: xmlPath, numbers: reading)
                let doc = Collada.Document(xml)
                for _ in 0..<runs {
                    switch profile {
                    case "xml": _ = try ColladaLoader.parseXML(xmlBytes, path: xmlPath, numbers: reading)
                    case "document": _ = Collada.Document(xml)
                    default: _ = try? SceneResolver.resolve(doc)
                    }
                }
                continue
            }
            // Warm up once, then take medians.
            var result = "ok"
            do { _ = try ColladaLoader.load(bytes: bytes, path: path, numbers: reading) } catch let e as LoadError {
                result = "rejected: " + (e.diagnostics.first { $0.severity == .error }?.id ?? "?")
            }
            // Ours and the floor alternate (and swap order every repetition), so both see the same
            // state of the machine: on a shared VM the speed of a core drifts over a second or two,
            // and timing one block after the other measured that drift as much as the code.
            // libxml2 cannot open a zip: for an archive the floor is getting the document out of it
            // (the same inflate ours uses) and parsing it; the parse alone is reported beside it.
            var ours: [Double] = [], floor: [Double] = [], parseOnly: [Double] = []
            _ = XMLReader.libxml2DOMParse(xmlBytes)
            var busy = 0
            func settle() { if !ColladaLoader.quiesceThreads() { busy += 1 } }
            func timeOurs() {
                if threads == "warm" { ColladaLoader.warmThreads() } else { settle() }
                let t = now()
                _ = try? ColladaLoader.load(bytes: bytes, path: path, numbers: reading)
                ours.append(now() - t)
            }
            func timeFloor() {
                // Our threads' lingering or freeing must not share the machine with libxml2's parse:
                // measured, a thread of ours watching for work made the floor 6-23% slower.
                settle()
                var t = now()
                _ = XMLReader.libxml2DOMParse(xmlBytes)
                guard isZip else { floor.append(now() - t); return }
                parseOnly.append(now() - t)
                t = now()
                if let (inflated, _) = try? ColladaLoader.documentBytes(bytes, path: path) {
                    _ = XMLReader.libxml2DOMParse(inflated)
                }
                floor.append(now() - t)
            }
            for r in 0..<runs {
                if r % 2 == 0 { timeOurs(); timeFloor() } else { timeFloor(); timeOurs() }
            }
            if busy > 0 {
                Console.err("\(path): the loader's threads were still busy after 100 ms before \(busy) of \(2 * runs) timings (other work shares the process); those timings shared the machine with them")
            }
            if isZip {
                result += String(format: " (zae: the floor inflates the root document, %d bytes, and parses it; the parse alone takes %.3f ms)",
                                 xmlBytes.count, median(parseOnly))
            }
            if stages {
                var x: [Double] = [], d: [Double] = [], r: [Double] = [], fr: [Double] = []
                var onOthers = 0, pieces = 0
                for _ in 0..<runs {
                    let t0 = now()
                    var xml: XMLDocument? = try? ColladaLoader.parseXML(xmlBytes, path: xmlPath, numbers: reading)
                    guard let parsed = xml else { break }
                    let t1 = now()
                    if let share = parsed.numberPieces { onOthers += share.onOtherThreads; pieces += share.all }
                    var doc: Collada.Document? = Collada.Document(parsed)
                    let t2 = now()
                    var scene = doc.flatMap { try? SceneResolver.resolve($0) }
                    let t3 = now()
                    // What the load frees when its result is dropped (the floor frees its tree too).
                    xml = nil; doc = nil; scene = nil
                    let t4 = now()
                    x.append(t1 - t0); d.append(t2 - t1); r.append(t3 - t2); fr.append(t4 - t3)
                    _ = (xml, doc, scene)
                }
                let share = pieces > 0 ? String(format: "; %.1f number pieces a read, %.0f%% on other threads",
                                                Double(pieces) / Double(max(1, x.count)), 100 * Double(onOthers) / Double(pieces)) : ""
                Console.err(String(format: "  stages: xml %.3f ms, document %.3f ms, resolve %.3f ms, free %.3f ms",
                                   median(x), median(d), median(r), median(fr)) + share)
            }
            if samples {
                Console.err("ours: " + ours.map { String(format: "%.0f", $0 * 1000) }.joined(separator: " "))
                Console.err("floor: " + floor.map { String(format: "%.0f", $0 * 1000) }.joined(separator: " "))
            }
            let o = median(ours), f = floor.isEmpty ? nil : median(floor)
            let ratio = f.map { o / $0 }
            let name = path.split(separator: "/").suffix(2).joined(separator: "/")
            if json {
                let obj: [String: Any] = ["file": path, "bytes": bytes.count, "oursMs": o, "libxml2Ms": f ?? NSNull(),
                                          "ratio": ratio ?? NSNull(), "result": result,
                                          "parsedBytes": xmlBytes.count]
                let data = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                print(pad(name, 48) + pad("\(bytes.count)", 10, right: true) + pad(String(format: "%.3f", o), 10, right: true)
                      + pad(f.map { String(format: "%.3f", $0) } ?? "-", 12, right: true)
                      + pad(ratio.map { String(format: "%.2fx", $0) } ?? "-", 8, right: true) + "  " + result)
            }
        }
    }

    /// Milliseconds on the chosen clock (wall, or the process's CPU time, all threads, with `--cpu-time`).
    func now() -> Double {
        #if canImport(Glibc)
        if cpuTime {
            var ts = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
        }
        #endif
        return ParseBench.wallStart.duration(to: ContinuousClock.now).milliseconds
    }

    /// The wall clock's origin for ``now()``.
    static let wallStart = ContinuousClock.now

    func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }

    func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
        if s.count >= n { return s + " " }
        let sp = String(repeating: " ", count: n - s.count)
        return right ? sp + s : s + sp
    }
}

extension Duration {
    var milliseconds: Double {
        let c = components
        return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
    }
}
