import Foundation
import Testing
@testable import ColladaKit
import PipelineKit

/// The helpers in `ColladaKit/Support/` that stand in for what FoundationEssentials lacks give, byte for byte,
/// what the full Foundation gave (Foundation is the oracle here; the tests may link it).
@Suite struct FoundationReplacementTests {
    @Test func cFormatMatchesStringFormat() {
        let cases: [(String, [any CVarArg])] = [
            ("%.2f s, %d keys, %d channels", [2.5, 12, 3]),
            ("%.4g", [0.000123456]), ("%.4g", [123456.0]), ("%.4g", [Double.infinity]), ("%.3f", [Double.nan]),
            ("%6d %11d %10.0f %11.0f %13.1f %10.1f", [7, -12, 1234.5, 0.5, 99.95, 1e9]),
            ("%9d %10d %10.2f %8.0f", [123, 4567, 8.125, 2.5]), ("  from scratch   %8.1f ms", [Float(3.25)]),
            ("%.2fx", [1.005]), ("100%% done %d", [Int(Int32.max)]), ("no conversions", []),
            (String(repeating: "long %.3f ", count: 40), Array(repeating: 1.0 / 3, count: 40)),
        ]
        for (format, arguments) in cases {
            #expect(String(cFormat: format, arguments: arguments) == String(format: format, arguments: arguments), "\(format)")
        }
    }

    @Test(arguments: ["a/b/c.dae", "c.dae", "/c.dae", "/", "", "a//b/", "a/b/", "./x", "../a/b", "//a", "a/b//c"])
    func pathNameMatchesNSString(_ path: String) {
        #expect(PathName.deletingLastComponent(path) == (path as NSString).deletingLastPathComponent)
        #expect(PathName.lastComponent(path) == (path as NSString).lastPathComponent)
    }

    @Test(arguments: ["walk.dae", "a.b.zae", ".hidden", "noext", "UPPER.DAE", "x-pose.dae"])
    func deletingExtensionMatchesNSString(_ name: String) {
        #expect(PathName.deletingExtension(name) == (name as NSString).deletingPathExtension)
    }

    @Test(arguments: ["  squat-01 ", "\tpush\t", "\u{00A0}a b\u{2003}", "", "   ", "x\n", "\u{3000}é"])
    func trimmingBlanksMatchesWhitespaces(_ s: String) {
        #expect(s.trimmingBlanks == s.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: [("case", 34), ("squat-01:mannequin", 8), ("", 3), ("exactly", 7)])
    func paddedMatchesPadding(_ s: String, _ width: Int) {
        #expect(s.padded(to: width) == s.padding(toLength: width, withPad: " ", startingAt: 0))
    }

    @Test(arguments: ["walk.dae", "a%20b.dae", "%E2%9C%93.dae", "%zz", "50%", "%4", "%FF", "%C3%A9", "%2F"])
    func percentDecodedMatchesRemovingPercentEncoding(_ s: String) {
        #expect(s.percentDecoded == s.removingPercentEncoding)
    }

    @Test(arguments: ["a\tb\r\nc", "100% done\r\n", "x:y,z", "e\u{301}.\u{301}", "", "\u{301}.x", ".\u{200D}x", ".\u{0903}",
                      ".\u{20DD}", ".\u{FE0F}", ".\u{1F3FB}", ":\u{E0020}", "%\u{300}", "\r\u{301}\n", "\n\u{200C}"])
    func replacingScalarsMatchesReplacingOccurrences(_ s: String) {
        #expect(s.replacingScalars(["\t": " ", "\r": ""])
                == s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\r", with: ""))
        let escaped = s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A").replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
        #expect(s.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"]) == escaped)
        #expect(s.replacingScalars([".": "_"]) == s.replacingOccurrences(of: ".", with: "_"))
    }

    @Test func directoryWalkListsWhatTheEnumeratorListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["a/b", ".hidden", "c.dae"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["top.DAE", "a/one.dae", "a/b/two.zae", "a/b/notes.txt", ".hidden/three.dae", "a/.four.dae", "c.dae/five.dae"] {
            #expect(FileManager.default.createFile(atPath: root + "/" + file, contents: Data()))
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root + "/a")

        let e = try #require(FileManager.default.enumerator(atPath: root))
        var expected: [String] = []
        while let path = e.nextObject() as? String {
            let lower = path.lowercased()
            if lower.hasSuffix(".dae") || lower.hasSuffix(".zae") { expected.append(path) }
        }
        #expect(DirectoryWalk.colladaFiles(under: root) == expected.sorted())
        #expect(DirectoryWalk.colladaFiles(under: root, skippingHidden: true)
                == expected.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted())
        #expect(DirectoryWalk.colladaFiles(under: root + "/missing").isEmpty)
        #expect(DirectoryWalk.colladaFiles(under: root + "/top.DAE").isEmpty)
    }

    @Test func writeAllWritesEveryByte() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("write-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(StandardStream.writeAll(bytes, to: fd) == nil)
        close(fd)
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
        #expect(StandardStream.writeAll([1, 2, 3], to: -1) == EBADF)
    }
}
