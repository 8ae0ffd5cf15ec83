// fitlink_documents, appended group: pins exercised at their bounds, each test citing the decision
// it decides and its side (specs/vectors.md §Test `pins`; specs/decisions/bounds.json).

import CloserHarness
import CloserVectorModel
import CloserWire
import FitLink

extension FitLinkDocumentsSuite {
    /// A user_key's `device_id` is 1–128 characters (D-FITLINK-17): 1, 127 and 128 accepted (the
    /// refused 0 and 129 are in FitLinkUserKey).
    static func boundCases() throws(CloserError) -> [VectorCase] {
        let key = FitLinkChat.encodePublicKey(Array(repeating: 9, count: 32))
        func device(_ c: String, _ id: String) throws(CloserError) -> VectorCase {
            try doc(c, [valid], "user_key", #"{"user_id":"alice","public_key":"\#(key)","device_id":"\#(id)"}"#)
                .citing(VectorPin("D-FITLINK-17", .accept))
        }
        return [
            try device("device_id of 1 character (the lower bound)", "d"),
            try device("device_id of 127 characters (one before the bound)", String(repeating: "d", count: 127)),
            try device("device_id of 128 characters (the upper bound)", String(repeating: "d", count: 128)),
        ] + (try payloadBoundCases())
    }

    /// Appended in 1.3.0: payload strings are 1–2048 characters and `voice_duration` 0…86 400 s
    /// (D-FITLINK-21) at their lower bounds (2048, 2049, 0 characters, 86 400, 86 401 and −1 s are in
    /// FitLinkMessage).
    static func payloadBoundCases() throws(CloserError) -> [VectorCase] {
        [
            try doc(
                "image_url of 1 character (the lower bound)", [valid], "friend_message",
                msg("image", #","payload":{"image_url":"u"}"#)),
            try doc(
                "voice_duration of 0 s (the lower bound)", [valid], "friend_message",
                msg("voice", #","payload":{"voice_url":"u","voice_duration":0}"#)),
        ].map { $0.citing(VectorPin("D-FITLINK-21", .accept)) }
    }
}
