import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `bench parse`: our load (XML + document + scene) beside libxml2's own DOM parse of the same bytes in this
/// process, ours and the floor alternating so both see the same state of the machine.
package struct ParseBenchmark {
    package struct Options {
        /// Timed repetitions per file; the median is reported.
        package var runs = 15
        /// Profile one stage (`xml`, `document`, else resolve) in a loop of `runs`, printing nothing else.
        package var profile: String?
        /// Also note the time of each stage.
        package var stages = false
        /// Also note every timed load and floor parse.
        package var samples = false
        /// One JSON object per file instead of a table.
        package var json = false
        /// The process's CPU clock instead of the wall clock.
        package var cpuTime = false

        package init() {}
    }

    package var options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The COLLADA files named by `files`, directories searched for `.dae` and `.zae`, sorted.
    package static func paths(_ files: [String]) -> [String] {
        var paths: [String] = []
        for f in files {
            var isDir = false
            if FileManager.default.fileExists(atPath: f, isDirectory: &isDir), isDir {
                paths += DirectoryWalk.colladaFiles(under: f).map { f + "/" + $0 }
            } else {
                paths.append(f)
            }
        }
        return paths.sorted()
    }

    /// Times every file of `paths`; a table (or JSON lines) on `output.line`.
    package func run(_ paths: [String], output: BenchmarkOutput) throws {
        if !options.json {
            output.line(pad("file", 48) + pad("bytes", 10, right: true) + pad("ours ms", 10, right: true)
                  + pad("libxml2 ms", 12, right: true) + pad("ratio", 8, right: true) + "  result")
        }
        for path in paths {
            guard let bytes = try? ColladaLoader.readFile(path) else {
                output.note("\(path): cannot be read")
                continue
            }
            // The floor parses what our XML stage parses: for a .zae, its inflated root document
            // (our time includes inflating it).
            guard let (xmlBytes, xmlPath) = try? ColladaLoader.documentBytes(bytes, path: path) else {
                output.note("\(path): not a readable archive")
                continue
            }
            let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            if let profile = options.profile {
                let xml = try XMLReader.read(xmlBytes, path: xmlPath)
                let doc = Collada.Document(xml)
                for _ in 0..<options.runs {
                    switch profile {
                    case "xml": _ = try XMLReader.read(xmlBytes, path: xmlPath)
                    case "document": _ = Collada.Document(xml)
                    default: _ = try? SceneResolver.resolve(doc)
                    }
                }
                continue
            }
            // Warm up once, then take medians.
            var result = "ok"
            do { _ = try ColladaLoader.load(bytes: bytes, path: path) } catch let e as LoadError {
                result = "rejected: " + (e.diagnostics.first { $0.severity == .error }?.id ?? "?")
            }
            // Ours and the floor alternate (and swap order every repetition), so both see the same
            // state of the machine: on a shared VM the speed of a core drifts over a second or two,
            // and timing one block after the other measured that drift as much as the code.
            // libxml2 cannot open a zip: for an archive the floor is getting the document out of it
            // (the same inflate ours uses) and parsing it; the parse alone is reported beside it.
            var ours: [Double] = [], floor: [Double] = [], parseOnly: [Double] = []
            _ = XMLReader.libxml2DOMParse(xmlBytes)
            func timeOurs() {
                let t = now()
                _ = try? ColladaLoader.load(bytes: bytes, path: path)
                ours.append(now() - t)
            }
            func timeFloor() {
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
            for r in 0..<options.runs {
                if r % 2 == 0 { timeOurs(); timeFloor() } else { timeFloor(); timeOurs() }
            }
            if isZip {
                result += String(cFormat: " (zae: the floor inflates the root document, %d bytes, and parses it; the parse alone takes %.3f ms)",
                                 xmlBytes.count, median(parseOnly))
            }
            if options.stages {
                var x: [Double] = [], d: [Double] = [], r: [Double] = [], fr: [Double] = []
                for _ in 0..<options.runs {
                    let t0 = now()
                    var xml: XMLDocument? = try? XMLReader.read(xmlBytes, path: xmlPath)
                    guard let parsed = xml else { break }
                    let t1 = now()
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
                output.note(String(cFormat: "  stages: xml %.3f ms, document %.3f ms, resolve %.3f ms, free %.3f ms",
                                   median(x), median(d), median(r), median(fr)))
            }
            if options.samples {
                output.note("ours: " + ours.map { String(cFormat: "%.0f", $0 * 1000) }.joined(separator: " "))
                output.note("floor: " + floor.map { String(cFormat: "%.0f", $0 * 1000) }.joined(separator: " "))
            }
            let o = median(ours), f = floor.isEmpty ? nil : median(floor)
            let ratio = f.map { o / $0 }
            let name = path.split(separator: "/").suffix(2).joined(separator: "/")
            if options.json {
                let row = JSONRow(file: path, bytes: bytes.count, oursMs: o, libxml2Ms: f, ratio: ratio, result: result,
                                  parsedBytes: xmlBytes.count)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                output.line(String(decoding: try encoder.encode(row), as: UTF8.self))
            } else {
                output.line(pad(name, 48) + pad("\(bytes.count)", 10, right: true) + pad(String(cFormat: "%.3f", o), 10, right: true)
                      + pad(f.map { String(cFormat: "%.3f", $0) } ?? "-", 12, right: true)
                      + pad(ratio.map { String(cFormat: "%.2fx", $0) } ?? "-", 8, right: true) + "  " + result)
            }
        }
    }

    /// Milliseconds on the chosen clock (wall, or the process's CPU time, all threads, with `--cpu-time`).
    func now() -> Double {
        #if canImport(Glibc)
        if options.cpuTime {
            var ts = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
        }
        #endif
        return ParseBenchmark.wallStart.duration(to: ContinuousClock.now).milliseconds
    }

    /// The wall clock's origin for ``now()``.
    static let wallStart = ContinuousClock.now

    func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }

    /// One file's `--json` line: sorted keys, slashes escaped, `null` where there is no floor (as
    /// `JSONSerialization` wrote it).
    struct JSONRow: Encodable {
        var file: String
        var bytes: Int
        var oursMs: Double
        var libxml2Ms: Double?
        var ratio: Double?
        var result: String
        var parsedBytes: Int

        enum CodingKeys: String, CodingKey { case file, bytes, oursMs, libxml2Ms, ratio, result, parsedBytes }

        /// Writes every key, `null` for a missing number (the synthesised encoder would leave the key out).
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(bytes, forKey: .bytes)
            try c.encode(oursMs, forKey: .oursMs)
            try c.encode(libxml2Ms, forKey: .libxml2Ms)
            try c.encode(ratio, forKey: .ratio)
            try c.encode(result, forKey: .result)
            try c.encode(parsedBytes, forKey: .parsedBytes)
        }
    }

    func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
        if s.count >= n { return s + " " }
        let sp = String(repeating: " ", count: n - s.count)
        return right ? sp + s : s + sp
    }
}
