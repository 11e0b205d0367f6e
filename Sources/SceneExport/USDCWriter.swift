/// Writes a ``USDLayer`` as a USD crate file (`.usdc`), version 0.8.0, from the format's published layout:
///
/// - an 88-byte bootstrap: `PXR-USDC`, the version bytes (0, 8, 0, then zeros), the table of contents' offset, 64
///   reserved bytes;
/// - the values that do not fit in a value rep (arrays, matrices, vectors, list ops, time samples), each 8-byte
///   aligned;
/// - the sections TOKENS (count, then the null-terminated tokens LZ4-compressed), STRINGS (token indices),
///   FIELDS (token indices integer-coded and compressed, then the value reps compressed), FIELDSETS (field
///   indices, each set ending in `~0`, coded), PATHS (a depth-first tree: path indices, element tokens, negative
///   for properties, and jumps, coded), SPECS (path, field set and spec type per spec, coded);
/// - the table of contents: a count, then per section a 16-byte name, its start and size.
///
/// A value rep is 64 bits: bit 63 array, bit 62 inlined, bit 61 compressed, bits 48 to 55 the type, the low 48
/// bits the payload (an inlined value or a file offset). Deterministic: no dictionary order reaches the bytes.
package enum USDCWriter {
    /// Crate value types (the type byte of a value rep).
    enum TypeID: UInt64 {
        case bool = 1, int = 3, float = 8, double = 9, string = 10, token = 11, matrix4d = 15, quatf = 17
        case vec2f = 20, vec3f = 24, vec3h = 25
        case tokenListOp = 32, pathListOp = 34, tokenVector = 41, specifier = 42, variability = 44
        case timeSamples = 46, doubleVector = 48
    }

    static let arrayBit: UInt64 = 1 << 63
    static let inlinedBit: UInt64 = 1 << 62
    static let compressedBit: UInt64 = 1 << 61

    /// The crate bytes of `layer`.
    package static func write(_ layer: USDLayer) -> [UInt8] {
        var c = Crate()
        c.out = [UInt8](repeating: 0, count: 88)
        c.token("")  // token 0: the root path's element (never a property name, which is stored negated)
        var specRows: [(path: UInt32, fieldSet: UInt32, type: UInt32)] = []
        for spec in layer.specs {
            var set: [UInt32] = []
            for field in spec.fields {
                let name = c.token(field.name)
                let rep = c.pack(field.value)
                set.append(c.field(name, rep))
            }
            specRows.append((c.path(spec.path), c.fieldSet(set), spec.type.rawValue))
        }
        // Sections.
        var toc: [(String, Int, Int)] = []
        func section(_ name: String, _ body: (inout Crate) -> Void) {
            c.align(8)
            let start = c.out.count
            body(&c)
            toc.append((name, start, c.out.count - start))
        }
        let pathRows = c.pathTree()  // adds the element tokens before TOKENS is written
        section("TOKENS") { c in
            var data: [UInt8] = []
            for t in c.tokens { data += Array(t.utf8); data.append(0) }
            let packed = FastCompression.compress(data)
            c.u64(UInt64(c.tokens.count)); c.u64(UInt64(data.count)); c.u64(UInt64(packed.count))
            c.out += packed
        }
        section("STRINGS") { c in
            c.u64(UInt64(c.strings.count))
            for s in c.strings { c.u32(s) }
        }
        section("FIELDS") { c in
            c.u64(UInt64(c.fields.count))
            c.compressedInts(c.fields.map(\.name))
            var reps: [UInt8] = []
            reps.reserveCapacity(c.fields.count * 8)
            for f in c.fields { withUnsafeBytes(of: f.rep.littleEndian) { reps += $0 } }
            let packed = FastCompression.compress(reps)
            c.u64(UInt64(packed.count)); c.out += packed
        }
        section("FIELDSETS") { c in
            let flat = c.fieldSets.flatMap { $0 + [UInt32.max] }
            c.u64(UInt64(flat.count))
            c.compressedInts(flat)
        }
        section("PATHS") { c in
            c.u64(UInt64(c.paths.count))
            c.u64(UInt64(pathRows.count))
            c.compressedInts(pathRows.map(\.index))
            c.compressedInts(pathRows.map { UInt32(bitPattern: $0.element) })
            c.compressedInts(pathRows.map { UInt32(bitPattern: $0.jump) })
        }
        section("SPECS") { c in
            c.u64(UInt64(specRows.count))
            c.compressedInts(specRows.map(\.path))
            c.compressedInts(specRows.map(\.fieldSet))
            c.compressedInts(specRows.map(\.type))
        }
        let tocOffset = c.out.count
        c.u64(UInt64(toc.count))
        for (name, start, size) in toc {
            var n = Array(name.utf8); n += [UInt8](repeating: 0, count: 16 - n.count)
            c.out += n
            c.u64(UInt64(start)); c.u64(UInt64(size))
        }
        var boot = Array("PXR-USDC".utf8) + [0, 8, 0, 0, 0, 0, 0, 0]
        withUnsafeBytes(of: UInt64(tocOffset).littleEndian) { boot += $0 }
        for (i, b) in boot.enumerated() { c.out[i] = b }
        return c.out
    }

    /// The file being written and its tables.
    struct Crate {
        var out: [UInt8] = []
        var tokens: [String] = []
        var tokenIndex: [String: UInt32] = [:]
        var strings: [UInt32] = []
        var stringIndex: [String: UInt32] = [:]
        var paths: [USDLayer.Path] = []
        var pathIndex: [USDLayer.Path: UInt32] = [:]
        var fields: [(name: UInt32, rep: UInt64)] = []
        var fieldIndex: [FieldKey: UInt32] = [:]
        var fieldSets: [[UInt32]] = []
        var fieldSetIndex: [[UInt32]: UInt32] = [:]

        struct FieldKey: Hashable { var name: UInt32; var rep: UInt64 }

        mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        mutating func f32(_ v: Float) { u32(v.bitPattern) }
        mutating func f64(_ v: Double) { u64(v.bitPattern) }
        mutating func align(_ n: Int) { while out.count % n != 0 { out.append(0) } }

        @discardableResult
        mutating func token(_ s: String) -> UInt32 {
            if let i = tokenIndex[s] { return i }
            let i = UInt32(tokens.count)
            tokens.append(s); tokenIndex[s] = i
            return i
        }

        mutating func string(_ s: String) -> UInt32 {
            if let i = stringIndex[s] { return i }
            let i = UInt32(strings.count)
            strings.append(token(s)); stringIndex[s] = i
            return i
        }

        /// The index of `p`, adding it and its ancestors (the path tree holds every parent).
        mutating func path(_ p: USDLayer.Path) -> UInt32 {
            if let i = pathIndex[p] { return i }
            if let parent = p.parent { _ = path(parent) }
            let i = UInt32(paths.count)
            paths.append(p); pathIndex[p] = i
            return i
        }

        mutating func field(_ name: UInt32, _ rep: UInt64) -> UInt32 {
            let key = FieldKey(name: name, rep: rep)
            if let i = fieldIndex[key] { return i }
            let i = UInt32(fields.count)
            fields.append((name, rep)); fieldIndex[key] = i
            return i
        }

        mutating func fieldSet(_ set: [UInt32]) -> UInt32 {
            if let i = fieldSetIndex[set] { return i }
            // A field set's index is the position of its first field in the flattened list.
            let i = UInt32(fieldSets.reduce(0) { $0 + $1.count + 1 })
            fieldSets.append(set); fieldSetIndex[set] = i
            return i
        }

        /// Integer-coded, then LZ4-compressed: the compressed size, then the bytes.
        mutating func compressedInts(_ values: [UInt32]) {
            let packed = FastCompression.compress(IntegerCoding.encode(values))
            u64(UInt64(packed.count)); out += packed
        }

        static func rep(_ type: TypeID, _ payload: UInt64, inlined: Bool = false, array: Bool = false) -> UInt64 {
            (array ? USDCWriter.arrayBit : 0) | (inlined ? USDCWriter.inlinedBit : 0) | type.rawValue << 48 | (payload & (1 << 48 - 1))
        }

        /// Starts an out-of-line value: aligned to 8 bytes, its offset.
        mutating func start() -> UInt64 { align(8); return UInt64(out.count) }

        /// Out-of-line values already written, by their type bits and bytes: an equal value is written once.
        var written: [ByteBlock: UInt64] = [:]

        /// The value rep of `value`, writing what is not inlined, once.
        mutating func pack(_ value: USDLayer.Value) -> UInt64 {
            let before = out.count
            let rep = packOnce(value)
            let payload = Int(rep & (1 << 48 - 1))
            guard rep & USDCWriter.inlinedBit == 0, payload > 0, out.count > payload else { return rep }
            var key = withUnsafeBytes(of: (rep >> 48).littleEndian) { Array($0) }
            key += out[payload...]
            if let old = written[ByteBlock(key)] {
                out.removeSubrange(before...)
                return old
            }
            written[ByteBlock(key)] = rep
            return rep
        }

        mutating func packOnce(_ value: USDLayer.Value) -> UInt64 {
            switch value {
            case .bool(let b): return Self.rep(.bool, b ? 1 : 0, inlined: true)
            case .int(let v): return Self.rep(.int, UInt64(UInt32(bitPattern: v)), inlined: true)
            case .float(let v): return Self.rep(.float, UInt64(v.bitPattern), inlined: true)
            case .token(let s): return Self.rep(.token, UInt64(token(s)), inlined: true)
            case .string(let s): return Self.rep(.string, UInt64(string(s)), inlined: true)
            case .specifier(let v): return Self.rep(.specifier, UInt64(v), inlined: true)
            case .variability(let v): return Self.rep(.variability, UInt64(v), inlined: true)
            case .double(let v):
                let at = start(); f64(v); return Self.rep(.double, at)
            case .vec2f(let v):
                let at = start(); f32(v.x); f32(v.y); return Self.rep(.vec2f, at)
            case .vec3f(let v):
                let at = start(); f32(v.x); f32(v.y); f32(v.z); return Self.rep(.vec3f, at)
            case .matrix4d(let m):
                let at = start(); for d in m { f64(d) }; return Self.rep(.matrix4d, at)
            case .tokenArray(let a):
                let indices = a.map { token($0) }
                if a.isEmpty { return Self.rep(.token, 0, array: true) }
                let at = start(); u64(UInt64(a.count)); for i in indices { u32(i) }
                return Self.rep(.token, at, array: true)
            case .intArray(let a):
                if a.isEmpty { return Self.rep(.int, 0, array: true) }
                let at = start(); u64(UInt64(a.count))
                // Arrays of 16 or more ints are integer-coded and compressed.
                if a.count < 16 {
                    for v in a { u32(UInt32(bitPattern: v)) }
                    return Self.rep(.int, at, array: true)
                }
                compressedInts(a.map { UInt32(bitPattern: $0) })
                return Self.rep(.int, at, array: true) | USDCWriter.compressedBit
            case .floatArray(let a):
                if a.isEmpty { return Self.rep(.float, 0, array: true) }
                let at = start(); u64(UInt64(a.count))
                if a.count >= 16 {
                    // Compressed (0.6.0): 'i' and the values as coded ints when all are whole; else 't', a table
                    // of the distinct values (at most a quarter of the count, at most 1024: the count, then the
                    // floats) and the coded indices into it.
                    if a.allSatisfy({ $0 >= -2_147_483_648 && $0 < 2_147_483_648 && $0 == $0.rounded() }) {
                        out.append(UInt8(ascii: "i"))
                        compressedInts(a.map { UInt32(bitPattern: Int32($0)) })
                        return Self.rep(.float, at, array: true) | USDCWriter.compressedBit
                    }
                    let limit = min(a.count / 4, 1024)
                    var table: [Float] = [], position: [UInt32: UInt32] = [:], indices: [UInt32] = []
                    indices.reserveCapacity(a.count)
                    for v in a {
                        if let i = position[v.bitPattern] { indices.append(i); continue }
                        if table.count == limit { table = []; break }
                        position[v.bitPattern] = UInt32(table.count); indices.append(UInt32(table.count)); table.append(v)
                    }
                    if !table.isEmpty {
                        out.append(UInt8(ascii: "t"))
                        u32(UInt32(table.count)); for v in table { f32(v) }
                        compressedInts(indices)
                        return Self.rep(.float, at, array: true) | USDCWriter.compressedBit
                    }
                }
                for v in a { f32(v) }
                return Self.rep(.float, at, array: true)
            case .vec3fArray(let a):
                if a.isEmpty { return Self.rep(.vec3f, 0, array: true) }
                let at = start(); u64(UInt64(a.count))
                out.reserveCapacity(out.count + a.count * 12)
                for v in a { f32(v.x); f32(v.y); f32(v.z) }
                return Self.rep(.vec3f, at, array: true)
            case .quatfArray(let a):
                if a.isEmpty { return Self.rep(.quatf, 0, array: true) }
                let at = start(); u64(UInt64(a.count)); for q in a { f32(q.x); f32(q.y); f32(q.z); f32(q.w) }
                return Self.rep(.quatf, at, array: true)
            case .vec3hArray(let a):
                if a.isEmpty { return Self.rep(.vec3h, 0, array: true) }
                let at = start(); u64(UInt64(a.count))
                for v in a {
                    for x in [v.x, v.y, v.z] {
                        let h = Half.bits(x)
                        out += [UInt8(h & 0xFF), UInt8(h >> 8)]
                    }
                }
                return Self.rep(.vec3h, at, array: true)
            case .matrix4dArray(let a):
                if a.isEmpty { return Self.rep(.matrix4d, 0, array: true) }
                let at = start(); u64(UInt64(a.count)); for m in a { for d in m { f64(d) } }
                return Self.rep(.matrix4d, at, array: true)
            case .tokenVector(let a):
                let indices = a.map { token($0) }
                let at = start(); u64(UInt64(a.count)); for i in indices { u32(i) }
                return Self.rep(.tokenVector, at)
            case .prependedTokens(let a):
                let indices = a.map { token($0) }
                // List-op header: has prepended items (bit 5); then the items as a vector.
                let at = start(); out.append(1 << 5); u64(UInt64(a.count)); for i in indices { u32(i) }
                return Self.rep(.tokenListOp, at)
            case .explicitPaths(let a):
                let indices = a.map { path($0) }
                // List-op header: explicit (bit 0), has explicit items (bit 1).
                let at = start(); out.append(0b11); u64(UInt64(a.count)); for i in indices { u32(i) }
                return Self.rep(.pathListOp, at)
            case .timeSamples(let samples):
                // The times (a double vector) and each value first, then the samples record: a forward offset
                // (8: the times' rep follows), the times' rep, a forward offset (8), the count and the values' reps.
                let timesAt = start(); u64(UInt64(samples.count)); for (t, _) in samples { f64(t) }
                let reps = samples.map { pack($0.1) }
                let at = start()
                u64(8); u64(Self.rep(.doubleVector, timesAt))
                u64(8); u64(UInt64(reps.count)); for r in reps { u64(r) }
                return Self.rep(.timeSamples, at)
            }
        }

        /// The path tree, depth first (siblings in SdfPath order): per path its index, its element's token (negated for a property) and the
        /// jump (-1 only a child, 0 only a sibling, -2 neither, else the distance to the sibling after the subtree).
        mutating func pathTree() -> [(index: UInt32, element: Int32, jump: Int32)] {
            var children: [USDLayer.Path: [USDLayer.Path]] = [:]
            for p in paths { if let parent = p.parent { children[parent, default: []].append(p) } }
            // In SdfPath order, as usd-core writes the tree: under each prim its properties, then its child prims,
            // each by name.
            for (parent, list) in children {
                children[parent] = list.sorted { a, b in
                    let x = a.property ?? a.prims.last ?? "", y = b.property ?? b.prims.last ?? ""
                    if (a.property != nil) != (b.property != nil) { return a.property != nil }
                    return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
                }
            }
            var rows: [(index: UInt32, element: Int32, jump: Int32)] = []
            func visit(_ siblings: [USDLayer.Path]) {
                for (k, p) in siblings.enumerated() {
                    let me = rows.count
                    let element: Int32
                    if let property = p.property { element = -Int32(token(property)) }
                    else { element = Int32(token(p.prims.last ?? "")) }
                    rows.append((pathIndex[p]!, element, 0))
                    let kids = children[p] ?? []
                    if !kids.isEmpty { visit(kids) }
                    let sibling = k + 1 < siblings.count
                    rows[me].jump = sibling && !kids.isEmpty ? Int32(rows.count - me) : sibling ? 0 : !kids.isEmpty ? -1 : -2
                }
            }
            if !paths.isEmpty { visit([.root]) }
            return rows
        }
    }
}

