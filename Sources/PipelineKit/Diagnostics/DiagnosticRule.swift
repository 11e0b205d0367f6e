/// A kind of problem a diagnostic reports: a stable id (printed as `[id]`), the severity it is
/// reported with, the stage that finds it, and one line saying what it means.
///
/// The reader's rules are declared once, in `DiagnosticRule+Reader.swift` (``readerRules``), and
/// every diagnostic the reader makes names one of them.
public struct DiagnosticRule: Sendable, Hashable {
    /// Where a rule is checked: the reader's stages, and others that libraries add (such as an
    /// asset catalog's).
    public struct Stage: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Reading the file (missing, unreadable, a broken `.zae`).
        public static let file = Stage(rawValue: "file")
        /// libxml2's parse and the reader's limits on it.
        public static let xml = Stage(rawValue: "xml")
        /// The COLLADA vocabulary: arrays, accessors, inputs, primitives, transforms.
        public static let document = Stage(rawValue: "document")
        /// Resolving references into a scene: meshes, skins, nodes, animations.
        public static let scene = Stage(rawValue: "scene")
        /// Applying an animation-only rig to a base model.
        public static let rig = Stage(rawValue: "rig")
    }

    public let id: String
    /// The severity it is reported with (a few rules say in their summary when they are only a warning).
    public let severity: Diagnostic.Severity
    public let stage: Stage
    /// One line saying what the rule finds.
    public let summary: String

    public init(_ id: String, _ severity: Diagnostic.Severity, _ stage: Stage, _ summary: String) {
        self.id = id
        self.severity = severity
        self.stage = stage
        self.summary = summary
    }
}

extension Diagnostic {
    /// A diagnostic of `rule` with its own severity, or `severity` where the rule allows a milder one.
    public init(_ rule: DiagnosticRule, _ message: String, at location: SourceLocation, notes: [String] = [],
                severity: Severity? = nil) {
        self.init(severity ?? rule.severity, rule.id, message, at: location, notes: notes)
    }
}

extension DiagnosticBag {
    /// Appends an error of `rule`.
    public mutating func error(_ rule: DiagnosticRule, _ message: String, at location: SourceLocation, notes: [String] = []) {
        append(Diagnostic(rule, message, at: location, notes: notes, severity: .error))
    }

    /// Appends a warning of `rule`.
    public mutating func warning(_ rule: DiagnosticRule, _ message: String, at location: SourceLocation, notes: [String] = []) {
        append(Diagnostic(rule, message, at: location, notes: notes, severity: .warning))
    }
}
