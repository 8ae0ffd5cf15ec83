// Pair a couple: wrap the couple key with the recovery phrase, and send the phrase to
// the partner encrypted under the invite code
// (specs/couple-key-wrap.md, specs/recovery-phrase.md, specs/invite-phrase.md).

import CloserWire
import CloserWireArgon2

let couple = try CoupleKeyWrap.newCoupleKeyset()
let phrase = RecoveryPhrase.generate()  // phrase.string is shown to the user once
let wrapped = try CoupleKeyWrap.wrap(keyset: couple, phrase: phrase, backend: defaultArgon2idBackend)
let code = InviteCode.generate()
let invite = try InvitePhraseCipher.encrypt(phrase: phrase, code: code, backend: defaultArgon2idBackend)

// The partner types the invite code (case does not matter) and receives the phrase.
let typedCode = try InviteCode(code.string.lowercased())
let received = try InvitePhraseCipher.decrypt(invite, code: typedCode, backend: defaultArgon2idBackend)
let typed = try RecoveryPhrase(normalizing: received)
let sameCouple = try CoupleKeyWrap.unwrap(wrapped, phrase: typed, backend: defaultArgon2idBackend)
// snippet.hide
precondition(sameCouple == couple)
