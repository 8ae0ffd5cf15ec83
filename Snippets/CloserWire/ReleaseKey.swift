// Release a one-time key to the partner's device: publish the device's `pub:v1:` key,
// wrap the key for it as `keybox:v1:`, unwrap it on that device
// (specs/keybox-v1.md, specs/pub-v1.md).

import CloserWire

let oneTime = try AEADKeyset.generate()

// Bob's device publishes its key at users/{uid}/devices/{id}.publicKey.
let bobDevice = try HybridPrivateKeyset.generate()
let published = PubV1.encode(bobDevice.publicKeyset)

// Alice wraps the one-time key for Bob's device.
let binding = try KeyboxBinding(
    coupleID: "couple-1", questionID: "q_0042", senderUserID: "alice", recipientUserID: "bob")
let box = try KeyboxV1.wrap(oneTime, to: try PubV1.decode(published), binding: binding)

// Bob's device unwraps it.
let released = try KeyboxV1.unwrap(box, privateKeyset: bobDevice, binding: binding)
// snippet.hide
precondition(released == oneTime)
