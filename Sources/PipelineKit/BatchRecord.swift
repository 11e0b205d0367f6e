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
package struct BatchStamps: Codable, Equatable, Sendable {
    package static let suffix = ".stamps"

    package struct Hashed: Codable, Equatable, Sendable {
        package var stamp: FileStamp
        package var hash: String
    }
    /// Output (relative to the output folder) -> its stamp when written.
    package var outputs: [String: FileStamp] = [:]
    /// Input path -> its stamp and hash when hashed.
    package var inputs: [String: Hashed] = [:]

    package init() {}

    package static func read(recordPath: String) -> BatchStamps {
        guard let bytes = try? BoundedFile.read(recordPath + suffix, limit: 1 << 20) else { return BatchStamps() }
        return (try? JSONDecoder().decode(BatchStamps.self, from: Data(bytes))) ?? BatchStamps()
    }

    /// Written after the record; a failure only costs the next run some hashing.
    package func write(recordPath: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(self) else { return }
        try? AtomicFile.write(Array(bytes), to: recordPath + Self.suffix, options: BatchEngineOptions.writeOptions)
    }
}
