// A flag on a test, explained once in its file's `notes`. Normative: specs/vectors.md §"File".

/// A named property of tests, with the bug a failing port has.
package struct VectorFlag: Hashable, Sendable {
    package let name: String
    package let bugType: BugType
    /// The layer a port that fails such a test gets wrong.
    package let layer: VectorLayer
    package let description: String

    package init(_ name: String, _ bugType: BugType, _ layer: VectorLayer, _ description: String) {
        self.name = name
        self.bugType = bugType
        self.layer = layer
        self.description = description
    }
}
