// Where the vectors exercise a decision: one test, the side of the pin it is on, and how the test
// cites it. Normative: specs/decisions/README.md §"Coverage".

import CloserVectorModel

/// One test exercising one pin.
package struct PinExercise: Hashable, Sendable, Comparable {
    /// The vector file, relative to the vectors directory (`encodings.json`, `profiles/fitlink/fitlink_chat.json`).
    package let file: String
    package let tcID: Int
    package let side: PinSide
    /// How the test cites the pin: `pins` (its own member), `flag F` (a flag whose `notes`
    /// description cites the id), or `coverage.json`.
    package let via: String

    package init(file: String, tcID: Int, side: PinSide, via: String) {
        self.file = file
        self.tcID = tcID
        self.side = side
        self.via = via
    }

    package static func < (a: PinExercise, b: PinExercise) -> Bool {
        (a.file, a.tcID, a.side.rawValue, a.via) < (b.file, b.tcID, b.side.rawValue, b.via)
    }

    /// `encodings.json#12 refuse (flag WrongAlphabet)`.
    package var label: String { "\(file)#\(tcID) \(side.rawValue) (\(via))" }
}

/// What the coverage scan needs of one test.
package struct CoverageTest: Sendable {
    package let file: String
    package let tcID: Int
    package let flags: [String]
    /// `valid`, `invalid` or `acceptable`.
    package let result: String
    /// A rules test's `expected.allow` (nil for a wire test).
    package let allow: Bool?
    package let pins: [VectorPin]

    /// The side a flag citation puts the test on: a rules decision by `allow`, a wire test by its
    /// result (`invalid` refuses; `valid` and `acceptable` accept).
    package var impliedSide: PinSide {
        if let allow { return allow ? .accept : .refuse }
        return result == "invalid" ? .refuse : .accept
    }

    /// Whether the test's outcome can be on `side`: a rules decision on the side of its `allow`; an
    /// error test never on the accept side. A `valid` test may be on the refuse side: several ops
    /// answer a refusal as output (a webhook's 405, `{allowed: false}`, quiet hours' fail-open).
    package func admits(_ side: PinSide) -> Bool {
        if let allow { return allow == (side == .accept) }
        return side == .refuse || result != "invalid"
    }
}
