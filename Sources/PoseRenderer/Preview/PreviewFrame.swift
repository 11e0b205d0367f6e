/// One preview picture as terminal text: `rows` lines, each ending in `\n`, at most `columns` cells wide.
public struct PreviewFrame: Sendable {
    public var columns: Int
    public var rows: Int
    /// UTF-8 text, escape sequences included when colour was asked for.
    public var text: TextBuffer

    /// The text as a `String`.
    public var string: String { text.string }
}
