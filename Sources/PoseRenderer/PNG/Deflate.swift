import CZlib

/// A DEFLATE (RFC 1951) encoder made for images, wrapped as a zlib stream (RFC 1950): what the icon batch's
/// PNGs are compressed with.
///
/// An icon's bytes are mostly runs: transparent pixels, flat circles, the row above repeated. So the matcher
/// tries only the two distances that find those runs, the previous pixel (`pixelBytes` back) and the pixel above
/// (`rowBytes` back), compares eight bytes at a time, and takes the longer match (3 to 258 bytes) greedily; every
/// other byte is a literal. The tokens are then written as one block with Huffman codes made for that image
/// (length-limited to 15 bits, the code-length codes to 7, as RFC 1951 3.2.7 requires). No hash chains, no lazy
/// matching: one pass to find the tokens and count them, one to write them.
///
/// On the icon batch's 720 icon PNGs it writes about as few bytes as zlib's level 3 (which libpng's
/// `PNG_IMAGE_FLAG_FAST` uses) in a fraction of its time; any inflater reads it (zlib, libpng, browsers).
package enum Deflate {
    /// `data` as a zlib stream: header (deflate, 32 KB window), dynamic-Huffman blocks of at most
    /// ``blockTokens`` tokens each (so memory stays bounded on a large image, and each block's codes fit its
    /// part), Adler-32. `pixelBytes` and `rowBytes` are the two distances always tried (one beyond 32768, the
    /// window, is not). Deterministic: the same bytes give the same stream, for any `threads`.
    ///
    /// Data over twice ``partBytes`` (the review sheet, not an icon) is cut into parts of whole rows of about
    /// ``partBytes``, by its size alone, and the parts are compressed on up to `threads` threads: each part's
    /// matches stay within it, and each but the last ends with an empty stored block (a sync point, RFC 1951
    /// 3.2.4), so the parts' bytes join into one stream.
    package static func zlib(_ data: UnsafeRawBufferPointer, pixelBytes: Int, rowBytes: Int, threads: Int = 1) -> [UInt8] {
        let n = data.count
        let partLength = n > 2 * partBytes ? max(1, partBytes / max(1, rowBytes)) * max(1, rowBytes) : max(1, n)
        let parts = max(1, (n + partLength - 1) / partLength)
        let pieces = SharedRows(width: 1, rows: parts, repeating: [UInt8]())
        let workers = max(1, min(threads, parts))
        // The caller's bytes, read (never written) by every worker while this call lasts.
        struct Shared: @unchecked Sendable { let data: UnsafeRawBufferPointer }
        let shared = Shared(data: data)
        Parallel.run(workers: workers) { w in
            let data = shared.data
            var k = w
            while k < parts {
                let lo = k * partLength, hi = min(n, lo + partLength)
                let slice = n == 0 ? data : UnsafeRawBufferPointer(rebasing: data[lo..<hi])
                pieces.window(rows: k..<(k + 1))[k] = deflate(slice, distances: (pixelBytes, rowBytes), last: k == parts - 1)
                k += workers
            }
        }
        var out: [UInt8] = [0x78, 0x01]                   // CMF: deflate, 32 KB window; FLG: fastest, check bits
        let all = pieces.array()
        out.reserveCapacity(all.reduce(6) { $0 + $1.count })
        for piece in all { out += piece }
        let sum = adler32(data)
        out += [UInt8(sum >> 24), UInt8(sum >> 16 & 0xFF), UInt8(sum >> 8 & 0xFF), UInt8(sum & 0xFF)]
        return out
    }

    /// Adler-32 (RFC 1950 8.2) of `data`, continuing from `start` (1 for a new stream): the same value as
    /// zlib's `adler32_z`, 16 bytes a step. Per 16-byte chunk `a` gains the bytes' sum and `b` gains 16 times the
    /// `a` before the chunk plus the bytes weighted 16...1; so 16 lanes each keep their bytes' sum (`lanes`) and
    /// the sum of those sums before each chunk (`before`), and `a`, `b` are made from them once per block.
    /// A block is at most 1,024 chunks, which keeps the sum of `before`'s 16 lanes below 2^32 (16 · 255 · 1024² / 2).
    package static func adler32(_ data: UnsafeRawBufferPointer, start: UInt32 = 1) -> UInt32 {
        let modulus: UInt64 = 65521
        var a = UInt64(start & 0xFFFF), b = UInt64(start >> 16)
        guard let base = data.baseAddress else { return start }
        let n = data.count
        var i = 0
        let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
        while n - i >= 16 {
            let chunks = min((n - i) / 16, 1024)
            var lanes = SIMD16<UInt32>(), before = SIMD16<UInt32>()
            for c in 0..<chunks {
                let bytes = (base + i + 16 * c).loadUnaligned(as: SIMD16<UInt8>.self)
                before &+= lanes
                lanes &+= SIMD16<UInt32>(truncatingIfNeeded: bytes)
            }
            // b gains 16·a per chunk (a as it was when the block began), 16 times the lanes' sums before each
            // chunk, and each chunk's bytes weighted 16...1.
            b += 16 * UInt64(chunks) * a + 16 * UInt64(before.wrappedSum()) + UInt64((lanes &* weights).wrappedSum())
            a += UInt64(lanes.wrappedSum())
            a %= modulus
            b %= modulus
            i += 16 * chunks
        }
        while i < n {
            a += UInt64(base.load(fromByteOffset: i, as: UInt8.self))
            b += a
            i += 1
        }
        return UInt32(b % modulus) << 16 | UInt32(a % modulus)
    }

    /// Bytes a part of a large stream holds (about: it is cut at whole rows).
    static let partBytes = 1 << 22

    /// The DEFLATE blocks of `data`: ending the stream (`last`), or with a sync point so that more parts follow.
    static func deflate(_ data: UnsafeRawBufferPointer, distances: (Int, Int), last: Bool) -> [UInt8] {
        let n = data.count
        // Bound: the headers (under 400 bytes a block), at most 15 + 5 + 15 + 13 bits per match of 3 or more
        // bytes and 15 per literal (under 2 bytes a byte), the end codes, the sync point.
        let capacity = n * 2 + 1024 + (n / blockTokens + 1) * 512
        var matcher = Matcher(data, distances: distances)
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var out = BitWriter(buffer.baseAddress!)
            var tokens = Tokens()
            repeat {
                tokens.reset()
                matcher.tokenize(into: &tokens, upTo: blockTokens)
                writeBlock(tokens, final: last && matcher.position >= n, into: &out)
            } while matcher.position < n
            if !last {
                // An empty stored block: BFINAL 0, BTYPE 00, to the byte, LEN 0, NLEN 0xFFFF.
                out.put(0, 3)
                out.flush()
                out.byte(0); out.byte(0); out.byte(0xFF); out.byte(0xFF)
            }
            out.flush()
            initialized = out.written
        }
    }

    /// Tokens a block holds at most (4 bytes each).
    static let blockTokens = 1 << 16

    // MARK: Tokens

    /// Literals and matches in order, with the frequency of every symbol they use.
    struct Tokens {
        /// A literal is its byte; a match is `1 << 31 | length << 16 | distance`.
        var items: [UInt32] = []
        var literalLength = [Int](repeating: 0, count: 286)
        var distance = [Int](repeating: 0, count: 30)

        mutating func reset() {
            items.removeAll(keepingCapacity: true)
            for k in literalLength.indices { literalLength[k] = 0 }
            for k in distance.indices { distance[k] = 0 }
        }
    }

    /// Length code (257...285), its extra bits and their value for every match length 3...258.
    static let lengthCodes: [(code: UInt16, extraBits: UInt8, extra: UInt16)] = {
        // RFC 1951 3.2.5: the base lengths and extra bits of codes 257...285.
        let base: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                           131, 163, 195, 227, 258]
        let bits: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var table = [(code: UInt16, extraBits: UInt8, extra: UInt16)](repeating: (0, 0, 0), count: 259)
        for length in 3...258 {
            var k = base.count - 1
            while base[k] > length { k -= 1 }
            table[length] = (UInt16(257 + k), UInt8(bits[k]), UInt16(length - base[k]))
        }
        return table
    }()

    /// Distance code (0...29), its extra bits and their value for a distance 1...32768.
    @inline(__always)
    static func distanceCode(_ d: Int) -> (code: Int, extraBits: Int, extra: Int) {
        if d <= 4 { return (d - 1, 0, 0) }
        // Codes 2k and 2k+1 (k >= 1) cover distances from 2^k + 1, each with k - 1 extra bits.
        let v = d - 1
        let top = Int.bitWidth - 1 - v.leadingZeroBitCount      // v in [2^top, 2^(top+1))
        let half = (v >> (top - 1)) & 1
        let code = 2 * top + half
        let extraBits = top - 1
        return (code, extraBits, v & ((1 << extraBits) - 1))
    }

    /// Finds the tokens of `data`, from where the last block ended: at each byte the longest match of 3 bytes or
    /// more among the previous pixel, the pixel above, and the last place the next four bytes were seen (a
    /// one-entry hash table), else a literal. Greedy: a match is taken whole and its bytes are not hashed.
    struct Matcher {
        let data: UnsafeRawBufferPointer
        let d1: Int, d2: Int
        var table: [Int32]
        private(set) var position = 0
        static let hashBits = 14

        init(_ data: UnsafeRawBufferPointer, distances: (Int, Int)) {
            self.data = data
            d1 = distances.0 >= 1 && distances.0 <= 32768 ? distances.0 : 0
            d2 = distances.1 >= 1 && distances.1 <= 32768 && distances.1 != d1 ? distances.1 : 0
            table = [Int32](repeating: -1, count: 1 << Self.hashBits)
        }

        /// Tokenizes on from ``position`` until the data ends or `count` tokens are made; counts the end of block.
        mutating func tokenize(into tokens: inout Tokens, upTo count: Int) {
            let n = data.count
            guard let base = data.baseAddress else { tokens.literalLength[256] += 1; return }
            let d1 = d1, d2 = d2
            var i = position
            tokens.items.reserveCapacity(min(count, (n - i) / 4 + 64))
            tokens.literalLength.withUnsafeMutableBufferPointer { litFreq in
            tokens.distance.withUnsafeMutableBufferPointer { distFreq in
            table.withUnsafeMutableBufferPointer { table in
                var made = 0
                while i < n, made < count {
                    let limit = min(258, n - i)
                    var best = 0, bestDistance = 0
                    if i + 4 <= n {
                        // Each candidate is tried only when its first four bytes agree (one load and compare),
                        // and the hash only while the pixel and row candidates found less than 16 bytes.
                        let word = base.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                        if d1 > 0, i >= d1, base.loadUnaligned(fromByteOffset: i - d1, as: UInt32.self) == word {
                            best = Deflate.matchLength(base, i, i - d1, limit); bestDistance = d1
                        }
                        if d2 > 0, i >= d2, best < limit, base.loadUnaligned(fromByteOffset: i - d2, as: UInt32.self) == word {
                            let m = Deflate.matchLength(base, i, i - d2, limit)
                            if m > best { best = m; bestDistance = d2 }
                        }
                        if best < 16, i < Int(Int32.max) {
                            let h = Int((word &* 2654435761) >> (32 - UInt32(Self.hashBits)))
                            let candidate = Int(table[h])
                            table[h] = Int32(i)
                            let d = i - candidate
                            if candidate >= 0, d <= 32768, d != bestDistance,
                               base.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == word {
                                let m = Deflate.matchLength(base, i, candidate, limit)
                                if m > best { best = m; bestDistance = d }
                            }
                        }
                    } else {
                        // The last three bytes: a match of 3 is still possible at the two fixed distances.
                        if d1 > 0, i >= d1 { best = Deflate.matchLength(base, i, i - d1, limit); bestDistance = d1 }
                        if d2 > 0, i >= d2 {
                            let m = Deflate.matchLength(base, i, i - d2, limit)
                            if m > best { best = m; bestDistance = d2 }
                        }
                    }
                    if best >= 3 {
                        tokens.items.append(1 << 31 | UInt32(best) << 16 | UInt32(bestDistance))
                        litFreq[Int(Deflate.lengthCodes[best].code)] += 1
                        distFreq[Deflate.distanceCode(bestDistance).code] += 1
                        i += best
                    } else {
                        let b = base.load(fromByteOffset: i, as: UInt8.self)
                        tokens.items.append(UInt32(b))
                        litFreq[Int(b)] += 1
                        i += 1
                    }
                    made += 1
                }
                litFreq[256] += 1
            }}}
            position = i
        }
    }

    /// How many bytes (at most `limit`) from `a` equal those from `b`, compared eight at a time.
    @inline(__always)
    static func matchLength(_ base: UnsafeRawPointer, _ a: Int, _ b: Int, _ limit: Int) -> Int {
        var k = 0
        while k + 8 <= limit {
            let x = base.loadUnaligned(fromByteOffset: a + k, as: UInt64.self)
            let y = base.loadUnaligned(fromByteOffset: b + k, as: UInt64.self)
            let diff = x ^ y
            if diff != 0 { return k + diff.littleEndian.trailingZeroBitCount / 8 }
            k += 8
        }
        while k < limit, base.load(fromByteOffset: a + k, as: UInt8.self) == base.load(fromByteOffset: b + k, as: UInt8.self) { k += 1 }
        return k
    }

    // MARK: Huffman codes

    /// Code lengths (at most `limit` bits) for `freq`, a complete prefix code over the symbols that occur; at
    /// least two symbols get a code (symbols that do not occur are given one when fewer than two do), so every
    /// inflater accepts the code.
    static func codeLengths(_ freq: [Int], limit: Int) -> [UInt8] {
        var f = freq
        var count = f.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        var k = 0
        while count < 2, k < f.count {
            if f[k] == 0 { f[k] = 1; count += 1 }
            k += 1
        }
        // By weight, then symbol: one integer sort key each (weights fit in 47 bits, symbols in 16).
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        for (symbol, weight) in f.enumerated() where weight > 0 { keys.append(UInt64(min(weight, 1 << 47)) << 16 | UInt64(symbol)) }
        keys.sort()
        let used = keys.map { Int($0 & 0xFFFF) }
        let m = used.count
        // Huffman's tree by the two-queue method: leaves in order of weight, then internal nodes as made (in
        // order of weight too). Node j < m is leaf used[j]; node m + t is the t-th internal node.
        var weight = used.map { f[$0] } + [Int](repeating: 0, count: m - 1)
        var parent = [Int](repeating: -1, count: 2 * m - 1)
        var leaf = 0, inner = m, made = m
        func smallest() -> Int {
            if leaf < m, inner >= made || weight[leaf] <= weight[inner] { leaf += 1; return leaf - 1 }
            inner += 1
            return inner - 1
        }
        while made < 2 * m - 1 {
            let a = smallest(), b = smallest()
            weight[made] = weight[a] + weight[b]
            parent[a] = made; parent[b] = made
            made += 1
        }
        var depth = [Int](repeating: 0, count: 2 * m - 1)
        for node in stride(from: 2 * m - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var lengths = [Int](repeating: 0, count: m)
        for j in 0..<m { lengths[j] = min(depth[j], limit) }
        // Over the limit: clamping over-subscribes the code (Kraft sum above 1). Lengthen the deepest codes
        // still under the limit until it fits, then shorten codes while the sum stays within 1, so the code is
        // complete again (inflaters refuse an incomplete code of more than one symbol).
        let full = 1 << limit
        var kraft = lengths.reduce(0) { $0 + (1 << (limit - $1)) }
        while kraft > full {
            // The lightest of the deepest codes below the limit (leaves are in order of weight).
            var pick = -1
            for j in 0..<m where lengths[j] < limit && (pick < 0 || lengths[j] > lengths[pick]) { pick = j }
            kraft -= 1 << (limit - lengths[pick] - 1)
            lengths[pick] += 1
        }
        while kraft < full {
            // The heaviest symbol whose shortening still fits.
            var pick = -1
            for j in stride(from: m - 1, through: 0, by: -1) where lengths[j] > 1 && kraft + (1 << (limit - lengths[j])) <= full {
                if pick < 0 || lengths[j] > lengths[pick] { pick = j }
            }
            if pick < 0 { break }
            kraft += 1 << (limit - lengths[pick])
            lengths[pick] -= 1
        }
        var out = [UInt8](repeating: 0, count: f.count)
        for j in 0..<m { out[used[j]] = UInt8(lengths[j]) }
        return out
    }

    /// Canonical codes (RFC 1951 3.2.2) for `lengths`, bit-reversed: deflate writes codes from their top bit
    /// but packs bits from the least significant.
    static func codes(_ lengths: [UInt8]) -> [UInt16] {
        var count = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { count[Int(l)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 { next[bits] = code; code = (code + count[bits]) << 1 }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let c = next[Int(l)]
            next[Int(l)] += 1
            let reversed = Int(reverseByte[c & 0xFF]) << 8 | Int(reverseByte[c >> 8 & 0xFF])
            return UInt16(reversed >> (16 - Int(l)))
        }
    }

    /// Each byte with its bits in reverse order.
    static let reverseByte: [UInt8] = (0..<256).map { v in
        var r = 0
        for b in 0..<8 where v >> b & 1 == 1 { r |= 1 << (7 - b) }
        return UInt8(r)
    }

    // MARK: Writing

    /// Writes bits from the least significant into a buffer the caller sized.
    struct BitWriter {
        let base: UnsafeMutablePointer<UInt8>
        var written = 0
        var acc: UInt64 = 0
        var count = 0

        init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

        @inline(__always)
        mutating func put(_ bits: UInt64, _ n: Int) {
            acc |= bits << UInt64(count)
            count += n
            if count >= 32 {
                UnsafeMutableRawPointer(base + written).storeBytes(of: UInt32(truncatingIfNeeded: acc).littleEndian, as: UInt32.self)
                written += 4
                acc >>= 32
                count -= 32
            }
        }

        /// Pads to a byte and writes what is held.
        mutating func flush() {
            while count > 0 {
                base[written] = UInt8(truncatingIfNeeded: acc)
                written += 1
                acc >>= 8
                count = max(0, count - 8)
            }
            acc = 0
        }

        /// A whole byte (only between flushes).
        mutating func byte(_ b: UInt8) { base[written] = b; written += 1 }
    }

    /// The order in which the code-length code's lengths are written (RFC 1951 3.2.7).
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// One block with dynamic Huffman codes (the last of the stream when `final`): the header (the code lengths, run-length coded with symbols
    /// 16, 17 and 18), the tokens, the end of block.
    static func writeBlock(_ tokens: Tokens, final: Bool, into out: inout BitWriter) {
        let litLengths = codeLengths(tokens.literalLength, limit: 15)
        let distLengths = codeLengths(tokens.distance, limit: 15)
        var hlit = 286
        while hlit > 257, litLengths[hlit - 1] == 0 { hlit -= 1 }
        var hdist = 30
        while hdist > 1, distLengths[hdist - 1] == 0 { hdist -= 1 }
        // The code lengths as one sequence, run-length coded: (symbol, extra bits value).
        let sequence = Array(litLengths[0..<hlit]) + Array(distLengths[0..<hdist])
        var runs: [(symbol: Int, extra: Int)] = []
        var i = 0
        while i < sequence.count {
            let v = sequence[i]
            var run = 1
            while i + run < sequence.count, sequence[i + run] == v { run += 1 }
            var left = run
            if v == 0 {
                while left >= 11 { let r = min(left, 138); runs.append((18, r - 11)); left -= r }
                if left >= 3 { runs.append((17, left - 3)); left = 0 }
                while left > 0 { runs.append((0, 0)); left -= 1 }
            } else {
                runs.append((Int(v), 0)); left -= 1
                while left >= 3 { let r = min(left, 6); runs.append((16, r - 3)); left -= r }
                while left > 0 { runs.append((Int(v), 0)); left -= 1 }
            }
            i += run
        }
        var clFreq = [Int](repeating: 0, count: 19)
        for r in runs { clFreq[r.symbol] += 1 }
        let clLengths = codeLengths(clFreq, limit: 7)
        let clCodes = codes(clLengths)
        var hclen = 19
        while hclen > 4, clLengths[codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }

        out.put(final ? 1 : 0, 1)                        // BFINAL
        out.put(2, 2)                                    // BTYPE 10: dynamic Huffman codes
        out.put(UInt64(hlit - 257), 5)
        out.put(UInt64(hdist - 1), 5)
        out.put(UInt64(hclen - 4), 4)
        for k in 0..<hclen { out.put(UInt64(clLengths[codeLengthOrder[k]]), 3) }
        for r in runs {
            out.put(UInt64(clCodes[r.symbol]), Int(clLengths[r.symbol]))
            switch r.symbol {
            case 16: out.put(UInt64(r.extra), 2)
            case 17: out.put(UInt64(r.extra), 3)
            case 18: out.put(UInt64(r.extra), 7)
            default: break
            }
        }

        let litCodes = codes(litLengths), distCodes = codes(distLengths)
        // Per match length: the length code and its extra bits as one bit string, and its bit count.
        var lengthBits = [UInt32](repeating: 0, count: 259), lengthCount = [UInt8](repeating: 0, count: 259)
        for length in 3...258 {
            let c = lengthCodes[length]
            let n = Int(litLengths[Int(c.code)])
            lengthBits[length] = UInt32(litCodes[Int(c.code)]) | UInt32(c.extra) << UInt32(n)
            lengthCount[length] = UInt8(n + Int(c.extraBits))
        }
        litCodes.withUnsafeBufferPointer { lc in
        litLengths.withUnsafeBufferPointer { ll in
        lengthBits.withUnsafeBufferPointer { lb in
        lengthCount.withUnsafeBufferPointer { lcount in
            var lastDistance = -1
            var distanceBits: UInt64 = 0, distanceCount = 0
            for t in tokens.items {
                if t & 1 << 31 == 0 {
                    out.put(UInt64(lc[Int(t)]), Int(ll[Int(t)]))
                } else {
                    let length = Int(t >> 16 & 0x1FF), distance = Int(t & 0xFFFF)
                    out.put(UInt64(lb[length]), Int(lcount[length]))
                    if distance != lastDistance {
                        // Runs repeat one distance: the last one's bits are kept.
                        let d = distanceCode(distance)
                        let n = Int(distLengths[d.code])
                        distanceBits = UInt64(distCodes[d.code]) | UInt64(d.extra) << UInt64(n)
                        distanceCount = n + d.extraBits
                        lastDistance = distance
                    }
                    out.put(distanceBits, distanceCount)
                }
            }
            out.put(UInt64(lc[256]), Int(ll[256]))
        }}}}
    }
}
