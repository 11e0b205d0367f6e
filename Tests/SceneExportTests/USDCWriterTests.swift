import ColladaKit
import Foundation
@testable import SceneExport
import Testing
import TestSupport

/// The crate writer: its integer coding and LZ4 framing, and its files as Pixar's usd-core reads them: the same
/// layer as the text writer's for every catalog progression, the same bytes every time, USDZ packages whose root
/// layer is the crate, first and 64-byte aligned, that validate and stay under 350 KB.
@Suite struct USDCWriterTests {
    static let haveUSD: Bool = {
        guard let r = try? python(["-c", "import pxr.Sdf, pxr.UsdValidation"]) else { return false }
        return r.status == 0
    }()

    /// Runs `python3 arguments`, its output read to the end.
    static func python(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3"] + arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    static func folder(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    // MARK: The codings

    /// The example the format's integer coding describes: differences [123, 1, 1, 100000, 0, 1, 0], the common
    /// one 1, codes 01 00 00 11 | 01 00 01, then the 8-bit 123, the 32-bit 100000, the 8-bit 0s.
    @Test func integerCodingOfTheFormatsExample() {
        let coded = IntegerCoding.encode([123, 124, 125, 100_125, 100_125, 100_126, 100_126])
        #expect(coded == [1, 0, 0, 0, 0xC1, 0x11, 123, 0xA0, 0x86, 0x01, 0x00, 0, 0])
        // A tie takes the larger difference: [5, 5, 7, 7] has differences 5, 0, 2, 0 -> 0.
        #expect(Array(IntegerCoding.encode([5, 5, 7, 7]).prefix(4)) == [0, 0, 0, 0])
        #expect(Array(IntegerCoding.encode([1, 2, 3, 4, 6, 8, 10, 12]).prefix(4)) == [2, 0, 0, 0])
    }

    @Test func integerCodingRoundTrips() {
        var g = SplitMix(seed: 7)
        let cases: [[UInt32]] = [
            [], [0], [UInt32.max], [0, UInt32.max, 0, UInt32(bitPattern: Int32.min), UInt32(bitPattern: Int32.max)],
            Array(0..<1000), (0..<997).map { _ in UInt32(truncatingIfNeeded: g.next()) },
            (0..<500).map { _ in UInt32(g.next() % 300) }, (0..<333).map { UInt32($0 * 40_000) },
        ]
        for values in cases {
            let coded = IntegerCoding.encode(values)
            #expect(IntegerCoding.decode(coded, count: values.count) == values)
            #expect(coded.count <= 4 + (values.count * 2 + 7) / 8 + 4 * values.count)
            let framed = FastCompression.compress(coded)
            #expect(framed.first == 0 && FastCompression.decompress(framed) == coded)
        }
    }

    /// LZ4 blocks decode to their input, keep the format's end rules (the last 5 bytes literals, no match
    /// starting in the last 12), and compress what repeats.
    @Test func lz4BlocksRoundTrip() throws {
        var g = SplitMix(seed: 11)
        let text = Array(String(repeating: "primvars:skel:jointIndices\0faceVertexIndices\0", count: 40).utf8)
        let cases: [[UInt8]] = [
            [], [1], Array(repeating: 0, count: 12), Array(repeating: 0, count: 13), Array(repeating: 7, count: 5000),
            (0..<4096).map { _ in UInt8(truncatingIfNeeded: g.next()) }, text,
            (0..<70_000).map { UInt8(truncatingIfNeeded: $0 % 251) }, Array(repeating: 0, count: 65_536 * 2 + 17),
        ]
        for data in cases {
            let block = LZ4Block.compress(data)
            #expect(LZ4Block.decompress(block) == data, "\(data.count) bytes")
            if data.count > 300, data != cases[5] { #expect(block.count < data.count / 4, "\(data.count) -> \(block.count)") }
            // The end rules: every match starts at least 12 bytes before the end and ends at least 5 before it.
            let (starts, ends) = try #require(Self.matches(block))
            #expect(starts.allSatisfy { $0 + 12 <= data.count } && ends.allSatisfy { $0 + 5 <= data.count }, "\(data.count) bytes")
        }
    }

    /// Where each match of an LZ4 block starts and ends in the output.
    static func matches(_ src: [UInt8]) -> ([Int], [Int])? {
        var starts: [Int] = [], ends: [Int] = []
        var i = 0, n = 0
        func more(_ v: inout Int) -> Bool {
            while true { guard i < src.count else { return false }; let b = src[i]; i += 1; v += Int(b); if b != 255 { return true } }
        }
        while i < src.count {
            let token = src[i]; i += 1
            var lit = Int(token >> 4)
            if lit == 15, !more(&lit) { return nil }
            i += lit; n += lit
            if i >= src.count { break }
            i += 2
            var ml = Int(token & 15)
            if ml == 15, !more(&ml) { return nil }
            starts.append(n); n += ml + 4; ends.append(n)
        }
        return (starts, ends)
    }

    // MARK: usd-core reads the crate

    /// A layer made to reach every coding: int arrays below, at and past the 16 that the crate compresses, with
    /// differences of every width; float arrays whole ('i'), with few values ('t') and many (plain); hundreds of
    /// tokens (a long LZ4-compressed TOKENS section); equal arrays written once; time samples.
    @Test(.enabled(if: haveUSD, "needs python3 with usd-core (pip install usd-core)"))
    func usdCoreReadsEveryCoding() throws {
        var g = SplitMix(seed: 3)
        let ints: [String: [Int32]] = [
            "small": [1, -2, 3], "sixteen": Array(0..<16).map { Int32($0) * 1000 },
            "wide": (0..<200).map { _ in Int32(truncatingIfNeeded: g.next()) }, "edges": [0, .max, .min, 0, -1, 1, .max, .max, 0, 5, 5, 5, 5, 5, 5, 5, 5],
        ]
        let floats: [String: [Float]] = [
            "whole": (0..<40).map { Float($0 % 7) - 3 }, "table": (0..<64).map { [0.25, 0.5, 0.125][$0 % 3] },
            "plain": (0..<50).map { _ in Float(g.next() % 100_000) / 7 }, "short": [0.5, 1.5],
        ]
        var b = USDLayer.Builder()
        b.spec(.root, .pseudoRoot)
        b.set(.root, "defaultPrim", .token("Root"))
        let root = b.prim(USDLayer.Path.root.child("Root"), type: "Xform")
        for (name, v) in ints.sorted(by: { $0.key < $1.key }) { b.attribute(root, "i_" + name, type: "int[]", .intArray(v)) }
        for (name, v) in floats.sorted(by: { $0.key < $1.key }) { b.attribute(root, "f_" + name, type: "float[]", .floatArray(v)) }
        let tokens = (0..<300).map { "token_\($0 % 150)_\(String(repeating: "x", count: $0 % 9))" }
        b.attribute(root, "tokens", type: "token[]", uniform: true, .tokenArray(tokens))
        b.attribute(root, "again", type: "token[]", uniform: true, .tokenArray(tokens))
        b.attribute(root, "moving", type: "float3[]", .timeSamples([(0, .vec3fArray([SIMD3(1, 2, 3)])), (1.5, .vec3fArray([SIMD3(1, 2, 3)])),
                                                                     (4, .vec3fArray([SIMD3(-1, 0.5, 9)]))]), field: "timeSamples")
        let bytes = USDCWriter.write(b.layer)
        #expect(Array(bytes.prefix(16)) == Array("PXR-USDC".utf8) + [0, 8, 0, 0, 0, 0, 0, 0])
        let dir = try Self.folder("usdc-codings")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/layer.usdc"))
        let script = """
            import json, sys
            from pxr import Sdf
            layer = Sdf.Layer.FindOrOpen(sys.argv[1])
            prim = layer.GetPrimAtPath("/Root")
            out = {}
            for p in prim.properties:
                v = p.default
                out[p.name] = [list(x) if hasattr(x, "__len__") and not isinstance(x, str) else x for x in v] if v is not None else None
            out["samples"] = {str(t): [list(x) for x in layer.QueryTimeSample("/Root.moving", t)] for t in layer.ListTimeSamplesForPath("/Root.moving")}
            print(json.dumps(out))
            """
        let r = try Self.python(["-c", script, dir + "/layer.usdc"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout.prefix(300))")
        for (name, v) in ints { #expect((read["i_" + name] as? [NSNumber])?.map(\.int32Value) == v, "\(name)") }
        for (name, v) in floats { #expect((read["f_" + name] as? [NSNumber])?.map(\.floatValue) == v, "\(name)") }
        #expect(read["tokens"] as? [String] == tokens && read["again"] as? [String] == tokens)
        let samples = try #require(read["samples"] as? [String: [[NSNumber]]])
        #expect(samples.keys.sorted() == ["0.0", "1.5", "4.0"])
        #expect(samples["4.0"]?.first?.map(\.floatValue) == [-1, 0.5, 9])
    }

    /// Every catalog progression, exported as a crate USDZ (2 jobs) and as a text USDZ: usd-core reads the same
    /// layer from both (`Sdf.Layer.ExportToString` equal), the crate is the package's first entry, named `<id>.usdc`,
    /// its data 64-byte aligned, each package at most 350 KB; every crate USDZ opens and validates
    /// (`scripts/usd_validate.py`); and the crate's bytes are the same written again, one job, in this process.
    @Test(.enabled(if: TestPaths.haveAssets && haveUSD, "needs Assets/ and python3 with usd-core"))
    func catalogCratesAreTheTextLayers() async throws {
        let crates = try Self.folder("usdc-catalog"), texts = try Self.folder("usda-catalog")
        defer { try? FileManager.default.removeItem(atPath: crates); try? FileManager.default.removeItem(atPath: texts) }
        for (out, usda) in [(crates, false), (texts, true)] {
            var options = ExportBatch.Options()
            options.assets = TestPaths.assets
            options.out = out
            options.formats = [.usdz]
            options.jobs = 2
            options.usda = usda
            let summary = try await ExportBatch(options: options).run()
            #expect(summary.failed == 0)
        }
        let ids = try FileManager.default.contentsOfDirectory(atPath: crates).filter { $0.hasSuffix(".usdz") }.map { String($0.dropLast(5)) }.sorted()
        #expect(ids.count == 60)
        let script = """
            import json, os, sys, zipfile
            from pxr import Sdf
            crates, texts = sys.argv[1], sys.argv[2]
            report = {}
            for id in sys.argv[3:]:
                path = os.path.join(crates, id + ".usdz")
                with zipfile.ZipFile(path) as z:
                    first = z.infolist()[0]
                    names = [i.filename for i in z.infolist()]
                with open(path, "rb") as f:
                    f.seek(first.header_offset + 26)
                    n, m = int.from_bytes(f.read(2), "little"), int.from_bytes(f.read(2), "little")
                aligned = (first.header_offset + 30 + n + m) % 64 == 0
                a = Sdf.Layer.FindOrOpen(path).ExportToString()
                b = Sdf.Layer.FindOrOpen(os.path.join(texts, id + ".usdz")).ExportToString()
                report[id] = {"names": names, "aligned": aligned, "size": os.path.getsize(path), "same": a == b}
            print(json.dumps(report))
            """
        let r = try Self.python(["-c", script, crates, texts] + ids)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: [String: Any]], "\(r.stdout.prefix(300))")
        var sizes: [Int] = []
        for id in ids {
            let entry = try #require(report[id], "\(id)")
            #expect(entry["names"] as? [String] == [id + ".usdc"], "\(id)")
            #expect(entry["aligned"] as? Bool == true, "\(id)")
            #expect(entry["same"] as? Bool == true, "\(id): the crate and the text layer differ")
            let size = entry["size"] as? Int ?? .max
            #expect(size <= 350 * 1024, "\(id): \(size) bytes")
            sizes.append(size)
        }
        let validate = try Self.python([TestPaths.repoRoot.path + "/scripts/usd_validate.py", crates])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")

        // The same bytes again, written in this process on one thread.
        let id = "squat-05"
        let base = try ColladaLoader.load(path: TestPaths.assets + "/Models/base-model.dae")
        let scene = base.applying(rig: try ColladaLoader.load(path: TestPaths.assets + "/Animations/\(id).dae")).scene
        let model = ExportModel(scene: scene, name: id)
        let clock = ContinuousClock()
        var first: [UInt8] = []
        let elapsed = clock.measure { first = USDCWriter.write(USDLayer(model)) }
        #expect(USDCWriter.write(USDLayer(model)) == first)
        let packed = USDZPackage.pack([(name: id + ".usdc", bytes: first)])
        #expect(FileManager.default.contents(atPath: crates + "/\(id).usdz") == Data(packed))
        print("USDCWriterTests: USDZ sizes \(sizes.min() ?? 0)...\(sizes.max() ?? 0) bytes; \(id)'s layer built and written in \(elapsed) (debug)")
    }
}

/// A small deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
