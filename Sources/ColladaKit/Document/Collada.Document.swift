import PipelineKit
extension Collada {
    /// A whole COLLADA document in COLLADA's own terms (see ``Collada``).
    public struct Document: Sendable {
        public var path: String
        /// The `version` attribute: "1.4.0", "1.4.1" or "1.5.0".
        public var version: String
        public var asset: Asset
        public var sources: [Source] = []
        /// `#id` (without `#`) to index in ``sources``.
        public var sourceIndex: [String: Int] = [:]
        public var geometries: [Geometry] = []
        public var controllers: [Controller] = []
        public var animations: [Animation] = []
        public var clips: [AnimationClip] = []
        public var visualScenes: [VisualScene] = []
        /// `<library_nodes>` nodes, instantiated by `<instance_node>`.
        public var libraryNodes: [Node] = []
        public var cameras: [Camera] = []
        public var lights: [Light] = []
        public var effects: [Effect] = []
        public var materials: [Material] = []
        public var images: [Image] = []
        /// The `<scene>`'s `instance_visual_scene` url, if any.
        public var sceneURL: String?
        public var sceneLocation: SourceLocation?
        /// Warnings and errors found while reading.
        public var diagnostics = DiagnosticBag()
        public var rootLocation: SourceLocation

        /// Reads the COLLADA vocabulary out of a parsed XML document. Problems are collected in
        /// ``diagnostics``; the caller decides whether errors are fatal.
        public init(_ xml: XMLDocument) {
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
