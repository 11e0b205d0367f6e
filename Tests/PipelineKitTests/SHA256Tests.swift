import Testing
@testable import PipelineKit

/// SHA-256's two paths: the x86 SHA extensions (``SHA256/hardware``, when this CPU has them) and the portable
/// compression function, on the standard's vectors and on messages of every length across several blocks.
@Suite struct SHA256Tests {
    @Test func oneMillionAs() {
        // FIPS 180-4 / NIST example: one million repetitions of "a".
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(SHA256.hex(message) == expected)
        #expect(SHA256.hexString(SHA256.digestPortable(message)) == expected)
    }

    @Test func bothPathsAgreeOnEveryLength() {
        var s: UInt64 = 42
        let bytes = (0..<1_200).map { _ in s = s &* 6364136223846793005 &+ 1442695040888963407; return UInt8(s >> 56) }
        for n in 0...bytes.count {
            let message = Array(bytes[0..<n])
            var one = SHA256()
            one.update(message)
            #expect(one.finalize() == SHA256.digestPortable(message), "length \(n)")
        }
        // Fed in pieces that split blocks anywhere.
        var pieces = SHA256()
        var at = 0
        for size in [1, 63, 64, 65, 127, 200, 3, 500] where at < bytes.count {
            pieces.update(bytes[at..<min(bytes.count, at + size)])
            at += size
        }
        pieces.update(bytes[min(at, bytes.count)...])
        #expect(pieces.finalize() == SHA256.digestPortable(bytes))
    }
}
