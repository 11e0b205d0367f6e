import ColladaKit
import CZlib

/// A small grey-level image drawn by orthographic projection from the rig camera's side (+X looking
/// along -X: screen right is +Y, up is +Z), flat-shaded with a depth buffer. Used to look at the
/// authored poses before the real renderer exists (`docs/progressions.png`).
struct SilhouetteSheet {
    let width: Int
    let height: Int
    var pixels: [UInt8]
    private var depth: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = Array(repeating: 255, count: width * height)
        depth = Array(repeating: -.infinity, count: width * height)
    }

    /// Draws triangles `tris` of `positions` into the cell at (`x0`, `y0`) of size `size` pixels, mapping
    /// world `(y, z)` through `scale` pixels per metre around `centre`. `tone` scales the shade.
    mutating func draw(_ positions: [SIMD3<Float>], _ tris: [UInt32], cell x0: Int, _ y0: Int, size: Int,
                       centre: SIMD2<Float>, scale: Float, tone: Float) {
        let light = simdNormalize(SIMD3<Float>(0.6, -0.3, 0.75))
        func project(_ p: SIMD3<Float>) -> SIMD3<Float> {
            SIMD3(Float(x0) + Float(size) / 2 + (p.y - centre.x) * scale,
                  Float(y0) + Float(size) / 2 - (p.z - centre.y) * scale, p.x)
        }
        for t in stride(from: 0, to: tris.count - 2, by: 3) {
            let pa = positions[Int(tris[t])], pb = positions[Int(tris[t + 1])], pc = positions[Int(tris[t + 2])]
            let n = simdCross(pb - pa, pc - pa)
            let len = simdLength(n)
            guard len > 0 else { continue }
            let shade = tone * (0.3 + 0.7 * max(0, simdDot(n / len, light)))
            let a = project(pa), b = project(pb), c = project(pc)
            let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
            guard abs(area) > 1e-9 else { continue }
            let minX = max(x0, Int(min(a.x, b.x, c.x).rounded(.down))), maxX = min(x0 + size - 1, Int(max(a.x, b.x, c.x).rounded(.up)))
            let minY = max(y0, Int(min(a.y, b.y, c.y).rounded(.down))), maxY = min(y0 + size - 1, Int(max(a.y, b.y, c.y).rounded(.up)))
            guard minX <= maxX && minY <= maxY else { continue }
            let g = UInt8(max(0, min(255, shade * 235)))
            for y in minY...maxY {
                let py = Float(y) + 0.5
                for x in minX...maxX {
                    let px = Float(x) + 0.5
                    let w0 = ((b.x - px) * (c.y - py) - (b.y - py) * (c.x - px)) / area
                    let w1 = ((c.x - px) * (a.y - py) - (c.y - py) * (a.x - px)) / area
                    let w2 = 1 - w0 - w1
                    if w0 < 0 || w1 < 0 || w2 < 0 { continue }
                    let d = w0 * a.z + w1 * b.z + w2 * c.z
                    let i = y * width + x
                    if d > depth[i] { depth[i] = d; pixels[i] = g }
                }
            }
        }
    }

    /// A horizontal line (the floor) across a cell.
    mutating func floorLine(cell x0: Int, _ y0: Int, size: Int, centre: SIMD2<Float>, scale: Float) {
        let y = Int((Float(y0) + Float(size) / 2 + centre.y * scale).rounded())
        guard y >= y0 && y < y0 + size else { return }
        for x in x0..<(x0 + size) where pixels[y * width + x] == 255 { pixels[y * width + x] = 160 }
    }

    /// A 3x5 pixel-font label (digits and `-`, letters drawn as blocks) at the cell's top-left.
    mutating func label(_ text: String, x: Int, y: Int) {
        let glyphs: [Character: [UInt8]] = [
            "0": [7, 5, 5, 5, 7], "1": [2, 6, 2, 2, 7], "2": [7, 1, 7, 4, 7], "3": [7, 1, 7, 1, 7], "4": [5, 5, 7, 1, 1],
            "5": [7, 4, 7, 1, 7], "6": [7, 4, 7, 5, 7], "7": [7, 1, 1, 1, 1], "8": [7, 5, 7, 5, 7], "9": [7, 5, 7, 1, 7],
            "-": [0, 0, 7, 0, 0],
        ]
        var cx = x
        for ch in text {
            let rows = glyphs[ch] ?? [7, 7, 7, 7, 7]
            for (r, bits) in rows.enumerated() {
                for c in 0..<3 where bits & (4 >> UInt8(c)) != 0 {
                    for dy in 0..<2 { for dx in 0..<2 {
                        let px = cx + c * 2 + dx, py = y + r * 2 + dy
                        if px >= 0 && px < width && py >= 0 && py < height { pixels[py * width + px] = 0 }
                    } }
                }
            }
            cx += 8
        }
    }

    /// An 8-bit greyscale PNG, deflated with zlib (stored blocks if zlib fails).
    var pngData: [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width + 1) * height)
        for y in 0..<height {
            raw.append(0)
            raw.append(contentsOf: pixels[(y * width)..<((y + 1) * width)])
        }
        var bound = compressBound(uLong(raw.count))
        var packed = [UInt8](repeating: 0, count: Int(bound))
        let status = packed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { src in compress2(out.baseAddress, &bound, src.baseAddress, uLong(raw.count), 9) }
        }
        if status == Z_OK {
            var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0])
            png += chunk("IDAT", Array(packed.prefix(Int(bound))))
            png += chunk("IEND", [])
            return png
        }
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            let final: UInt8 = i + n >= raw.count ? 1 : 0
            z += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        z += be32((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0])
        png += chunk("IDAT", z)
        png += chunk("IEND", [])
        return png
    }

    private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return be32(UInt32(data.count)) + body + be32(~crc)
    }
}
