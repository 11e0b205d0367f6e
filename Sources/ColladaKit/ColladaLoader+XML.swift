/// Raw XML access for tools that need element-level locations (such as `assettool validate`).
extension ColladaLoader {
    /// Parses `bytes` (a `.dae`, or the root document of a `.zae` archive) to the XML stage only.
    ///
    /// Use with ``Collada/Document/init(_:)`` and ``SceneResolver/resolve(_:options:)`` to keep the
    /// XML tree alongside the document, e.g. to point a diagnostic at one value of an array.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: the name used in diagnostics (`archive.zae/member.dae` for an archive's document).
    /// - Throws: ``LoadError`` (`.invalid`) for a malformed archive or XML.
    public static func xmlDocument(bytes: [UInt8], path: String) throws -> XMLDocument {
        var bytes = bytes
        var path = path
        if bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 3 && bytes[3] == 4 {
            (bytes, path) = try unpackZAE(bytes, path: path)
        }
        return try parseXML(bytes, path: path)
    }
}
