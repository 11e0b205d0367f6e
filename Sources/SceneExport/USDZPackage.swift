import ColladaKit

/// A USDZ package: a ZIP archive whose entries are stored (not compressed), each entry's data starting
/// at a multiple of 64 bytes (padding goes into the local header's extra field), the root layer first.
/// No timestamps (the same files give the same bytes).
package enum USDZPackage {
    /// The USDZ of `model`: its one root layer, `<name>.usdc` (the binary crate, ``USDCWriter``), or with `text`
    /// `<name>.usda` (``USDAWriter``; the whole model only: a part is written as a crate).
    package static func root(_ model: ExportModel, name: String, text: Bool = false, part: USDLayer.Part = .whole) -> [UInt8] {
        text && part == .whole ? pack([(name: name + ".usda", bytes: Array(USDAWriter.write(model).utf8))])
            : pack([(name: name + ".usdc", bytes: USDCWriter.write(USDLayer(model, part: part)))])
    }

    /// The archive of `files` (name, bytes), in order; the first must be the root layer.
    package static func pack(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: UInt32, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        for file in files {
            let name = Array(file.name.utf8)
            let crc = ZipArchive.crc32(of: file.bytes)
            let offset = out.count
            // The data follows a 30-byte header, the name and the extra field: pad the extra field
            // (an unknown-id record of zeros, at least 4 bytes) so that the data is 64-byte aligned.
            var extra = (64 - (offset + 30 + name.count) % 64) % 64
            if extra > 0 && extra < 4 { extra += 64 }
            u32(0x0403_4B50, &out)          // local file header
            u16(20, &out)                    // version needed: 2.0
            u16(0, &out)                     // flags
            u16(0, &out)                     // stored
            u16(0, &out); u16(0x21, &out)    // time 00:00:00, date 1980-01-01
            u32(crc, &out)
            u32(UInt32(file.bytes.count), &out); u32(UInt32(file.bytes.count), &out)
            u16(name.count, &out)
            u16(extra, &out)
            out += name
            if extra > 0 {
                u16(0x1986, &out)            // a private extra id, as other USDZ writers pad
                u16(extra - 4, &out)
                out += [UInt8](repeating: 0, count: extra - 4)
            }
            out += file.bytes

            u32(0x0201_4B50, &central)      // central directory header
            u16(20, &central); u16(20, &central)
            u16(0, &central); u16(0, &central)
            u16(0, &central); u16(0x21, &central)
            u32(crc, &central)
            u32(UInt32(file.bytes.count), &central); u32(UInt32(file.bytes.count), &central)
            u16(name.count, &central)
            u16(0, &central); u16(0, &central)  // extra, comment
            u16(0, &central); u16(0, &central)  // disk, internal attributes
            u32(0, &central)                    // external attributes
            u32(UInt32(offset), &central)
            central += name
        }
        let directory = out.count
        out += central
        u32(0x0605_4B50, &out)              // end of central directory
        u16(0, &out); u16(0, &out)
        u16(files.count, &out); u16(files.count, &out)
        u32(UInt32(central.count), &out)
        u32(UInt32(directory), &out)
        u16(0, &out)
        return out
    }
}