/// IEEE half precision from a float, rounded to nearest even (as GfHalf converts).
enum Half {
    static func bits(_ f: Float) -> UInt16 {
        let x = f.bitPattern
        let sign = UInt16((x >> 16) & 0x8000)
        let exp = Int((x >> 23) & 0xFF)
        var mant = x & 0x7F_FFFF
        if exp == 0xFF { return sign | 0x7C00 | (mant != 0 ? 0x200 : 0) }
        let e = exp - 127 + 15
        if e >= 31 { return sign | 0x7C00 }
        if e <= 0 {
            if e < -10 { return sign }
            mant |= 0x80_0000
            let shift = UInt32(14 - e)
            var h = mant >> shift
            let rem = mant & ((1 << shift) - 1), half = UInt32(1) << (shift - 1)
            if rem > half || (rem == half && h & 1 == 1) { h += 1 }
            return sign | UInt16(h)
        }
        var h = UInt32(e) << 10 | mant >> 13
        let rem = mant & 0x1FFF
        if rem > 0x1000 || (rem == 0x1000 && h & 1 == 1) { h += 1 }
        return sign | UInt16(truncatingIfNeeded: h)
    }
}

/// The crate's integer coding of a list of 32-bit integers: the differences to the previous value (the first to
/// 0); the most common difference as 4 bytes; 2-bit codes, four a byte from the low bits (0 the common value, 1
/// one byte, 2 two bytes, 3 four bytes); then the differences that are not the common one, little-endian, at the
/// width their code says.
package enum IntegerCoding {
    package static func encode(_ values: [UInt32]) -> [UInt8] {
        guard !values.isEmpty else { return [] }
        var deltas = [Int32](repeating: 0, count: values.count)
        var prev: Int32 = 0
        for (i, v) in values.enumerated() {
            let s = Int32(bitPattern: v)
            deltas[i] = s &- prev
            prev = s
        }
        // The most common difference, the largest on a tie (deterministic whatever the dictionary order).
        var counts: [Int32: Int] = [:]
        for d in deltas { counts[d, default: 0] += 1 }
        var common: Int32 = 0, best = 0
        for (d, n) in counts where n > best || (n == best && d > common) { common = d; best = n }
        var out: [UInt8] = []
        withUnsafeBytes(of: common.littleEndian) { out += $0 }
        let codesAt = out.count
        out += [UInt8](repeating: 0, count: (values.count * 2 + 7) / 8)
        out.reserveCapacity(out.count + values.count * 2)
        for (i, d) in deltas.enumerated() {
            let code: UInt8
            if d == common { code = 0 }
            else if d >= -128 && d <= 127 { code = 1; out.append(UInt8(bitPattern: Int8(d))) }
            else if d >= -32768 && d <= 32767 { code = 2; withUnsafeBytes(of: Int16(d).littleEndian) { out += $0 } }
            else { code = 3; withUnsafeBytes(of: d.littleEndian) { out += $0 } }
            out[codesAt + i / 4] |= code << (2 * (i % 4))
        }
        return out
    }

    package static func decode(_ data: [UInt8], count: Int) -> [UInt32]? {
        guard count > 0 else { return [] }
        let codesBytes = (count * 2 + 7) / 8
        guard data.count >= 4 + codesBytes else { return nil }
        func int(_ at: Int, _ width: Int) -> Int32? {
            guard at + width <= data.count else { return nil }
            var v: UInt32 = 0
            for k in 0..<width { v |= UInt32(data[at + k]) << (8 * k) }
            switch width {
            case 1: return Int32(Int8(bitPattern: UInt8(v)))
            case 2: return Int32(Int16(bitPattern: UInt16(v)))
            default: return Int32(bitPattern: v)
            }
        }
        guard let common = int(0, 4) else { return nil }
        var at = 4 + codesBytes
        var prev: Int32 = 0
        var out: [UInt32] = []
        for i in 0..<count {
            let code = (data[4 + i / 4] >> (2 * (i % 4))) & 3
            let d: Int32
            switch code {
            case 0: d = common
            case 1: guard let v = int(at, 1) else { return nil }; d = v; at += 1
            case 2: guard let v = int(at, 2) else { return nil }; d = v; at += 2
            default: guard let v = int(at, 4) else { return nil }; d = v; at += 4
            }
            prev = prev &+ d
            out.append(UInt32(bitPattern: prev))
        }
        return out
    }
}

