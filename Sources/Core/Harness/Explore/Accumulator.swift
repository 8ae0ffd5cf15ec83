// `closer-spec accumulate`: the SHA-256 over CloserSpec's outputs for N inputs drawn from SHAKE128
// (C2SP CCTV's accumulated vectors), so a port checks a million cases against one digest with no
// harness. Case i reads X = SHAKE128("closer-spec accumulate v1 <recipe> <seed> <i>") of the
// recipe's length and answers one line; the digest is SHA-256 over every line, each ending in LF.
// Normative: specs/explore.md §"Accumulated mode" (the recipes, byte for byte).

import CloserWire
import Crypto
import Foundation

package enum AccumulateRecipe: String, CaseIterable, Sendable {
    case b64Encode = "b64.encode"
    case b64urlEncode = "b64url.encode"
    case b64urlDecode = "b64url.decode"
    case canonicalizeNumber = "canonicalize.number"
    case encSeal = "enc.seal"

    /// Bytes of X per case.
    var streamLength: Int {
        switch self {
        case .b64Encode, .b64urlEncode: 256
        case .b64urlDecode: 65
        case .canonicalizeNumber: 8
        case .encSeal: 53 + 3 * 255
        }
    }

    static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The case's input stream X.
    package func stream(seed: UInt64, index: Int) -> [UInt8] {
        #if canImport(COpenSSL)
            Shake128.hash(Array("closer-spec accumulate v1 \(rawValue) \(seed) \(index)".utf8), length: streamLength)
        #else
            preconditionFailure("accumulate needs OpenSSL's SHAKE128 (Linux, macOS)")
        #endif
    }

    /// The harness request X stands for (op and members), per specs/explore.md.
    package func request(_ x: [UInt8]) -> (String, [String: JSONValue]) {
        switch self {
        case .b64Encode, .b64urlEncode:
            let n = Int(x[0])
            return (
                HarnessOpSpec.encodingEncode.name,
                ["profile": .string(self == .b64Encode ? "b64" : "b64url"), "bytes": .hex(x[1..<(1 + n)])]
            )
        case .b64urlDecode:
            let n = Int(x[0] % 64)
            let text = String(decoding: x[1..<(1 + n)].map { Self.urlAlphabet[Int($0 % 64)] }, as: UTF8.self)
            return (HarnessOpSpec.encodingDecode.name, ["profile": .string("b64url"), "text": .string(text)])
        case .canonicalizeNumber:
            let bits = x.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let d = Double(bitPattern: bits)
            return ("canonicalize", ["json": .string(d.isFinite ? "\(d)" : "null")])
        case .encSeal:
            let keyset = TinkKeysetRecipe.tinkAESGCM(key: Array(x[0..<32]), keyID: Self.keyID(x[32..<36]))
            let n = Int(x[52])
            var text = String.UnicodeScalarView()
            for j in 0..<n {
                let b = x[(53 + 3 * j)..<(56 + 3 * j)]
                var v =
                    (UInt32(b[b.startIndex]) << 16 | UInt32(b[b.startIndex + 1]) << 8 | UInt32(b[b.startIndex + 2]))
                    % 0x11_0000
                if (0xd800...0xdfff).contains(v) { v -= 0x800 }
                text.append(Unicode.Scalar(v)!)
            }
            return (
                HarnessOpSpec.encSeal.name,
                [
                    "keyset": .hex(keyset), "iv": .hex(x[36..<48]), "text": .string(String(text)),
                    "coupleId": .string("c" + Hex.encode(x[48..<52])),
                ]
            )
        }
    }

    /// A key id from 4 bytes, big-endian; 0 becomes 1.
    static func keyID(_ b: ArraySlice<UInt8>) -> UInt32 {
        let v = b.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return v == 0 ? 1 : v
    }

    /// The line a case answers: the output member's text (hex fields as hex), or `!<category>`.
    package static func line(_ response: JSONValue, member: String) -> String {
        guard response["ok"] == .bool(true) else { return "!" + (response["error"]?["code"]?.stringValue ?? "?") }
        return response[member]?.stringValue ?? "?"
    }

    var member: String {
        switch self {
        case .b64Encode, .b64urlEncode: "text"
        case .b64urlDecode: "bytes"
        case .canonicalizeNumber: "canonical"
        case .encSeal: "value"
        }
    }
}

package enum Accumulator {
    /// SHA-256 over the lines of cases 0..<count, hex.
    package static func digest(
        _ recipe: AccumulateRecipe, seed: UInt64, count: Int, reference: ExploreReference = ExploreReference()
    )
        -> String
    {
        var hash = SHA256()
        for i in 0..<count {
            let (op, input) = recipe.request(recipe.stream(seed: seed, index: i))
            let line = AccumulateRecipe.line(reference.response(op, input), member: recipe.member)
            hash.update(data: Array(line.utf8) + [0x0a])
        }
        return Hex.encode(Array(hash.finalize()))
    }
}

/// The one-key TINK AES-GCM keyset the enc.seal recipe uses.
enum TinkKeysetRecipe {
    static func tinkAESGCM(key: [UInt8], keyID: UInt32) -> [UInt8] {
        let value = (try? TinkAESGCMKey(keyValue: key))?.serializedBytes ?? []
        return TinkKeyset(
            primaryKeyID: keyID,
            keys: [
                TinkKeyset.Key(
                    keyData: .init(typeURL: TinkAESGCMKey.typeURL, value: value, keyMaterialType: .symmetric),
                    status: .enabled, keyID: keyID, outputPrefixType: .tink)
            ]
        ).serializedBytes
    }
}
