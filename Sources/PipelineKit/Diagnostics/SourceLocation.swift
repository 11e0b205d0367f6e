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

    /// `path:line:col`, the form compilers print and editors make clickable; just `path` when the
    /// problem is the file as a whole (line 0), `path:line` without a column.
    public var description: String {
        line <= 0 ? path : column <= 0 ? "\(path):\(line)" : "\(path):\(line):\(column)"
    }
}
