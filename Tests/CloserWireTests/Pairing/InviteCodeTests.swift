// specs/invite-phrase.md §"Invite code".

import CloserWire
import Testing

@Suite("invite code")
struct InviteCodeTests {
    @Test("accepted codes are canonicalized to upper case", arguments: ["abc234", "ABC234", "aBc234"])
    func canonical(text: String) throws {
        #expect(try InviteCode(text).string == "ABC234")
    }

    @Test("the rules' pattern accepts O, I, L, 0 and 1 even though new codes never use them")
    func rulesPattern() throws {
        #expect(try InviteCode("oil01l").string == "OIL01L")
        #expect(InviteCode.isValid("000000"))
    }

    @Test(
        "anything outside ^[a-zA-Z0-9]{6}$ is refused",
        arguments: [
            "", "ABC23", "ABC2345", " ABC234", "ABC234 ", "ABC-34", "ABC_34", "ÄBC234", "ＡBC234", "ABC23\n",
            "ABC\u{0}34", "abc234abc234",
        ])
    func refused(text: String) {
        let error = expectCode(.inviteCodeInvalid) { () throws(CloserError) in try InviteCode(text) }
        #expect(error?.category == .invalidParameters)
        #expect(!InviteCode.isValid(text))
        // The code is a secret while its invite exists: messages never repeat it.
        if text.count > 2 { #expect(error?.reason.contains(text) == false) }
    }

    @Test("generation uses the 31-symbol alphabet, without modulo bias")
    func generation() {
        let alphabet = Set(CloserProfileV1.inviteCodeAlphabet)
        #expect(alphabet.count == 31)
        #expect(alphabet.isDisjoint(with: Set("OIL01")))
        var counts: [Character: Int] = [:]
        let random = SeededRandom(seed: "invite-codes")
        for _ in 0..<2000 {
            let code = InviteCode.generate(random: random)
            #expect(code.string.count == 6)
            #expect(InviteCode.isValid(code.string))
            for c in code.string {
                #expect(alphabet.contains(c))
                counts[c, default: 0] += 1
            }
        }
        #expect(counts.count == 31)
        // 12000 symbols over 31: about 387 each. A modulo-biased draw would favour the
        // first 8 symbols by 1/31 ~ 3%; this only catches gross mistakes.
        #expect(counts.values.allSatisfy { (300...480).contains($0) })
    }

    @Test("bytes >= 248 are rejected, not folded")
    func rejection() {
        // 248...255 would map to the first 8 symbols; they must be skipped.
        let code = InviteCode.generate(random: FixedRandom([248, 255, 0, 1, 2, 3, 30, 249, 31]))
        #expect(code.string == "ABCD9A")
    }

    @Test("description never shows the code")
    func redacted() throws {
        #expect(!"\(try InviteCode("ABC234"))".contains("ABC234"))
    }
}
