// A test's citation of a decision id and the side of the pin it exercises.
// Normative: specs/vectors.md §"Test" (`pins`), specs/decisions/README.md §"Coverage".

/// Which side of a pin a test is on: `accept` (at or within the bound, an accepted spelling, the
/// pinned order) or `refuse` (one past the bound, a refused spelling, another order).
package enum PinSide: String, CaseIterable, Sendable {
    case accept, refuse
}

/// One entry of a test's `pins` member: `{"id": "D-WIRE-05", "side": "accept"}`.
package struct VectorPin: Hashable, Sendable {
    package let id: String
    package let side: PinSide

    package init(_ id: String, _ side: PinSide) {
        self.id = id
        self.side = side
    }
}

extension VectorCase {
    /// The same test citing `pins` (written as its `pins` member, after `result`).
    package func citing(_ pins: VectorPin...) -> VectorCase {
        var c = self
        c.pins += pins
        return c
    }
}
