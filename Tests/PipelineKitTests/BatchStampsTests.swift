import Foundation
@testable import PipelineKit
import Testing

/// The stamps file (what a no-op run reads instead of hashing) and the stamped hash of a batch's shared input.
@Suite struct BatchStampsTests {
    static func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "stamps-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func roundTripKeepsEveryFieldAndNamesWithSpaces() throws {
        var stamps = BatchStamps()
        stamps.outputs["Icons/a b.imageset/a b@2x.png"] = FileStamp(size: 1234, inode: 99, modified: [1_795_704_904, 736_951_558],
                                                                      changed: [-5, 0])
        stamps.outputs["x.png"] = FileStamp(size: 0, inode: UInt64(Int64.max), modified: [0, 1], changed: [2, 3])
        stamps.inputs["/assets/Poses/my pose.dae"] = .init(stamp: FileStamp(size: 7, inode: 8, modified: [9, 10], changed: [11, 12]),
                                                          hash: String(repeating: "ab", count: 32))
        let bytes = stamps.encoded()
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("assettool-stamps 1\no 1234 99 "))
        #expect(BatchStamps.parse(bytes) == stamps)
        // Sorted, so equal stamps give equal bytes.
        #expect(BatchStamps.parse(bytes)?.encoded() == bytes)
    }

    @Test(arguments: [
        "",                                                     // empty
        "assettool-stamps 2\n",                                 // another version
        "{\"outputs\":{}}",                                     // the old JSON form
        "assettool-stamps 1\no 1 2 3 4 5 x.png\n",              // a number missing
        "assettool-stamps 1\no 1 2 3 4 5 6\n",                  // no name
        "assettool-stamps 1\no 1 2 3 4 5 six x.png\n",          // not a number
        "assettool-stamps 1\no 1 -2 3 4 5 6 x.png\n",           // a negative inode
        "assettool-stamps 1\no 99999999999999999999 2 3 4 5 6 x.png\n", // overflow
        "assettool-stamps 1\ni 1 2 3 4 5 6 x.dae\n",            // an input without its hash
        "assettool-stamps 1\nq 1 2 3 4 5 6 x.png\n",            // an unknown kind
    ])
    func malformedFilesAreRefusedWhole(text: String) {
        #expect(BatchStamps.parse(Array(text.utf8)) == nil)
    }

    @Test func aNameWithALineBreakIsNotKept() {
        var stamps = BatchStamps()
        stamps.outputs["bad\nname.png"] = FileStamp(size: 1, inode: 2, modified: [3, 4], changed: [5, 6])
        stamps.outputs["good.png"] = FileStamp(size: 1, inode: 2, modified: [3, 4], changed: [5, 6])
        let parsed = BatchStamps.parse(stamps.encoded())
        #expect(parsed?.outputs.keys.sorted() == ["good.png"])
    }

    /// The shared input is read and hashed once; then, while its stamp holds, never read; a change is seen.
    @Test func stampedHashReadsOnlyWhenTheStampMoves() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/base.dae", cache = dir + "/cache/base.stamps"
        try Data("first".utf8).write(to: URL(fileURLWithPath: file))
        var reads = 0
        let read: (String) throws -> [UInt8] = { reads += 1; return Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
        let first = try StampedHash.hash(of: file, cache: cache, read: read)
        #expect(first.hash == SHA256.hex(Array("first".utf8)) && first.bytes == Array("first".utf8) && reads == 1)
        let again = try StampedHash.hash(of: file, cache: cache, read: read)
        #expect(again.hash == first.hash && again.bytes == nil && reads == 1)
        try Data("second!".utf8).write(to: URL(fileURLWithPath: file))
        let changed = try StampedHash.hash(of: file, cache: cache, read: read)
        #expect(changed.hash == SHA256.hex(Array("second!".utf8)) && reads == 2)
        // A lost or damaged cache costs a read, never a wrong hash.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cache))
        let recovered = try StampedHash.hash(of: file, cache: cache, read: read)
        #expect(recovered.hash == changed.hash && reads == 3)
    }

    @Test func stampedHashPassesOnTheReadersError() throws {
        struct Missing: Error {}
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: Missing.self) {
            _ = try StampedHash.hash(of: dir + "/none.dae", cache: dir + "/c.stamps", read: { _ in throw Missing() })
        }
    }
}
