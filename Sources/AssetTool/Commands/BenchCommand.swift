import ArgumentParser
import ColladaKit
import Foundation

/// `assettool bench ...`: benchmarks that print figures.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the hot paths and print figures.",
        subcommands: [ParseBench.self, PoseBench.self, RenderBench.self, IconsBench.self])
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

    @Flag(name: .long, help: "Print one JSON object per file instead of a table.")
    var json = false

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
        if !json {
            print(pad("file", 48) + pad("bytes", 10, right: true) + pad("ours ms", 10, right: true)
                  + pad("libxml2 ms", 12, right: true) + pad("ratio", 8, right: true) + "  result")
        }
        for path in paths {
            guard let bytes = try? ColladaLoader.readFile(path) else {
                Console.err("\(path): cannot be read")
                continue
            }
            let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            if let profile {
                let xml = try XMLReader.read(bytes, path: path)
                let doc = Collada.Document(xml)
                for _ in 0..<runs {
                    switch profile {
                    case "xml": _ = try XMLReader.read(bytes, path: path)
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
            var ours: [Double] = []
            for _ in 0..<runs {
                let t = ContinuousClock.now
                _ = try? ColladaLoader.load(bytes: bytes, path: path)
                ours.append((ContinuousClock.now - t).milliseconds)
            }
            var floor: [Double] = []
            if !isZip {
                _ = XMLReader.libxml2DOMParse(bytes)
                for _ in 0..<runs {
                    let t = ContinuousClock.now
                    _ = XMLReader.libxml2DOMParse(bytes)
                    floor.append((ContinuousClock.now - t).milliseconds)
                }
            }
            if stages && !isZip {
                var x: [Double] = [], d: [Double] = [], r: [Double] = []
                for _ in 0..<runs {
                    let t0 = ContinuousClock.now
                    guard let xml = try? XMLReader.read(bytes, path: path) else { break }
                    let t1 = ContinuousClock.now
                    let doc = Collada.Document(xml)
                    let t2 = ContinuousClock.now
                    _ = try? SceneResolver.resolve(doc)
                    let t3 = ContinuousClock.now
                    x.append((t1 - t0).milliseconds); d.append((t2 - t1).milliseconds); r.append((t3 - t2).milliseconds)
                }
                Console.err(String(format: "  stages: xml %.3f ms, document %.3f ms, resolve %.3f ms", median(x), median(d), median(r)))
            }
            let o = median(ours), f = floor.isEmpty ? nil : median(floor)
            let ratio = f.map { o / $0 }
            let name = path.split(separator: "/").suffix(2).joined(separator: "/")
            if json {
                let obj: [String: Any] = ["file": path, "bytes": bytes.count, "oursMs": o, "libxml2Ms": f ?? NSNull(),
                                          "ratio": ratio ?? NSNull(), "result": result]
                let data = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                print(pad(name, 48) + pad("\(bytes.count)", 10, right: true) + pad(String(format: "%.3f", o), 10, right: true)
                      + pad(f.map { String(format: "%.3f", $0) } ?? "-", 12, right: true)
                      + pad(ratio.map { String(format: "%.2fx", $0) } ?? "-", 8, right: true) + "  " + result)
            }
        }
    }

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
