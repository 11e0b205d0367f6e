#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Formats `arguments` with a C `printf` format (`vsnprintf` in the C locale: `.` as the decimal
    /// point, no grouping), the numbers `String(format:)` printed, without Foundation.
    ///
    /// Only C conversions: `%d`, `%ld`, `%x`, `%f`, `%.3f`, `%8.1f`, `%g`, `%e`, `%%`, widths and flags.
    /// There is no `%@`: put strings in with interpolation around the formatted numbers. `%d` reads 32 bits,
    /// as `String(format:)` did; pass `%ld` for an `Int` that may not fit. `Float` arguments are promoted
    /// to `Double`, as in C.
    ///
    /// - Parameters:
    ///   - cFormat: The format, as for `printf`.
    ///   - arguments: One argument per conversion, in order.
    ///
    /// Cost: two `vsnprintf` calls when the text is longer than 255 bytes, else one.
    package init(cFormat: String, _ arguments: any CVarArg...) {
        self = String(cFormat: cFormat, arguments: arguments)
    }

    /// ``init(cFormat:_:)`` with the arguments as an array.
    package init(cFormat: String, arguments: [any CVarArg]) {
        var small = [CChar](repeating: 0, count: 256)
        let count = withVaList(arguments) { vsnprintf(&small, small.count, cFormat, $0) }
        if count < 0 {
            self = ""
        } else if Int(count) < small.count {
            self = String(decoding: small.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } else {
            var big = [CChar](repeating: 0, count: Int(count) + 1)
            _ = withVaList(arguments) { vsnprintf(&big, big.count, cFormat, $0) }
            self = String(decoding: big.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
