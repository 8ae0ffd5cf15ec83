// Seal an answer under a one-time key, publish its commitment, and reveal it later
// (specs/sealed-v1.md, specs/commitment.md).

import CloserWire

let oneTime = try AEADKeyset.generate()
let binding = try SealedBinding(coupleID: "couple-1", questionID: "q_0042", userID: "alice")
let payload = try SealedPayload(
    .object([
        "coupleId": .string("couple-1"), "questionId": .string("q_0042"), "userId": .string("alice"),
        "nonce": .string(SealedPayload.makeNonce()), "text": .string("my answer"),
    ]))

// The `sealed:v1:` value and its `sha256:` commitment.
let answer = try SealedV1.seal(payload, binding: binding, keyset: oneTime)

let revealed = try SealedV1.open(
    answer.value, commitment: answer.commitment, binding: binding, keyset: oneTime)
let text = revealed.json["text"]?.stringValue  // the ids are revealed.coupleID, .questionID, .userID
// snippet.hide
precondition(answer.commitment.string.hasPrefix("sha256:"))
precondition(revealed == payload && text == "my answer")
