/// One problem found in an input file, with where it is and a stable identifier.
///
/// Printed as `path:line:col: error: message [id]`; `notes` follow on their own lines.
public struct Diagnostic: Sendable, Hashable, Codable, Error, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, Comparable {
        case note, warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
    }

    public var severity: Severity
    /// A stable rule identifier such as `xml-malformed` or `accessor-out-of-range`.
    public var id: String
    public var message: String
    public var location: SourceLocation
    public var notes: [String]

    /// Only through a rule (``init(_:_:at:notes:severity:)``): an id is never a string written at the call site.
    init(_ severity: Severity, _ id: String, _ message: String, at location: SourceLocation, notes: [String] = []) {
        self.severity = severity
        self.id = id
        self.message = message
        self.location = location
        self.notes = notes
    }

    public var description: String {
        var s = "\(location): \(severity.rawValue): \(message) [\(id)]"
        for n in notes { s += "\n\(location): note: \(n)" }
        return s
    }
}

/// Collects diagnostics in the order they are found.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// At most this many are kept, so a file with a million bad numbers cannot exhaust memory.
    public var limit = 1000
    /// Places at the end of the list that only errors may take.
    static let reservedForErrors = 10
    public private(set) var dropped = 0
    /// Errors among the dropped: a full bag still knows the file has errors.
    public private(set) var droppedErrors = 0

    public init() {}

    /// Errors appended, kept or dropped.
    public private(set) var errorCount = 0

    public var hasErrors: Bool { errorCount > 0 }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public mutating func append(_ d: Diagnostic) {
        if d.severity == .error { errorCount += 1 }
        // The last few places are kept for errors, so a flood of warnings cannot hide them.
        if diagnostics.count < (d.severity == .error ? limit : limit - Self.reservedForErrors) {
            diagnostics.append(d)
        } else {
            dropped += 1
            if d.severity == .error { droppedErrors += 1 }
        }
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        for d in other { append(d) }
    }
}

/// A file could not be loaded. Carries every error found (and the warnings before them).
public struct LoadError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case unreadable, invalid }
    public var kind: Kind
    public var diagnostics: [Diagnostic]

    public init(kind: Kind, diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
    }
}
