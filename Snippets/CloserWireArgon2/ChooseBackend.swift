// Every backend derives the same bytes: take the default, or pick one by name
// (specs/argon2id.md).

import CloserWire
import CloserWireArgon2

let parameters = try Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 1, outputLength: 32)
let password = Array("correct horse".utf8)
let salt = [UInt8](repeating: 7, count: 16)

let key = try defaultArgon2idBackend.deriveKey(password: password, salt: salt, parameters: parameters)
for name in Argon2idBackends.names {  // default, libargon2, libsodium, swift on Linux and macOS
    let backend = Argon2idBackends.named(name)!
    let same = try backend.deriveKey(password: password, salt: salt, parameters: parameters) == key
    print(backend.name, same)  // true for every backend
    // snippet.hide
    precondition(same)
    // snippet.show
}
