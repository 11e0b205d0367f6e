import Foundation
import Testing
import PoseRenderer
@testable import IconFactory
import AssetCatalog
import ColladaKit
import PipelineKit

/// The icon batch's small parts: hashing, the asset catalog's JSON, shards, the font.
@Suite struct IconPartsTests {
    /// FIPS 180-4 test vectors, and a message crossing block boundaries fed in pieces.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256Vectors(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test func sha256InPieces() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var h = SHA256()
        var i = 0
        var step = 1
        while i < million.count {
            let n = min(step, million.count - i)
            h.update(million[i..<(i + n)])
            i += n
            step = step * 3 % 1000 + 1
        }
        #expect(SHA256.hexString(h.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A dark appearance's image as Xcode writes it: after the any-appearance image of its scale, with its
    /// `appearances` list first (keys sorted).
    @Test func imagesetContentsWithDarkAppearance() throws {
        let json = XCAssets.imagesetContents(files: [.init(filename: "a.png", scale: 1), .init(filename: "a-dark.png", scale: 1, dark: true)])
        let expected = """
            {
              "images" : [
                {
                  "filename" : "a.png",
                  "idiom" : "universal",
                  "scale" : "1x"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "filename" : "a-dark.png",
                  "idiom" : "universal",
                  "scale" : "1x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """
        #expect(json == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((decoded?["images"] as? [[String: Any]])?.count == 2)
    }

    /// Byte for byte what Xcode writes for an imageset with three scales.
    @Test func imagesetContentsAsXcodeWritesThem() throws {
        let json = XCAssets.imagesetContents(files: [.init(filename: "a.png", scale: 1), .init(filename: "a@2x.png", scale: 2),
                                                     .init(filename: "a@3x.png", scale: 3)])
        let expected = """
            {
              "images" : [
                {
                  "filename" : "a.png",
                  "idiom" : "universal",
                  "scale" : "1x"
                },
                {
                  "filename" : "a@2x.png",
                  "idiom" : "universal",
                  "scale" : "2x"
                },
                {
                  "filename" : "a@3x.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """
        #expect(json == expected)
        #expect(try JSONSerialization.jsonObject(with: Data(XCAssets.rootContents.utf8)) is [String: Any])
        #expect(XCAssets.filename("x", scale: 1) == "x.png" && XCAssets.filename("x", scale: 3) == "x@3x.png")
    }

    /// Shards partition the catalog: every index in exactly one shard, for any N.
    @Test func shardsPartition() {
        #expect(Shard(argument: "0/2") == nil && Shard(argument: "3/2") == nil && Shard(argument: "1") == nil && Shard(argument: "a/b") == nil)
        for n in 1...7 {
            let shards = (1...n).compactMap { Shard(argument: "\($0)/\(n)") }
            #expect(shards.count == n)
            for i in 0..<60 { #expect(shards.filter { $0.contains(i) }.count == 1) }
        }
    }

    /// Every label character has a glyph of `lineHeight` rows of 5 bits; text width is 6 px per glyph less one.
    @Test func fontCoversLabels() {
        for c in "abcdefghijklmnopqrstuvwxyz0123456789-. " {
            let g = BitmapFont.glyph(c)
            #expect(g.count == BitmapFont.lineHeight && g.allSatisfy { $0 < 32 }, "\(c)")
        }
        #expect(BitmapFont.width(of: "pushup-01") == 9 * 6 - 1)
        var lit = 0
        BitmapFont.draw("1", x: 0, y: 0) { _, _ in lit += 1 }
        #expect(lit == 10)
    }
}