/// TfFastCompression's framing with one LZ4 block: a byte 0 (one chunk), then the block (inputs here are far
/// below LZ4's 2 GB chunk limit).
package enum FastCompression {
    package static func compress(_ data: [UInt8]) -> [UInt8] { [0] + LZ4Block.compress(data) }

    package static func decompress(_ data: [UInt8]) -> [UInt8]? {
        guard data.first == 0 else { return nil }
        return LZ4Block.decompress(Array(data.dropFirst()))
    }
}

/// The LZ4 block format: sequences of a token (literal length in the high 4 bits, match length - 4 in the low 4,
/// 15 meaning more bytes of 255 follow), the literals, a 2-byte little-endian offset back and the match length's
/// extra bytes; the last sequence is literals only. The last 5 bytes are literals and no match starts within the
/// last 12. This compressor is greedy with a 4-byte hash (deterministic; ratios near LZ4's fast mode).
package enum LZ4Block {
    package static func compress(_ src: [UInt8]) -> [UInt8] {
        let n = src.count
        var out: [UInt8] = []
        out.reserveCapacity(n / 2 + 16)
        func length(_ v: Int) { var v = v; while v >= 255 { out.append(255); v -= 255 }; out.append(UInt8(v)) }
        func sequence(_ litStart: Int, _ litEnd: Int, match: (offset: Int, length: Int)?) {
            let lit = litEnd - litStart
            let ml = match.map { $0.length - 4 } ?? 0
            out.append(UInt8(min(lit, 15)) << 4 | UInt8(match == nil ? 0 : min(ml, 15)))
            if lit >= 15 { length(lit - 15) }
            if lit > 0 { out += src[litStart..<litEnd] }
            if let match {
                out.append(UInt8(match.offset & 0xFF)); out.append(UInt8(match.offset >> 8))
                if ml >= 15 { length(ml - 15) }
            }
        }
        var anchor = 0
        if n > 12 {
            let hashBits = 14
            var table = [Int](repeating: -1, count: 1 << hashBits)
            func read4(_ i: Int) -> UInt32 {
                UInt32(src[i]) | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2]) << 16 | UInt32(src[i + 3]) << 24
            }
            func hash(_ v: UInt32) -> Int { Int((v &* 2_654_435_761) >> UInt32(32 - hashBits)) }
            let matchLimit = n - 12  // no match starts at or after this
            let endLimit = n - 5     // matches end before the last 5 bytes
            var i = 0
            while i < matchLimit {
                let v = read4(i)
                let h = hash(v)
                let candidate = table[h]
                table[h] = i
                if candidate >= 0, i - candidate <= 65535, read4(candidate) == v {
                    var len = 4
                    while i + len < endLimit, src[candidate + len] == src[i + len] { len += 1 }
                    sequence(anchor, i, match: (i - candidate, len))
                    i += len
                    anchor = i
                    if i - 2 >= 0 && i - 2 < matchLimit { table[hash(read4(i - 2))] = i - 2 }
                } else {
                    i += 1
                }
            }
        }
        sequence(anchor, n, match: nil)
        return out
    }

    package static func decompress(_ src: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 0
        while i < src.count {
            let token = src[i]; i += 1
            var lit = Int(token >> 4)
            if lit == 15 { while true { guard i < src.count else { return nil }; let b = src[i]; i += 1; lit += Int(b); if b != 255 { break } } }
            guard i + lit <= src.count else { return nil }
            out += src[i..<i + lit]; i += lit
            if i == src.count { break }
            guard i + 2 <= src.count else { return nil }
            let offset = Int(src[i]) | Int(src[i + 1]) << 8; i += 2
            var ml = Int(token & 15)
            if ml == 15 { while true { guard i < src.count else { return nil }; let b = src[i]; i += 1; ml += Int(b); if b != 255 { break } } }
            ml += 4
            guard offset > 0, offset <= out.count else { return nil }
            let from = out.count - offset
            for k in 0..<ml { out.append(out[from + k]) }
        }
        return out
    }
}

/// Bytes as a dictionary key, hashed as one block (`[UInt8]`'s own hashing feeds the hasher a byte at a time).
struct ByteBlock: Hashable {
    var bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(bytes.count)
    }
}
