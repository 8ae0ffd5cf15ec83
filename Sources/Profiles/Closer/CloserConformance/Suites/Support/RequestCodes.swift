// The harness's own refusal, for suites whose hostile tests are malformed requests (an unknown
// profile, primitive or prefix, a key id out of range). The code is declared and registered by
// CloserHarness (`harness.malformed_request`, specs/harness.md); this is the same value.

import CloserVectorModel
import CloserWire

package enum RequestCodes {
    package static let malformedRequest = CloserError.Code("harness.malformed_request", .malformedRequest)
}
