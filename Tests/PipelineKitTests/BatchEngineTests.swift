import ColladaKit
import Foundation
import PipelineKit
import Testing

/// The batch engine on a small job of its own (a text file in, its upper case out): the window's bound, the
/// record's round trip, what is up to date and what is not, a job that throws, the summary and the exit policy.
@Suite struct BatchEngineTests {
    /// How many `make`s run at once, and the most there ever were.
    final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var current = 0
        private(set) var peak = 0
        private(set) var total = 0

        func enter() {
            lock.lock()
            current += 1
            total += 1
            peak = max(peak, current)
            lock.unlock()
        }

        func leave() {
            lock.lock()
            current -= 1
            lock.unlock()
        }

        var count: (peak: Int, total: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (peak, total)
        }
    }

    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    /// `<id>.txt` in, `<id>.upper` (its bytes upper-cased, behind the context's prefix) out.
    struct UpperJob: BatchJob {
        struct Detail: Codable, Sendable, Equatable {
            var length: Int
        }
        typealias Context = String

        var id: String
        var folder: String
        var gauge: Gauge? = nil
        var throwing = false
        /// Counts the inputs read.
        var reads: Gauge? = nil

        func inputPaths() throws(BatchJobFailure) -> [String] { [folder + "/" + id + ".txt"] }

        func read(_ path: String) throws(BatchJobFailure) -> [UInt8] {
            reads?.enter()
            reads?.leave()
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BatchJobFailure([Diagnostic(.fileMissing, "no such file", at: SourceLocation(path: path, line: 0, column: 0))])
            }
            return Array(data)
        }

        func inputHash(_ inputHashes: [String]) -> String { "upper 1:" + inputHashes.joined(separator: ",") }

        func make(_ inputs: [BatchInput], in context: String) throws -> BatchProduct<Detail> {
            gauge?.enter()
            defer { gauge?.leave() }
            usleep(2_000)
            if throwing { throw Boom() }
            let text = Array(context.utf8) + inputs[0].bytes.map { (97...122).contains($0) ? $0 - 32 : $0 }
            return BatchProduct(files: [.init([id + ".upper"], text)], detail: Detail(length: text.count))
        }
    }

    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        return dir
    }

    static func engine(_ dir: String, jobs: Int = 2, force: Bool = false, known: [String]) -> BatchEngine<UpperJob> {
        var options = BatchEngineOptions(out: dir + "/out", recordsDir: dir + "/out/.assettool/upper", jobs: jobs)
        options.force = force
        options.knownIDs = Set(known)
        return BatchEngine(options: options)
    }

    static func run(_ engine: BatchEngine<UpperJob>, _ jobs: [UpperJob]) async throws -> (BatchSummary, [String: BatchOutcome]) {
        var outcomes: [String: BatchOutcome] = [:]
        let summary = try await engine.run(jobs, prepare: { "> " }) { event in
            if case .finished(let id, let outcome) = event { outcomes[id] = outcome }
        }
        return (summary, outcomes)
    }

    @Test(arguments: [1, 3, 8])
    func theWindowNeverHoldsMoreThanJobs(width: Int) async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let gauge = Gauge()
        let ids = (1...12).map { "j\($0)" }
        for id in ids { try Data(id.utf8).write(to: URL(fileURLWithPath: dir + "/in/" + id + ".txt")) }
        let jobs = ids.map { UpperJob(id: $0, folder: dir + "/in", gauge: gauge) }
        let (summary, _) = try await Self.run(Self.engine(dir, jobs: width, known: ids), jobs)
        #expect(summary.made == 12 && summary.exitStatus == 0)
        #expect(gauge.count.total == 12)
        #expect(gauge.count.peak <= width, "peak \(gauge.count.peak) with a window of \(width)")
        // (How many ran at once below the bound depends on the machine and on the other tests sharing its threads.)
    }

    @Test func slidingWindowKeepsEveryResultOnce() async {
        var seen: [Int] = []
        await SlidingWindow.run(count: 50, width: 4, { k in k * k }) { k, r in
            #expect(r == k * k)
            seen.append(k)
        }
        #expect(seen.sorted() == Array(0..<50))
    }

    @Test func recordRoundTrips() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = BatchRecord(id: "a", inputHash: "k", files: ["x/a.png": "00ff", "a.glb": "11"], detail: UpperJob.Detail(length: 7))
        try AtomicFile.write(try record.encoded(), to: dir + "/a.json")
        let back = try #require(BatchRecord<UpperJob.Detail>.read(dir + "/a.json"))
        #expect(back.id == "a" && back.inputHash == "k" && back.files == record.files && back.detail == record.detail)
        // Written twice, the same bytes (sorted keys): records merge by copying.
        #expect(try record.encoded() == (try back.encoded()))
        // Not a record of this kind, or not JSON: nil, never a crash.
        try AtomicFile.write(Array("{\"id\": 1}".utf8), to: dir + "/b.json")
        #expect(BatchRecord<UpperJob.Detail>.read(dir + "/b.json") == nil)
        #expect(BatchRecord<UpperJob.Detail>.read(dir + "/missing.json") == nil)
    }

    @Test func upToDateUntilAnInputOrAnOutputChanges() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in/a.txt", output = dir + "/out/a.upper"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: input))
        let reads = Gauge()
        let jobs = [UpperJob(id: "a", folder: dir + "/in", reads: reads)]
        let engine = Self.engine(dir, known: ["a"])
        var (s, _) = try await Self.run(engine, jobs)
        #expect(s.made == 1 && reads.count.total == 1)
        #expect(FileManager.default.contents(atPath: output) == Data("> HELLO".utf8))
        let record = try #require(BatchRecord<UpperJob.Detail>.read(dir + "/out/.assettool/upper/a.json"))
        #expect(record.files == ["a.upper": SHA256.hex(Array("> HELLO".utf8))] && record.detail.length == 7)
        (s, _) = try await Self.run(engine, jobs)
        #expect(s.upToDate == 1 && s.made == 0)
        // Its stamp unchanged since it was hashed, the input is not read again.
        #expect(reads.count.total == 1)
        // The input's bytes changed: made again.
        try Data("hullo".utf8).write(to: URL(fileURLWithPath: input))
        (s, _) = try await Self.run(engine, jobs)
        #expect(s.made == 1)
        #expect(FileManager.default.contents(atPath: output) == Data("> HULLO".utf8))
        // Touched but the same bytes: up to date (hashed, not taken on its stamp).
        try Data("hullo".utf8).write(to: URL(fileURLWithPath: input))
        (s, _) = try await Self.run(engine, jobs)
        #expect(s.upToDate == 1)
        // The output edited, or removed: made again.
        try Data("edited".utf8).write(to: URL(fileURLWithPath: output))
        (s, _) = try await Self.run(engine, jobs)
        #expect(s.made == 1)
        try FileManager.default.removeItem(atPath: output)
        (s, _) = try await Self.run(engine, jobs)
        #expect(s.made == 1)
        // Forced: made again, up to date or not.
        (s, _) = try await Self.run(Self.engine(dir, force: true, known: ["a"]), jobs)
        #expect(s.made == 1)
    }

    @Test func aJobThatThrowsFailsAloneWithADeclaredRule() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for id in ["a", "b"] { try Data(id.utf8).write(to: URL(fileURLWithPath: dir + "/in/" + id + ".txt")) }
        let jobs = [UpperJob(id: "a", folder: dir + "/in"), UpperJob(id: "b", folder: dir + "/in", throwing: true),
                    UpperJob(id: "c", folder: dir + "/in")]
        let (s, outcomes) = try await Self.run(Self.engine(dir, known: ["a", "b", "c"]), jobs)
        #expect(s.made == 1 && s.failed == 2 && s.failedIDs == ["b", "c"])
        guard case .failed(let thrown)? = outcomes["b"], case .failed(let missing)? = outcomes["c"] else {
            Issue.record("b and c should fail: \(outcomes)")
            return
        }
        #expect(thrown.map(\.id) == [DiagnosticRule.batchJobError.id] && thrown[0].message == "boom")
        #expect(thrown[0].location.path == dir + "/in/b.txt")
        #expect(missing.map(\.id) == [DiagnosticRule.fileMissing.id])
        #expect(s.exitStatus == BatchSummary.failureStatus)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/b.upper"))
    }

    @Test func anUnwritableOutputExits73() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("a".utf8).write(to: URL(fileURLWithPath: dir + "/in/a.txt"))
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: dir + "/out"))
        let (s, outcomes) = try await Self.run(Self.engine(dir, known: ["a"]), [UpperJob(id: "a", folder: dir + "/in")])
        guard case .failed(let diagnostics)? = outcomes["a"] else {
            Issue.record("a should fail: \(outcomes)")
            return
        }
        #expect(diagnostics.map(\.id) == [DiagnosticRule.batchOutputUnwritable.id])
        #expect(s.unwritableIDs == ["a"] && s.exitStatus == BatchSummary.cannotWriteStatus)
    }

    @Test func recordsOfIdsNoLongerKnownAreRemovedWithTheirFiles() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for id in ["a", "b"] { try Data(id.utf8).write(to: URL(fileURLWithPath: dir + "/in/" + id + ".txt")) }
        let jobs = ["a", "b"].map { UpperJob(id: $0, folder: dir + "/in") }
        _ = try await Self.run(Self.engine(dir, known: ["a", "b"]), jobs)
        let (s, _) = try await Self.run(Self.engine(dir, known: ["a"]), [jobs[0]])
        #expect(s.removedIDs == ["b"] && s.upToDate == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/b.upper"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/.assettool/upper/b.json"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/.assettool/upper/b.json.stamps"))
        #expect(FileManager.default.fileExists(atPath: dir + "/out/a.upper"))
    }

    /// The one exit policy: 0 only when nothing failed; 73 whenever something could not be written; else 1. A batch
    /// where every selected job failed never exits 0.
    @Test func oneExitPolicy() {
        let d = { (rule: DiagnosticRule) in Diagnostic(rule, "x", at: SourceLocation(path: "p", line: 0, column: 0)) }
        var s = BatchSummary()
        s.add(id: "a", .made(warnings: []))
        s.add(id: "b", .upToDate)
        #expect(s.exitStatus == 0 && s.counts == "1 made, 1 up to date, 0 failed" && s.idsSuffix.isEmpty)
        s.add(id: "d", .failed([d(.batchJobError)]))
        s.add(id: "c", .failed([d(.fileMissing)]))
        s.sortIDs()
        #expect(s.exitStatus == 1 && s.failedIDs == ["c", "d"] && s.idsSuffix == "; failed: c, d")
        s.add(id: "e", .failed([d(.batchOutputUnwritable)]))
        #expect(s.exitStatus == 73 && s.unwritableIDs == ["e"])
        var all = BatchSummary()
        for id in ["a", "b"] { all.add(id: id, .failed([d(.batchJobError)])) }
        #expect(all.exitStatus != 0 && all.made == 0)
        var files = BatchSummary()
        files.add(id: "a", .made(warnings: []))
        files.add(batchFailure: d(.batchOutputUnwritable))
        #expect(files.exitStatus == 73 && files.unwritableIDs == [BatchSummary.batchFilesID])
    }
}
