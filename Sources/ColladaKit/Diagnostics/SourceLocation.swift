/// A place in a source file: 1-based line and column (columns count bytes of UTF-8).
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:col`, the form compilers print and editors make clickable.
    public var description: String { "\(path):\(line):\(column)" }
}
