/// The SHA-256 of a file that a whole batch shares (the icons' base model), taken again only when the file's
/// ``FileStamp`` moved since it was last hashed: a no-op run neither reads nor hashes it. The cache is one small
/// ``BatchStamps`` file (its inputs: path, stamp and hash) beside the batch's records; losing it, or failing to write it, only costs
/// the next run a read and a hash.
package enum StampedHash {
    /// The hash of `path`, and its bytes when they had to be read (nil when the cached hash held: the stamp is
    /// the one it had when hashed). `read` reads the file (with the caller's limits and errors); the stamp is taken
    /// before reading, so a file that changes while it is read gets a stamp that no longer matches.
    package static func hash(of path: String, cache: String, read: (String) throws -> [UInt8]) rethrows -> (hash: String, bytes: [UInt8]?) {
        let stamp = FileStamp.of(path)
        var stamps = BatchStamps.read(file: cache)
        if let stamp, let cached = stamps.inputs[path], cached.stamp == stamp {
            return (cached.hash, nil)
        }
        let bytes = try read(path)
        let hash = SHA256.hex(bytes)
        if let stamp {
            stamps.inputs[path] = BatchStamps.Hashed(stamp: stamp, hash: hash)
            stamps.write(file: cache)
        }
        return (hash, bytes)
    }
}
