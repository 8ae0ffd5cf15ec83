// specs/rules-gaps.md: every gap's example behaves as its row says, and every proposed
// regex refuses its example while accepting real values made by CloserWire.

import CloserRules
import CloserWire
import Foundation
import Testing

@testable import CloserConformance
@testable import CloserVectorModel

@Suite struct RulesGapTests {
    @Test func everyExampleBehavesAsItsRowSays() throws {
        let gaps = try RulesGaps.catalogue()
        #expect(gaps.count >= 14)
        for g in gaps {
            let pattern = RulesGaps.pattern(for: g.helper)
            switch g.direction {
            case .rulesAcceptWireRejects:
                #expect(pattern?.matches(g.example) == true, "\(g.id): the rules must accept \(g.example)")
                if g.id.hasPrefix("control.") {
                    #expect(g.wire == "accepted", "\(g.id)")
                } else {
                    #expect(g.wire != "accepted", "\(g.id): CloserWire must reject \(g.example)")
                }
            case .wireAcceptsRulesReject:
                #expect(pattern?.matches(g.example) == false, "\(g.id)")
                #expect(g.wire == "accepted", "\(g.id)")
            case .unchecked:
                #expect(pattern == nil && g.wire != "accepted", "\(g.id)")
            }
        }
    }

    @Test func proposedRegexesRefuseTheExampleAndAcceptRealValues() throws {
        let f = try RulesVectorFixtures()
        let random = SeededRandom(seed: "rules-gap-proposals")
        // Real values of each kind, of many lengths and key ids.
        var realEnc = [
            f.encAnswerAlice, f.encAnswerBob, f.encLove, f.encPreview, f.encMessage, f.encPlanTitle, f.encGameAlice,
        ]
        var realSealed = [f.sealedAlice.value, f.sealedAliceResealed.value, f.sealedThreadAlice.value]
        var realCommitments = [f.sealedAlice.commitment.string, f.sealedThreadAlice.commitment.string]
        for n in 0..<120 {
            let keyset = try AEADKeyset.generate(random: random)
            realEnc.append(
                try EncV1.seal(String(repeating: "x", count: n), coupleID: "c", keyset: keyset, random: random))
            let payload = try SealedPayload(
                .object([
                    "coupleId": .string("c"), "questionId": .string("q"), "userId": .string("u"),
                    "nonce": .string(SealedPayload.makeNonce(random: random)),
                    "answer": .string(String(repeating: "y", count: n % 40)),
                ]))
            let sealed = try SealedV1.seal(
                payload, binding: try SealedBinding(coupleID: "c", questionID: "q", userID: "u"), keyset: keyset,
                random: random)
            realSealed.append(sealed.value)
            realCommitments.append(sealed.commitment.string)
        }
        var realKeyboxes = [f.keyboxAliceToBob, f.keyboxThreadAliceToBob]
        for keyID: UInt32 in [1, 127, 128, 1 << 21, UInt32.max] {
            let oneTime = try AEADKeyset.make(key: random.bytes(32), keyID: keyID)
            realKeyboxes.append(
                try KeyboxV1.wrap(
                    oneTime, to: f.values.bobPrivate.publicKeyset,
                    binding: try KeyboxBinding(coupleID: "c", questionID: "q", senderUserID: "a", recipientUserID: "b"),
                    random: random))
        }
        let realByField: [String: [String]] = [
            "enc": realEnc, "sealed": realSealed, "keybox": realKeyboxes, "commitment": realCommitments,
            "pub": [f.values.alicePub, f.values.bobPub], "wrap.salt": [f.kdfSalt, f.newKdfSalt],
            "wrap.params": [RulesVectorFixtures.kdfParams],
        ]
        for g in try RulesGaps.catalogue() {
            guard let proposed = g.proposedRegex else { continue }
            let regex = try Regex(proposed).matchingSemantics(.unicodeScalar)
            #expect((try? regex.wholeMatch(in: g.example)) == nil, "\(g.id): the proposal must refuse \(g.example)")
            let kind =
                g.id.hasPrefix("wrap.salt")
                ? "wrap.salt"
                : g.id.hasPrefix("wrap.params")
                    ? "wrap.params"
                    : String(g.id.split(separator: ".")[0])
            let reals = realByField[kind] ?? []
            #expect(!reals.isEmpty, "\(g.id): no real values to check the proposal against")
            for real in reals {
                #expect((try? regex.wholeMatch(in: real)) != nil, "\(g.id): the proposal refuses a real value \(real)")
            }
        }
    }

    @Test func minimumsAreConsistent() throws {
        let m = try RulesGaps.minimums()
        #expect(m.enc == m.encKeyless)  // empty plaintext is the keyless minimum
        #expect(m.sealed > m.sealedRules && m.sealedRules > m.sealedKeyless)
        #expect(m.keybox > m.keyboxKeyless && m.keyboxKeyless > m.keyboxRules)
        #expect(m.commitment == "sha256:".count + 43)
    }
}
