// Seal a field with the couple key as an `enc:v1:` string and open it again
// (specs/enc-v1.md).

import CloserWire

let couple = try AEADKeyset.generate()
let value = try EncV1.seal("I love you", coupleID: "couple-1", keyset: couple)
let text = try EncV1.open(value, coupleID: "couple-1", keyset: couple)

// The parts of the string: kind, body, frame (key id, IV, ciphertext, tag).
let parsed = try WireString(parsing: value)

// Persist the keyset's bytes; `AEADKeyset(serializedBytes:)` reads them back.
let stored = couple.serializedBytes
let restored = try AEADKeyset(serializedBytes: stored)
// snippet.hide
precondition(text == "I love you")
precondition(parsed.kind == .enc && parsed.frame?.iv.count == 12)
precondition(restored == couple)
