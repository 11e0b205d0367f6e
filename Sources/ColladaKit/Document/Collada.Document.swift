import PipelineKit
extension Collada {
    /// A whole COLLADA document in COLLADA's own terms (see ``Collada``).
    package struct Document: Sendable {
        package var path: String
        /// The `version` attribute: "1.4.0", "1.4.1" or "1.5.0".
        package var version: String
        package var asset: Asset
        package var sources: [Source] = []
        /// `#id` (without `#`) to index in ``sources``.
        package var sourceIndex: [String: Int] = [:]
        package var geometries: [Geometry] = []
        package var controllers: [Controller] = []
        package var animations: [Animation] = []
        package var clips: [AnimationClip] = []
        package var visualScenes: [VisualScene] = []
        /// `<library_nodes>` nodes, instantiated by `<instance_node>`.
        package var libraryNodes: [Node] = []
        package var cameras: [Camera] = []
        package var lights: [Light] = []
        package var effects: [Effect] = []
        package var materials: [Material] = []
        package var images: [Image] = []
        /// The `<scene>`'s `instance_visual_scene` url, if any.
        package var sceneURL: String?
        package var sceneLocation: SourceLocation?
        /// Warnings and errors found while reading.
        package var diagnostics = DiagnosticBag()
        package var rootLocation: SourceLocation

        /// Reads the COLLADA vocabulary out of a parsed XML document. Problems are collected in
        /// ``diagnostics``; the caller decides whether errors are fatal.
        package init(_ xml: XMLDocument) {
            var reader = DocumentReader(path: xml.path)
            self = reader.read(xml)
        }

        init(path: String, version: String, asset: Asset, rootLocation: SourceLocation) {
            self.path = path
            self.version = version
            self.asset = asset
            self.rootLocation = rootLocation
        }
    }
}

/// Strips the leading `#` of a URI fragment reference; `nil` for external references.
@inline(__always)
func fragment(_ url: String) -> String? {
    guard url.first == "#" else { return nil }
    return String(url.dropFirst())
}
