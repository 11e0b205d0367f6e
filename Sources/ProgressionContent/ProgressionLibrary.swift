/// The 60 progressions: movement definitions (one file per exercise type) and the catalog data
/// (names and standards, as `../shared/PROGRESSIONS.md` gives them).
package enum ProgressionLibrary {
    package static var all: [ProgressionDefinition] { pushups + squats + pullups + legRaises + bridges + handstands }
}
