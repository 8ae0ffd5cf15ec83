// Canonicalize JSON text and commit to the canonical bytes
// (specs/canonical-json.md, specs/commitment.md).

import CloserWire

let bytes = try CanonicalJSON.canonicalize(Array(#"{"b":1,"a":[1e21,-0]}"#.utf8))  // {"a":[1e+21,0],"b":1}
let commitment = Commitment(canonicalBytes: bytes).string  // sha256:…
// snippet.hide
precondition(String(decoding: bytes, as: UTF8.self) == #"{"a":[1e+21,0],"b":1}"#)
precondition(commitment.hasPrefix("sha256:"))
