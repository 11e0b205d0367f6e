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

    public init(_ severity: Severity, _ id: String, _ message: String, at location: SourceLocation, notes: [String] = []) {
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
    public private(set) var dropped = 0

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public mutating func append(_ d: Diagnostic) {
        if diagnostics.count < limit { diagnostics.append(d) } else { dropped += 1 }
    }

    public mutating func error(_ id: String, _ message: String, at location: SourceLocation, notes: [String] = []) {
        append(Diagnostic(.error, id, message, at: location, notes: notes))
    }

    public mutating func warning(_ id: String, _ message: String, at location: SourceLocation, notes: [String] = []) {
        append(Diagnostic(.warning, id, message, at: location, notes: notes))
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
