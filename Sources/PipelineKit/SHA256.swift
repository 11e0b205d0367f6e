import CHash

/// SHA-256 (FIPS 180-4), for content hashes in the icon and export manifests: which inputs a file was made
/// from, and what its files hold. Written here from the standard; a few hundred MB/s, far more than the
/// manifest needs (inputs total a few MB).
package struct SHA256 {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    package init() {}

    /// Whether the whole blocks of a message go through the x86 SHA extensions (``CHash``): about 2 GB/s here
    /// against 0.3 GB/s for ``compress(_:_:)``. The two agree on every input (PipelineKitTests).
    static let hardware = reps3d_sha256_hardware() == 1

    /// Forces the portable path (tests compare the two).
    package static func digestPortable(_ bytes: [UInt8]) -> [UInt8] {
        var s = SHA256()
        s.portableOnly = true
        s.update(bytes)
        return s.finalize()
    }

    private var portableOnly = false

    /// Adds bytes to the message.
    package mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        length &+= UInt64(bytes.count)
        let whole: Bool? = bytes.withContiguousStorageIfAvailable { buf -> Bool in
            var start = 0
            if !pending.isEmpty {
                let take = min(64 - pending.count, buf.count)
                pending.append(contentsOf: buf[0..<take])
                start = take
                if pending.count == 64 {
                    pending.withUnsafeBufferPointer { compress($0, 0) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            // Whole blocks straight from the caller's bytes.
            let blocks = (buf.count - start) / 64
            if blocks > 0, Self.hardware, !portableOnly, let base = buf.baseAddress {
                withUnsafeMutableBytes(of: &h) { state in
                    reps3d_sha256_blocks(state.baseAddress!.assumingMemoryBound(to: UInt32.self), base + start, blocks)
                }
                start += 64 * blocks
            }
            while buf.count - start >= 64 { compress(buf, start); start += 64 }
            pending.append(contentsOf: buf[start...])
            return true
        }
        if whole == nil {
            length &-= UInt64(bytes.count)
            update(Array(bytes))
        }
    }

    /// Adds a string's UTF-8 bytes.
    package mutating func update(_ string: String) { update(Array(string.utf8)) }

    /// The 32-byte digest.
    package mutating func finalize() -> [UInt8] {
        let bits = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for s in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(s))) }
        tail.withUnsafeBufferPointer { buf in
            var off = 0
            while off < buf.count { compress(buf, off); off += 64 }
        }
        pending = []
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7] {
            out += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return out
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var s = SHA256()
        s.update(bytes)
        return Self.hexString(s.finalize())
    }

    package static func hexString(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(digest.count * 2)
        for b in digest { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>, _ offset: Int) {
        // The message schedule lives on the stack: no allocation per 64-byte block.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.k.withUnsafeBufferPointer { k in
                for i in 0..<16 {
                    let o = offset + 4 * i
                    w[i] = UInt32(block[o]) << 24 | UInt32(block[o + 1]) << 16 | UInt32(block[o + 2]) << 8 | UInt32(block[o + 3])
                }
                for i in 16..<64 {
                    let s0 = Self.rotr(w[i - 15], 7) ^ Self.rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                    let s1 = Self.rotr(w[i - 2], 17) ^ Self.rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, hh) = h
                for i in 0..<64 {
                    let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
                    let ch = (e & f) ^ (~e & g)
                    let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
                    let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
                    let maj = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ maj
                    hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
                }
                h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
            }
        }
    }
}
