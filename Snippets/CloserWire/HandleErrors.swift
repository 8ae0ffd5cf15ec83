// Every failure is a `CloserError` with a stable code and a category (specs/errors.md).

import CloserWire

let couple = try AEADKeyset.generate()
let value = "enc:v1:AQ-_"  // not standard base64
do {
    _ = try EncV1.open(value, coupleID: "couple-1", keyset: couple)
} catch {
    print(error.code, error.category.rawValue)  // b64.wrong_alphabet decode_error
    // snippet.hide
    precondition(error == CloserError(.b64WrongAlphabet, ""))
    // snippet.show
}
