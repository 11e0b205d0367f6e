import ArgumentParser
import ColladaKit
import Foundation

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
        print("file                                          kind     values      bytes   ns/value     MB/s")
        for path in files {
            guard let bytes = try? ColladaLoader.readFile(path) else {
                Console.err("\(path): cannot be read")
                continue
            }
            let texts = Self.arrayTexts(bytes)
            let name = path.split(separator: "/").suffix(2).joined(separator: "/")
            for (kind, ranges) in [("floats", texts.floats), ("ints", texts.ints)] where !ranges.isEmpty {
                let textBytes = ranges.reduce(0) { $0 + $1.count }
                var times: [Double] = []
                var values = 0
                bytes.withUnsafeBufferPointer { b in
                    var floats: [Float] = []
                    var ints: [Int32] = []
                    for r in 0...runs {
                        let t = ContinuousClock.now
                        values = 0
                        for range in ranges {
                            let text = UnsafeBufferPointer(rebasing: b[range])
                            if kind == "floats" {
                                floats.removeAll(keepingCapacity: true)
                                _ = NumberParser.parseFloats(text, into: &floats)
                                values += floats.count
                            } else {
                                ints.removeAll(keepingCapacity: true)
                                _ = NumberParser.parseInts(text, into: &ints)
                                values += ints.count
                            }
                        }
                        if r > 0 { times.append(t.duration(to: .now).milliseconds) }
                    }
                }
                let ms = times.sorted()[times.count / 2]
                print(name.padding(toLength: 46, withPad: " ", startingAt: 0)
                      + kind.padding(toLength: 6, withPad: " ", startingAt: 0)
                      + String(format: "%9d %10d %10.2f %8.0f", values, textBytes, ms * 1e6 / Double(max(values, 1)),
                               Double(textBytes) / (ms * 1000)))
            }
        }
    }

    /// The text of every `float_array` (floats) and `int_array`, `<p>`, `<v>`, `<vcount>`, `<h>`
    /// (integers): a plain byte scan, enough for benchmark input.
    static func arrayTexts(_ b: [UInt8]) -> (floats: [Range<Int>], ints: [Range<Int>]) {
        var floats: [Range<Int>] = [], ints: [Range<Int>] = []
        let names: [(String, Bool)] = [("float_array", true), ("int_array", false), ("p", false), ("v", false),
                                       ("vcount", false), ("h", false)]
        var i = 0
        let n = b.count
        while i < n {
            guard b[i] == UInt8(ascii: "<") else { i += 1; continue }
            var j = i + 1
            while j < n && b[j] != UInt8(ascii: ">") && b[j] != UInt8(ascii: " ") && b[j] != UInt8(ascii: "/") { j += 1 }
            let tag = String(decoding: b[(i + 1)..<j], as: UTF8.self)
            guard let (_, isFloat) = names.first(where: { $0.0 == tag }) else { i = j; continue }
            while j < n && b[j] != UInt8(ascii: ">") { j += 1 }
            if j > 0 && b[j - 1] == UInt8(ascii: "/") { i = j; continue }
            let start = j + 1
            var end = start
            while end < n && b[end] != UInt8(ascii: "<") { end += 1 }
            if isFloat { floats.append(start..<end) } else { ints.append(start..<end) }
            i = end
        }
        return (floats, ints)
    }
}
