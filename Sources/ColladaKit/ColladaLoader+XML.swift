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
    ///   - numbers: how number arrays are read (the result is the same either way).
    /// - Throws: ``LoadError`` (`.invalid`) for a malformed archive or XML.
    public static func xmlDocument(bytes: [UInt8], path: String, numbers: NumberReading = .automatic) throws -> XMLDocument {
        let (xml, name) = try documentBytes(bytes, path: path)
        return try parseXML(xml, path: name, numbers: numbers)
    }
}
