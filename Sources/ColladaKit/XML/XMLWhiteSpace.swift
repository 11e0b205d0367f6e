/// XML white space (XML 1.0 production `S`): space, tab, line feed, carriage return. The one
/// definition the reader, the number parser and the tools split text with.
///
/// - Parameter c: a UTF-8 code unit.
@inlinable @inline(__always)
package func isXMLWhiteSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
