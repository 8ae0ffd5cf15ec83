// Rules vector cases: daily answers (schemaVersion 2 and 3) and the secureCreate/payload gate.
// Normative: specs/rules.md.

import CloserVectorModel
import CloserRules
import CloserWire

private typealias F = RulesFixture
private typealias P = RulesVectorFixtures

extension RulesVectorFixtures {
    var answerGroups: [RulesCaseGroup] {
        answerAccessGroups + answerCreateGroups + answerV2UpdateAndV3CreateGroups + answerV3CommitmentAndUpdateGroups
            + secureAccessGroups + secureShapeGroups
    }

    /// Answer metadata: who may read and write, and the known schemas.
    private var answerAccessGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let v2Doc = P.v2Answer(alice)
        let v3Doc = v3Answer(alice)
        func v2(_ edit: (inout Doc) -> Void, as who: String = alice, path: String = P.answer(alice)) -> RulesCaseRequest
        {
            var d = P.v2Answer(alice)
            edit(&d)
            return .create(path, who, d)
        }
        return [
            RulesCaseGroup(
                "answers.read.members_only",
                [
                    allow(
                        "Partner sees THAT alice answered (metadata only)", [],
                        .get(P.answer(alice), bob, existing: v2Doc)),
                    allow("Member queries the day's answers", [.query], .list(P.answers(), alice)),
                    deny(
                        "Outsider reads an answer doc", [.wrongPrincipal],
                        .get(P.answer(alice), mallory, existing: v2Doc)),
                    deny("Outsider queries the answers", [.wrongPrincipal, .query], .list(P.answers(), mallory)),
                ]),
            RulesCaseGroup(
                "answers.write.owner_member",
                [
                    allow(
                        "Author writes their schemaVersion 2 metadata doc", [], .create(P.answer(alice), alice, v2Doc)),
                    deny("Partner writes the author's answer", [.wrongPrincipal], .create(P.answer(alice), bob, v2Doc)),
                    deny(
                        "Outsider answers in someone else's couple", [.wrongPrincipal],
                        v2({ $0["userId"] = .string(mallory) }, as: mallory, path: P.answer(mallory))),
                    deny(
                        "Partner flips the author's isRevealed", [.wrongPrincipal],
                        answerV2Update(bob) { $0["isRevealed"] = .bool(true) }),
                ]),
            RulesCaseGroup(
                "answers.known_schema",
                [
                    allow("schemaVersion 2 (couple-key)", [], .create(P.answer(alice), alice, v2Doc)),
                    allow(
                        "schemaVersion 3 (sealed) with real sealed:v1 and sha256", [.realWireValue],
                        .create(P.answer(alice), alice, v3Doc)),
                    deny("schemaVersion 1", [.shape], v2 { $0["schemaVersion"] = .number(1) }),
                    deny("schemaVersion missing", [.shape], v2 { $0["schemaVersion"] = nil }),
                    deny("schemaVersion \"2\" as a string", [.shape], v2 { $0["schemaVersion"] = .string("2") }),
                    deny(
                        "Update of a stored answer with schemaVersion 4", [.shape],
                        .update(
                            P.answer(alice), alice, from: v2Doc.merging(["schemaVersion": .number(4)]) { $1 },
                            to: v2Doc.merging(["schemaVersion": .number(4), "isRevealed": .bool(true)]) { $1 })),
                ]),
        ]
    }

    /// Answer creates: path bindings and the schemaVersion 2 shape.
    private var answerCreateGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let v2Doc = P.v2Answer(alice)
        func v2(_ edit: (inout Doc) -> Void, as who: String = alice, path: String = P.answer(alice)) -> RulesCaseRequest
        {
            var d = P.v2Answer(alice)
            edit(&d)
            return .create(path, who, d)
        }
        func v3(_ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = v3Answer(alice)
            edit(&d)
            return .create(P.answer(alice), alice, d)
        }
        let commitment = sealedAlice.commitment.string
        return [
            RulesCaseGroup(
                "answers.create.user_id_matches_path",
                [
                    allow("userId equals {userId}", [], .create(P.answer(alice), alice, v2Doc)),
                    deny("userId names the partner", [.shape], v2 { $0["userId"] = .string(bob) }),
                    deny("userId missing", [.shape], v2 { $0["userId"] = nil }),
                ]),
            RulesCaseGroup(
                "answers.create.answer_date_matches_path",
                [
                    allow("answerDate equals {date}", [], .create(P.answer(alice), alice, v2Doc)),
                    deny("answerDate of another day", [.shape], v2 { $0["answerDate"] = .string("2025-03-15") }),
                    deny("answerDate missing", [.shape], v2 { $0["answerDate"] = nil }),
                ]),
            RulesCaseGroup(
                "answers.create.question_id_present",
                [
                    allow("questionId present", [], .create(P.answer(alice), alice, v2Doc)),
                    deny("questionId missing", [.shape], v2 { $0["questionId"] = nil }),
                    deny("questionId a number", [.shape], v2 { $0["questionId"] = .number(42) }),
                ]),
            RulesCaseGroup(
                "answers.create.starts_unrevealed",
                [
                    allow("isRevealed false", [], .create(P.answer(alice), alice, v2Doc)),
                    allow("isRevealed absent", [], v2 { $0["isRevealed"] = nil }),
                    deny(
                        "Created already revealed (schemaVersion 2)", [.immutability],
                        v2 { $0["isRevealed"] = .bool(true) }),
                    deny(
                        "Created already revealed (schemaVersion 3)", [.immutability],
                        v3 { $0["isRevealed"] = .bool(true) }),
                ]),
            RulesCaseGroup(
                "answers.v2.create.metadata_only",
                [
                    allow("The eight metadata fields", [], .create(P.answer(alice), alice, v2Doc)),
                    allow(
                        "Without optional answerType and updatedAt", [],
                        v2 {
                            $0["answerType"] = nil
                            $0["updatedAt"] = nil
                        }),
                    deny(
                        "enc:v1 content on the metadata doc (readable by the partner before answering)",
                        [.shape, .partnerGate, .realWireValue],
                        v2 { $0["encryptedPayload"] = .string(self.encAnswerAlice) }),
                    deny(
                        "Plaintext answer on the metadata doc", [.shape, .plaintext],
                        v2 { $0["text"] = .string("Our first trip") }),
                    deny(
                        "Sealed fields on a schemaVersion 2 doc", [.shape],
                        v2 { $0["commitmentHash"] = .string(commitment) }),
                ]),
        ]
    }

    /// The schemaVersion 2 reveal flip and the schemaVersion 3 sealed shape and payload.
    private var answerV2UpdateAndV3CreateGroups: [RulesCaseGroup] {
        let alice = F.alice
        let v3Doc = v3Answer(alice)
        func v3(_ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = v3Answer(alice)
            edit(&d)
            return .create(P.answer(alice), alice, d)
        }
        let sealedValue = sealedAlice.value
        let sealedBody = String(sealedValue.dropFirst("sealed:v1:".count))
        return [
            RulesCaseGroup(
                "answers.v2.update.reveal_flip_only",
                [
                    allow(
                        "Author flips isRevealed and updatedAt", [],
                        answerV2Update {
                            $0["isRevealed"] = .bool(true)
                            $0["updatedAt"] = P.t2
                        }),
                    deny(
                        "Author changes questionId", [.immutability],
                        answerV2Update { $0["questionId"] = .string("q_0099") }),
                    deny(
                        "Author adds content to the metadata doc", [.immutability, .partnerGate],
                        answerV2Update { $0["encryptedPayload"] = .string(self.encAnswerAlice) }),
                    deny("isRevealed as a string", [.shape], answerV2Update { $0["isRevealed"] = .string("yes") }),
                ]),
            RulesCaseGroup(
                "answers.v3.create.sealed_shape",
                [
                    allow("Sealed answer with real values", [.realWireValue], .create(P.answer(alice), alice, v3Doc)),
                    deny(
                        "Plaintext copy beside the sealed payload", [.shape, .plaintext],
                        v3 { $0["text"] = .string("Our first trip") }),
                    deny("Unknown field", [.shape], v3 { $0["oneTimeKey"] = .string("AAAA") }),
                ]),
            RulesCaseGroup(
                "answers.v3.create.sealed_payload",
                [
                    allow("Real sealed:v1", [.realWireValue], .create(P.answer(alice), alice, v3Doc)),
                    allow(
                        "80 b64url characters that decode to a non-Tink body", [.rulesAcceptWireRejects],
                        v3 { $0["encryptedPayload"] = .string("sealed:v1:" + String(repeating: "A", count: 80)) }),
                    allow(
                        "81 b64url characters (length % 4 == 1: no bytes)", [.rulesAcceptWireRejects],
                        v3 { $0["encryptedPayload"] = .string("sealed:v1:" + String(sealedBody.prefix(81))) }),
                    deny("Plaintext payload", [.plaintext], v3 { $0["encryptedPayload"] = .string("Our first trip") }),
                    deny(
                        "enc:v1 value where sealed:v1 is required", [.wrongPrefix, .realWireValue],
                        v3 { $0["encryptedPayload"] = .string(self.encAnswerAlice) }),
                    deny(
                        "79 characters", [.malformedWireValue],
                        v3 { $0["encryptedPayload"] = .string("sealed:v1:" + String(sealedBody.prefix(79))) }),
                    deny(
                        "Standard-alphabet characters and padding", [.malformedWireValue],
                        v3 { $0["encryptedPayload"] = .string("sealed:v1:" + sealedBody.prefix(100) + "+/==") }),
                    deny(
                        "sealed:v2 prefix", [.wrongPrefix],
                        v3 { $0["encryptedPayload"] = .string("sealed:v2:" + sealedBody) }),
                    deny("encryptedPayload missing", [.shape], v3 { $0["encryptedPayload"] = nil }),
                ]),
        ]
    }

    /// The schemaVersion 3 commitment, reveal-metadata updates and no deletes.
    private var answerV3CommitmentAndUpdateGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let v2Doc = P.v2Answer(alice)
        let v3Doc = v3Answer(alice)
        func v3(_ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = v3Answer(alice)
            edit(&d)
            return .create(P.answer(alice), alice, d)
        }
        func v3Update(_ edit: (inout Doc) -> Void) -> RulesCaseRequest {
            var d = v3Doc
            edit(&d)
            return .update(P.answer(alice), alice, from: v3Doc, to: d)
        }
        let commitment = sealedAlice.commitment.string
        return [
            RulesCaseGroup(
                "answers.v3.create.commitment_hash",
                [
                    allow("Real sha256 commitment", [.realWireValue], .create(P.answer(alice), alice, v3Doc)),
                    allow(
                        "43 characters whose last one is not canonical", [.rulesAcceptWireRejects],
                        v3 { $0["commitmentHash"] = .string(RulesVectorValues.nonCanonical(commitment: commitment)) }),
                    deny(
                        "42 characters", [.malformedWireValue],
                        v3 { $0["commitmentHash"] = .string(String(commitment.dropLast())) }),
                    deny(
                        "Hex SHA-256 (64 characters)", [.malformedWireValue],
                        v3 {
                            $0["commitmentHash"] = .string("sha256:" + Hex.encode(self.sealedAlice.commitment.digest))
                        }),
                    deny(
                        "sha512: prefix", [.wrongPrefix],
                        v3 { $0["commitmentHash"] = .string("sha512:" + commitment.dropFirst(7)) }),
                    deny("commitmentHash missing", [.shape], v3 { $0["commitmentHash"] = nil }),
                ]),
            RulesCaseGroup(
                "answers.v3.update.reveal_metadata_only",
                [
                    allow(
                        "Author marks the key released", [],
                        v3Update {
                            $0["answerKeyReleased"] = .bool(true)
                            $0["updatedAt"] = P.t2
                        }),
                    deny(
                        "Author re-seals the payload after the fact", [.immutability, .realWireValue],
                        v3Update { $0["encryptedPayload"] = .string(self.sealedAliceResealed.value) }),
                    deny(
                        "Author replaces the commitment", [.immutability],
                        v3Update { $0["commitmentHash"] = .string(self.sealedAliceResealed.commitment.string) }),
                ]),
            RulesCaseGroup(
                "answers.delete.denied",
                [
                    allow("Author reads their answer", [], .get(P.answer(alice), alice, existing: v2Doc)),
                    deny(
                        "Author deletes their answer (would re-close the partner gate)", [.immutability],
                        .delete(P.answer(alice), alice, existing: v2Doc)),
                    deny(
                        "Partner deletes the author's answer", [.wrongPrincipal],
                        .delete(P.answer(alice), bob, existing: v2Doc)),
                ]),
        ]
    }

    /// answers/{userId}/secureCreate/payload: who may read and create the enc:v1 subdoc.
    private var secureAccessGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let bobAnswered = [P.answer(bob): P.v2Answer(bob)]
        let securePayload = P.secureDoc(encAnswerAlice)
        let mallorysAnswerInCouple1 = [P.answer(mallory): P.v2Answer(mallory)]
        return [
            RulesCaseGroup(
                "answers.secure.read.owner_or_answered_partner",
                [
                    allow(
                        "Author reads their own payload before the partner answers", [.realWireValue],
                        .get(P.secure(alice), alice, existing: securePayload)),
                    allow(
                        "Partner reads it after answering the same date", [.realWireValue, .partnerGate],
                        .get(P.secure(alice), bob, existing: securePayload).with(bobAnswered)),
                    deny(
                        "Partner reads it before answering", [.partnerGate],
                        .get(P.secure(alice), bob, existing: securePayload)),
                    deny(
                        "Partner answered another date only", [.partnerGate],
                        .get(P.secure(alice), bob, existing: securePayload).with([
                            P.answer(bob, date: "2025-03-13"): P.v2Answer(bob)
                        ])),
                    deny(
                        "Outsider with an answer doc planted in the couple", [.wrongPrincipal],
                        .get(P.secure(alice), mallory, existing: securePayload).with(mallorysAnswerInCouple1)),
                    deny(
                        "Signed out", [], .get(P.secure(alice), nil, existing: securePayload),
                        ["auth.signed_in", "answers.secure.read.owner_or_answered_partner"]),
                ]),
            RulesCaseGroup(
                "answers.secure.create.owner_member",
                [
                    allow("Author writes their payload", [.realWireValue], secureCreate(.string(encAnswerAlice))),
                    deny(
                        "Partner writes the author's payload", [.wrongPrincipal],
                        secureCreate(.string(encAnswerBob), as: bob)
                    ),
                    deny(
                        "Outsider writes a payload in someone else's couple", [.wrongPrincipal],
                        .create(P.secure(mallory), mallory, P.secureDoc(encAnswerAlice))),
                ]),
        ]
    }

    /// answers/{userId}/secureCreate/payload: its one field, its ciphertext, immutability.
    private var secureShapeGroups: [RulesCaseGroup] {
        let alice = F.alice
        let sealedValue = sealedAlice.value
        let securePayload = P.secureDoc(encAnswerAlice)
        // A real enc:v1 value whose b64 ends in padding (body length not a multiple of 3).
        let paddedEnc =
            [encAnswerAlice, encAnswerBob, encPreview, encMessage, encPlanTitle, encBucketTitle].first {
                $0.hasSuffix("=")
            } ?? "enc:v1:AAAAAA=="
        return [
            RulesCaseGroup(
                "answers.secure.create.payload_only",
                [
                    allow("Only encryptedPayload", [.realWireValue], secureCreate(.string(encAnswerAlice))),
                    deny(
                        "Extra userId field", [.shape],
                        .create(
                            P.secure(alice), alice,
                            ["encryptedPayload": .string(encAnswerAlice), "userId": .string(alice)])),
                    deny(
                        "Plaintext backup beside the ciphertext", [.shape, .plaintext],
                        .create(
                            P.secure(alice), alice,
                            ["encryptedPayload": .string(encAnswerAlice), "plaintextBackup": .string("Our first trip")])
                    ),
                ]),
            RulesCaseGroup(
                "answers.secure.create.ciphertext",
                [
                    allow("Real enc:v1", [.realWireValue], secureCreate(.string(encAnswerAlice))),
                    allow(
                        "enc:v1:AAAA (3 bytes, shorter than any real value)", [.rulesAcceptWireRejects],
                        secureCreate(.string("enc:v1:AAAA"))),
                    allow(
                        "enc:v1:AAB= (non-canonical trailing bits)", [.rulesAcceptWireRejects],
                        secureCreate(.string("enc:v1:AAB="))),
                    allow(
                        "enc:v1 from a RAW-prefix keyset (no Tink prefix byte)", [.rulesAcceptWireRejects],
                        secureCreate(.string(encRawKeyset))),
                    allow(
                        "Unpadded enc:v1 (padding is optional in the regex, required by b64)",
                        [.rulesAcceptWireRejects],
                        secureCreate(.string(String(paddedEnc.trimmingSuffix("="))))),
                    deny("Plaintext", [.plaintext], secureCreate(.string("Our first trip to the coast"))),
                    deny(
                        "sealed:v1 value where enc:v1 is required", [.wrongPrefix, .realWireValue],
                        secureCreate(.string(sealedValue))),
                    deny("URL-safe alphabet", [.malformedWireValue], secureCreate(.string("enc:v1:ab-_"))),
                    deny(
                        "Trailing newline (RE2 $ does not match before it)", [.malformedWireValue],
                        secureCreate(.string(encAnswerAlice + "\n"))),
                    deny("Empty body", [.malformedWireValue], secureCreate(.string("enc:v1:"))),
                    deny("Three padding characters", [.malformedWireValue], secureCreate(.string("enc:v1:AAAA==="))),
                    deny("A number", [.shape], secureCreate(.number(42))),
                ]),
            RulesCaseGroup(
                "answers.secure.immutable",
                [
                    allow("Author writes it once", [.realWireValue], secureCreate(.string(encAnswerAlice))),
                    deny(
                        "Author rewrites the payload after the partner has read it", [.immutability],
                        .update(P.secure(alice), alice, from: securePayload, to: P.secureDoc(encAnswerBob))),
                    deny(
                        "Author deletes the payload", [.immutability],
                        .delete(P.secure(alice), alice, existing: securePayload)),
                ]),
        ]
    }

    /// `who` (alice) updates alice's schemaVersion 2 answer, edited.
    fileprivate func answerV2Update(_ who: String = RulesFixture.alice, _ edit: (inout Doc) -> Void)
        -> RulesCaseRequest
    {
        let stored = Self.v2Answer(RulesFixture.alice)
        var d = stored
        edit(&d)
        return .update(Self.answer(RulesFixture.alice), who, from: stored, to: d)
    }

    /// `who` (alice) creates alice's secure payload with `value`.
    fileprivate func secureCreate(_ value: JSONValue, as who: String = RulesFixture.alice) -> RulesCaseRequest {
        .create(Self.secure(RulesFixture.alice), who, ["encryptedPayload": value])
    }
}

extension StringProtocol {
    /// The string without any run of `suffix` characters at its end.
    func trimmingSuffix(_ c: Character) -> SubSequence {
        var s = self[...]
        while s.last == c { s = s.dropLast() }
        return s
    }
}
