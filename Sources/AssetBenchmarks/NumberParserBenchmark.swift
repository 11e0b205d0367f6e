import ColladaKit
import PipelineKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `bench numbers`: the number parser alone, on the float and integer array texts of real files, on one core.
package enum NumberParserBenchmark {
    /// Times parsing every array text of each file `runs` times (after one untimed pass); prints ns per
    /// value and MB/s per file and kind.
    package static func run(files: [String], runs: Int, output: BenchmarkOutput) {
        output.line("file                                          kind     values      bytes   ns/value     MB/s")
        for path in files {
            guard let bytes = try? ColladaLoader.readFile(path) else {
                output.note("\(path): cannot be read")
                continue
            }
            guard let xml = try? XMLReader.read(bytes, path: path) else {
                output.note("\(path): not well-formed XML")
                continue
            }
            let texts = numberArrays(in: xml)
            let name = path.split(separator: "/").suffix(2).joined(separator: "/")
            for isFloat in [true, false] {
                let arrays = texts.filter { $0.isFloat == isFloat }.map(\.element)
                if arrays.isEmpty { continue }
                let textBytes = arrays.reduce(0) { $0 + $1.textByteCount }
                var times: [Double] = []
                var values = 0
                do {
                    var floats: [Float] = []
                    var ints: [Int32] = []
                    for r in 0...runs {
                        let t = ContinuousClock.now
                        values = 0
                        for array in arrays {
                            array.withTextBytes { text in
                                if isFloat {
                                    floats.removeAll(keepingCapacity: true)
                                    _ = NumberParser.parseFloats(text, into: &floats)
                                    values += floats.count
                                } else {
                                    ints.removeAll(keepingCapacity: true)
                                    _ = NumberParser.parseInts(text, into: &ints)
                                    values += ints.count
                                }
                            }
                        }
                        if r > 0 { times.append(t.duration(to: .now).milliseconds) }
                    }
                }
                let ms = times.sorted()[times.count / 2]
                output.line(name.padded(to: 46)
                      + (isFloat ? "floats" : "ints  ")
                      + String(cFormat: "%9d %10d %10.2f %8.0f", values, textBytes, ms * 1e6 / Double(max(values, 1)),
                               Double(textBytes) / (ms * 1000)))
            }
        }
    }

    /// Every number array of `xml` (`float_array`; `int_array`, `<p>`, `<v>`, `<vcount>`, `<h>`),
    /// with whether it holds floats, in document order.
    static func numberArrays(in xml: XMLDocument) -> [(element: XMLElement, isFloat: Bool)] {
        var out: [(XMLElement, Bool)] = []
        func visit(_ e: XMLElement) {
            switch e.name {
            case "float_array": out.append((e, true))
            case "int_array", "p", "v", "vcount", "h": out.append((e, false))
            default: for c in e.children { visit(c) }
            }
        }
        if let root = xml.root { visit(root) }
        return out
    }
}
