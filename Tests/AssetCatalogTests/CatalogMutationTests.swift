@testable import AssetCatalog
import ColladaKit
import Foundation
import PoseRenderer
import Testing
import PipelineKit
import TestSupport

/// The catalog and style readers under mutated input: a seeded, deterministic mutation run (the same inputs every
/// time) over a small valid catalog and the bundled style. Every input must give either a value or at least one
/// located error (line 1 or more), never a trap, a hang or unbounded memory; the figures are printed. Inputs that
/// once broke a reader are kept below as cases of their own.
@Suite struct CatalogMutationTests {
    static let catalogSeed = """
    {
      "format": 1,
      "baseModel": "Models/base-model.dae",
      "style": "icon-style.json",
      "animationContainer": "action_container-rig",
      "exercises": [
        { "id": "pushup", "name": "Pushups", "progressions": [
          { "id": "pushup-01", "name": "Wall pushups", "animation": "Animations/pushup-01.dae", "pose": "Poses/pushup-01-pose.dae",
            "poseTime": 0.125, "loops": true, "stage": 0, "iconOffset": [0.5, -1],
            "standards": [ { "level": "beginner", "sets": 1, "reps": 10 }, { "level": "progression", "holdSeconds": 30, "eachSide": true } ] }
        ] }
      ]
    }
    """

    /// Tokens a mutation splices in: JSON's own punctuation, escapes, numbers at the edges of a Double, keys.
    static let tokens: [String] = ["{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "\\ud800", "\\u0000", "1e999", "-0", "1e-400",
                                   "NaN", "true", "null", "\"id\"", "\"exercises\"", "[[[[[[[[", "\u{0}", "\u{FEFF}", "é", "\u{1B}[31m",
                                   "9223372036854775808", "0.1e", "-", "\"\":\"\"", "\"iconOffset\":[1e38,1e38]", "\"stage\":-5"]

    /// xorshift64*: the mutations are the same on every machine and run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 2685821657736338717
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    }

    static func mutate(_ seed: [UInt8], _ r: inout Random) -> [UInt8] {
        var b = seed
        for _ in 0...r.below(4) {
            let at = r.below(b.count + 1)
            switch r.below(6) {
            case 0 where !b.isEmpty: b[min(at, b.count - 1)] ^= UInt8(truncatingIfNeeded: 1 << r.below(8))
            case 1: b.insert(contentsOf: Array(tokens[r.below(tokens.count)].utf8), at: at)
            case 2 where !b.isEmpty: b.removeSubrange(at..<min(b.count, at + 1 + r.below(16)))
            case 3: b = Array(b.prefix(at))
            case 4 where !b.isEmpty:
                let from = r.below(b.count), len = min(b.count - from, 1 + r.below(64))
                b.insert(contentsOf: b[from..<(from + len)], at: at)
            default: b.insert(UInt8(truncatingIfNeeded: r.next()), at: at)
            }
        }
        return b
    }

    /// Reads `bytes` as `T`: a value, or located errors.
    static func outcome<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> (ok: Bool, located: Bool) {
        var diagnostics: [Diagnostic] = []
        let value = CatalogFile.decode(type, bytes, path: "fuzz.json", into: &diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }
        return (value != nil, value != nil || (!errors.isEmpty && errors.allSatisfy { $0.location.line >= 1 }))
    }

    @Test func mutatedCatalogsAndStylesAreReadOrRefusedWithALocation() throws {
        let style = try [UInt8](Data(contentsOf: TestPaths.repoRoot.appendingPathComponent("Assets/icon-style.json")))
        let catalog = Array(Self.catalogSeed.utf8)
        #expect(Self.outcome(Catalog.self, catalog).ok && Self.outcome(IconStyle.self, style).ok, "the seeds read")
        var r = Random(state: 0x9E37_79B9_7F4A_7C15)
        let runs = 30_000
        var read = 0, refused = 0, unlocated: [String] = []
        let started = ContinuousClock.now
        for i in 0..<runs {
            let asCatalog = i % 2 == 0
            let input = Self.mutate(asCatalog ? catalog : style, &r)
            let o = asCatalog ? Self.outcome(Catalog.self, input) : Self.outcome(IconStyle.self, input)
            if o.ok { read += 1 } else { refused += 1 }
            if !o.located { unlocated.append(String(decoding: input.prefix(200), as: UTF8.self)) }
        }
        let seconds = Double((ContinuousClock.now - started).components.attoseconds) / 1e18 + Double((ContinuousClock.now - started).components.seconds)
        print("catalog/style mutations: \(runs) inputs, \(read) read, \(refused) refused with a located error, \(unlocated.count) unlocated, \(String(format: "%.2f", seconds)) s")
        #expect(unlocated.isEmpty, "refused without a located error: \(unlocated.prefix(3))")
        #expect(refused > runs / 4, "the mutations reach the error paths")
    }

    /// Kept inputs: each once a way past a reader's checks.
    @Test(arguments: [
        "[" + String(repeating: "[", count: 100_000),
        String(repeating: "{\"a\":", count: 50_000),
        "\"" + String(repeating: "\\u", count: 10_000) + "\"",
        "{\"baseModel\":\"a\",\"exercises\":[],\"baseModel\":\"b\"}",
        "{\"baseModel\":\"a\",\"exercises\":[{\"id\":\"x\",\"progressions\":[{\"id\":\"x-01\",\"pose\":\"p\",\"iconOffset\":[1e999,0]}]}]}",
        "{\"baseModel\":\"a\",\"exercises\":[{\"id\":\"x\",\"progressions\":[{\"id\":\"x-01\",\"pose\":\"p\",\"stage\":9223372036854775808}]}]}",
        "\u{FEFF}{}",
        // A leading zero on a number too long for an Int: the message's suggestion trapped converting it.
        "{\"format\": 0123456789012345678901234567890}",
        "",
    ])
    func keptInputsAreRefusedWithALocation(_ text: String) {
        let o = Self.outcome(Catalog.self, Array(text.utf8))
        #expect(o.located)
        #expect(!o.ok || text.contains("1e999") == false)
    }
}

