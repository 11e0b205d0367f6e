#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one job's outputs were made from: the one record every batch keeps, `<records>/<id>.json`.
///
/// `inputHash` is the job's key over the hashes of its inputs (``BatchJob/inputHash(_:)``); `files` maps each
/// output (a path relative to `--out`) to the SHA-256 of the bytes written; `detail` is what the job itself keeps
/// beside them (the icon batch: the offset and figure bounds its manifest gathers; `export`: nothing). The record
/// holds no times, so records copied from another machine (shards merged by copying) still say what was made.
package struct BatchRecord<Detail: Codable & Sendable>: Codable, Sendable {
    package var id: String
    package var inputHash: String
    /// Output file (relative to the output folder) -> SHA-256 of its bytes.
    package var files: [String: String]
    package var detail: Detail

    package init(id: String, inputHash: String, files: [String: String], detail: Detail) {
        self.id = id
        self.inputHash = inputHash
        self.files = files
        self.detail = detail
    }

    /// The record at `path`; nil when it is missing, too large or not a record of this kind.
    package static func read(_ path: String) -> BatchRecord? {
        guard let bytes = try? BoundedFile.read(path, limit: 1 << 20) else { return nil }
        return try? JSONDecoder().decode(BatchRecord.self, from: Data(bytes))
    }

    /// The record's bytes as written: pretty-printed, keys sorted, a final newline.
    package func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(self)) + [10]
    }
}

/// The detail of a job that keeps nothing beside its files.
package struct NoDetail: Codable, Sendable, Equatable {
    package init() {}
}

/// Only the files a record lists (what stale-output removal needs, whatever the job's detail).
struct RecordListing: Decodable {
    var files: [String: String]
}

/// What `stat` said of a job's files when they were written, and of its inputs when they were hashed:
/// `<record>.stamps`, beside the record. Only a shortcut: a missing or unreadable one means "hash everything",
/// and a file whose stamp differs is hashed again.
///
/// A no-op run reads one per job, so it is plain text read without a JSON decoder (which took a third of a no-op
/// run's time): a header line, then one line per file, fields separated by one space, the name last (names with a
/// line break are not kept: such a file is hashed again next time):
/// ```
/// assettool-stamps 1
/// o <size> <inode> <mtime s> <mtime ns> <ctime s> <ctime ns> <output name>
/// i <size> <inode> <mtime s> <mtime ns> <ctime s> <ctime ns> <sha-256 hex> <input path>
/// ```
package struct BatchStamps: Equatable, Sendable {
    package static let suffix = ".stamps"
    static let header = "assettool-stamps 1"

    package struct Hashed: Equatable, Sendable {
        package var stamp: FileStamp
        package var hash: String
    }
    /// Output (relative to the output folder) -> its stamp when written.
    package var outputs: [String: FileStamp] = [:]
    /// Input path -> its stamp and hash when hashed.
    package var inputs: [String: Hashed] = [:]

    package init() {}

    package static func read(recordPath: String) -> BatchStamps { read(file: recordPath + suffix) }

    /// The stamps in `file`; empty when it is missing, too large or not in this format.
    package static func read(file: String) -> BatchStamps {
        guard let bytes = try? BoundedFile.read(file, limit: 1 << 20) else { return BatchStamps() }
        return parse(bytes) ?? BatchStamps()
    }

    /// The stamps of `bytes`; nil when they are not in this format (any malformed line refuses the whole file).
    static func parse(_ bytes: [UInt8]) -> BatchStamps? {
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.elementsEqual(header.utf8) else { return nil }
        var stamps = BatchStamps()
        for line in lines {
            guard let kind = line.first, kind == UInt8(ascii: "o") || kind == UInt8(ascii: "i") else { return nil }
            // Kind, six numbers, for an input its hash, then the name (which may hold spaces).
            let fields = kind == UInt8(ascii: "o") ? 7 : 8
            let parts = line.split(separator: 32, maxSplits: fields, omittingEmptySubsequences: false)
            guard parts.count == fields + 1, parts[0].count == 1, !parts[fields].isEmpty else { return nil }
            var numbers: [Int64] = []
            for k in 1...6 {
                guard let n = Int64(decimal: parts[k]) else { return nil }
                numbers.append(n)
            }
            guard numbers[1] >= 0 else { return nil }
            let stamp = FileStamp(size: numbers[0], inode: UInt64(numbers[1]), modified: [numbers[2], numbers[3]],
                                  changed: [numbers[4], numbers[5]])
            let name = String(decoding: parts[fields], as: UTF8.self)
            if fields == 7 {
                stamps.outputs[name] = stamp
            } else {
                stamps.inputs[name] = Hashed(stamp: stamp, hash: String(decoding: parts[7], as: UTF8.self))
            }
        }
        return stamps
    }

    /// The file's bytes: the header, then outputs and inputs each sorted by name.
    func encoded() -> [UInt8] {
        func fields(_ s: FileStamp) -> String {
            "\(s.size) \(Int64(bitPattern: s.inode)) \(s.modified.first ?? 0) \(s.modified.last ?? 0) \(s.changed.first ?? 0) \(s.changed.last ?? 0)"
        }
        var text = Self.header + "\n"
        for (name, s) in outputs.sorted(by: { $0.key < $1.key }) where !name.contains("\n") && !name.isEmpty {
            text += "o \(fields(s)) \(name)\n"
        }
        for (path, h) in inputs.sorted(by: { $0.key < $1.key }) where !path.contains("\n") && !path.isEmpty && !h.hash.contains(" ") {
            text += "i \(fields(h.stamp)) \(h.hash) \(path)\n"
        }
        return Array(text.utf8)
    }

    /// Written after the record; a failure only costs the next run some hashing.
    package func write(recordPath: String) { write(file: recordPath + Self.suffix) }

    package func write(file: String) {
        try? AtomicFile.write(encoded(), to: file, options: BatchEngineOptions.writeOptions)
    }
}

extension Int64 {
    /// A decimal integer with an optional leading minus, nothing else; nil on overflow.
    init?(decimal digits: ArraySlice<UInt8>) {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 19 else { return nil }
        var value: Int64 = 0
        for d in rest {
            guard d >= 48, d <= 57 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(d - 48))
            guard !o1, !o2 else { return nil }
            value = a
        }
        self = negative ? -value : value
    }
}
