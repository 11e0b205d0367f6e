/// The tool's one version, and what each batch writes into its records and files: defined once, so
/// `assettool --version`, the GLB `generator`, the icon manifest's `tool` and the batch records agree.
///
/// A batch's own revision (what it makes changed, so every record it wrote is stale) stays with the batch
/// (``name(revision:)``); the release number lives only here.
public enum ToolVersion {
    /// The release: `assettool --version`.
    public static let release = "0.3.0"

    /// `assettool 0.3.0`: the GLB `generator` of `convert`, the prefix of every batch's tool string.
    public static let name = "assettool \(release)"

    /// `assettool 0.3.0 (REVISION)`: a batch's tool string, the release and what its outputs are made by. It is
    /// hashed into every record the batch writes, so a new revision remakes everything.
    public static func name(revision: String) -> String { "\(name) (\(revision))" }
}
