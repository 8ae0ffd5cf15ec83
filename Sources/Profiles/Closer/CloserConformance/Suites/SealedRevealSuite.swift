// The sealed_reveal flow suite: both partners make their device keys and one-time keysets, seal
// and commit, wrap their one-time keysets to each other's pub:v1 key, unwrap and open. Every
// step's input is a literal (a later step repeats an earlier step's output). Failing flows end in
// the step that must refuse: a tampered commitment, a changed or swapped answer, a keybox for
// someone else. Normative: specs/sealed-v1.md, specs/keybox-v1.md, specs/pub-v1.md, specs/vectors.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum SealedRevealSuite {
    static let name = "sealed_reveal"

    static let reveal = VectorFlag(
        "Reveal", .basic, .binding,
        "The whole reveal: keys, one-time keysets, seal + commit, keyboxes both ways, unwrap, open; every output byte for byte."
    )
    static let tamperedCommitment = VectorFlag(
        "TamperedCommitment", .missingStep, .commitment, "The stored commitment was changed: the reveal must refuse it."
    )
    static let changedAnswer = VectorFlag(
        "ChangedAnswer", .missingStep, .commitment,
        "The author re-sealed another answer after committing: the value opens but does not match the commitment.")
    static let swappedAnswer = VectorFlag(
        "SwappedAnswer", .wrongBinding, .binding, "One partner's value or commitment is presented in the other's slot.")
    static let wrongRecipient = VectorFlag(
        "WrongKeyboxRecipient", .wrongBinding, .binding,
        "A keybox is unwrapped by the wrong person or under another context (sender/recipient swapped, other question)."
    )
    static let tampered = VectorFlag("TamperedValue", .malleability, .aead, "A stored value had a bit flipped.")
    static let rawRecipient = VectorFlag(
        "NonTinkRecipient", .keyManagement, .keyset, "A device key with a RAW primary cannot be published as pub:v1.")

    struct Partner {
        let userID: String
        let d: [UInt8]
        let keyID: UInt32
        let priv: HybridPrivateKeyset
        let pub: String
        let oneTimeKey: [UInt8]
        let oneTimeID: UInt32
        let oneTime: AEADKeyset
        let payload: String
        let iv: [UInt8]
        let sealed: SealedAnswer
    }

    static func build() throws(CloserError) -> WireSuite {
        let builder = Builder(rng: SuiteRandom(suite: name))
        let (flows, worlds) = try builder.completeReveals()
        var refusals: [VectorCase] = []
        for (n, world) in worlds.prefix(2).enumerated() {
            try builder.refusedReveals(&refusals, n, world)
        }
        try builder.refusedOutliers(&refusals, worlds)
        return WireSuite(
            name: name, algorithm: "closer-sealed-reveal",
            header: [
                "The sealed reveal end to end (specs/sealed-v1.md, keybox-v1.md, pub-v1.md): each test is a list of steps,",
                "each a harness request with its expected response; every input is literal (a later step repeats an",
                "earlier output). Valid flows must pass every step byte for byte; invalid flows end in the step that must",
                "refuse (expected.error). Intermediates: the AADs, context infos, canonical payloads and digests.",
            ],
            groups: [
                VectorGroup("SealedReveal", comment: "complete reveals by both partners", cases: flows),
                VectorGroup("SealedRevealRefused", comment: "flows whose last step must refuse", cases: refusals),
            ])
    }
}

extension SealedRevealSuite {
    /// A couple, a question and both partners' keys and sealed answers.
    typealias World = (String, String, Partner, Partner)

    /// The flows' steps over the suite's DRBG, drawn in the order the flows ask for them.
    private struct Builder {
        let rng: SuiteRandom
        func partner(_ user: String, couple: String, question: String, answer: String, keyID: UInt32? = nil)
            throws(CloserError) -> Partner
        {
            let d = rng.scalar().d
            let id = keyID ?? rng.keyID()
            let priv = try HybridPrivateKeyset.make(privateKey: d, keyID: id)
            let otKey = rng.bytes(32)
            let otID = rng.keyID()
            let ot = try AEADKeyset.make(key: otKey, keyID: otID, prefix: .tink)
            let payload =
                #"{"answer":\#(answer),"coupleId":"\#(couple)","nonce":"\#(Base64.encode(rng.bytes(16), .url))","questionId":"\#(question)","userId":"\#(user)"}"#
            let iv = rng.iv()
            let sealed = try SealedV1.seal(
                try SealedPayload(JSONValue(parsing: payload)),
                binding: SealedBinding(coupleID: couple, questionID: question, userID: user), keyset: ot, iv: iv)
            return Partner(
                userID: user, d: d, keyID: id, priv: priv, pub: PubV1.encode(priv.publicKeyset), oneTimeKey: otKey,
                oneTimeID: otID,
                oneTime: ot,
                payload: String(decoding: try CanonicalJSON.canonicalize(Array(payload.utf8)), as: UTF8.self), iv: iv,
                sealed: sealed)
        }
        func ok(_ op: String, _ input: [(String, JSONValue)], _ output: [(String, JSONValue)]) -> VectorStep {
            VectorStep(op: op, input: input, expected: .output(output))
        }
        func fails(_ op: String, _ input: [(String, JSONValue)], _ code: CloserError.Code, _ layer: VectorLayer)
            -> VectorStep
        {
            VectorStep(op: op, input: input, expected: .error(code, layer: layer))
        }
        func keysetStep(_ p: Partner) -> VectorStep {
            ok(
                HarnessOpSpec.hybridKeyset.name, [("privateKey", V.hex(p.d)), ("keyId", V.int(p.keyID))],
                [
                    ("privateKeyset", V.hex(p.priv.serializedBytes)),
                    ("publicKeyset", V.hex(p.priv.publicKeyset.serializedBytes)),
                ])
        }
        func pubStep(_ p: Partner) -> VectorStep {
            ok(
                HarnessOpSpec.pubEncode.name, [("publicKeyset", V.hex(p.priv.publicKeyset.serializedBytes))],
                [("value", V.str(p.pub))])
        }
        func oneTimeStep(_ p: Partner) -> VectorStep {
            ok(
                HarnessOpSpec.aeadKeyset.name, [("key", V.hex(p.oneTimeKey)), ("keyId", V.int(p.oneTimeID))],
                [("keyset", V.hex(p.oneTime.serializedBytes))])
        }
        func sealStep(_ p: Partner, _ c: String, _ q: String) -> VectorStep {
            ok(
                HarnessOpSpec.sealedSeal.name,
                [
                    ("keyset", V.hex(p.oneTime.serializedBytes)), ("coupleId", V.str(c)), ("questionId", V.str(q)),
                    ("userId", V.str(p.userID)),
                    ("payload", V.str(p.payload)), ("iv", V.hex(p.iv)),
                ],
                [("value", V.str(p.sealed.value)), ("commitment", V.str(p.sealed.commitment.string))])
        }
        func wrapInput(_ from: Partner, _ to: Partner, _ c: String, _ q: String, eph: [UInt8], iv: [UInt8]) -> [(
            String, JSONValue
        )] {
            [
                ("recipient", V.str(to.pub)), ("coupleId", V.str(c)), ("questionId", V.str(q)),
                ("senderUserId", V.str(from.userID)),
                ("recipientUserId", V.str(to.userID)), ("keyset", V.hex(from.oneTime.serializedBytes)),
                ("ephemeralPrivateKey", V.hex(eph)),
                ("iv", V.hex(iv)),
            ]
        }
        func wrap(_ from: Partner, _ to: Partner, _ c: String, _ q: String) throws(CloserError) -> (VectorStep, String)
        {
            let eph = rng.scalar().d
            let iv = rng.iv()
            let v = try KeyboxV1.wrapWithTrace(
                from.oneTime, to: to.priv.publicKeyset,
                binding: KeyboxBinding(
                    coupleID: c, questionID: q, senderUserID: from.userID, recipientUserID: to.userID),
                ephemeral: try P256Scalar(eph), iv: iv
            ).value
            return (
                ok(HarnessOpSpec.keyboxWrap.name, wrapInput(from, to, c, q, eph: eph, iv: iv), [("value", V.str(v))]), v
            )
        }
        func unwrapInput(_ by: Partner, sender: String, recipient: String, _ c: String, _ q: String, _ box: String)
            -> [(String, JSONValue)]
        {
            [
                ("privateKeyset", V.hex(by.priv.serializedBytes)), ("coupleId", V.str(c)), ("questionId", V.str(q)),
                ("senderUserId", V.str(sender)), ("recipientUserId", V.str(recipient)), ("value", V.str(box)),
            ]
        }
        func openInput(
            _ ks: AEADKeyset, _ c: String, _ q: String, _ user: String, _ value: String, _ commitment: String
        ) -> [(String, JSONValue)] {
            [
                ("keyset", V.hex(ks.serializedBytes)), ("coupleId", V.str(c)), ("questionId", V.str(q)),
                ("userId", V.str(user)),
                ("value", V.str(value)), ("commitment", V.str(commitment)),
            ]
        }
        func aad(_ c: String, _ q: String, _ u: String) -> JSONValue { V.hex(Array("\(c)|\(q)|\(u)".utf8)) }
        func ctx(_ c: String, _ q: String, _ s: String, _ r: String) -> JSONValue {
            V.hex(Array("\(c)|\(q)|\(s)|\(r)".utf8))
        }

        /// Appends a flow whose last step must refuse.
        func refusal(_ list: inout [VectorCase], _ comment: String, _ flags: [VectorFlag], _ steps: [VectorStep]) {
            list.append(VectorCase(comment, flags: flags, result: .invalid, steps: steps))
        }

        /// Complete reveals, one per scenario, and the worlds they made.
        func completeReveals() throws(CloserError) -> ([VectorCase], [World]) {
            var flows: [VectorCase] = []
            let scenarios: [(String, String, String, String, String, UInt32?, UInt32?)] = [
                ("yes/no answers", "couple-\(Hex.encode(rng.bytes(3)))", "q-42", #""yes""#, #""no""#, nil, nil),
                (
                    "free-text answers", "couple-\(Hex.encode(rng.bytes(3)))", "q-7", #""Paris, in the rain""#,
                    #""Lisbon ❤️""#, nil, nil
                ),
                (
                    "numeric and list answers", "couple-\(Hex.encode(rng.bytes(3)))", "q-slider", "0.75", #"["b","d"]"#,
                    nil, nil
                ),
                (
                    "device key ids ≥ 2^31 and of 1 byte", "couple-\(Hex.encode(rng.bytes(3)))", "q-9", #""a""#,
                    #""b""#,
                    0xfedc_ba98, 1
                ),
                (
                    "non-ASCII ids", "cöuple-\(Hex.encode(rng.bytes(3)))", "q-\u{e9}t\u{e9}", #""oui""#, #""non""#, nil,
                    nil
                ),
                (
                    "a thread message pair, bound by the thread's questionId", "couple-\(Hex.encode(rng.bytes(3)))",
                    "q_thread_0007",
                    #""what did you mean?""#, #""the blue one""#, nil, nil
                ),
            ]
            var worlds: [(String, String, Partner, Partner)] = []
            for (comment, c, q, ansA, ansB, idA, idB) in scenarios {
                let a = try partner("alice", couple: c, question: q, answer: ansA, keyID: idA)
                let b = try partner("bob", couple: c, question: q, answer: ansB, keyID: idB)
                worlds.append((c, q, a, b))
                let (wrapAB, boxAB) = try wrap(a, b, c, q)
                let (wrapBA, boxBA) = try wrap(b, a, c, q)
                let steps: [VectorStep] = [
                    keysetStep(a), keysetStep(b), pubStep(a), pubStep(b), oneTimeStep(a), oneTimeStep(b),
                    sealStep(a, c, q),
                    sealStep(b, c, q),
                    wrapAB, wrapBA,
                    ok(
                        HarnessOpSpec.keyboxUnwrap.name, unwrapInput(b, sender: "alice", recipient: "bob", c, q, boxAB),
                        [("keyset", V.hex(a.oneTime.serializedBytes))]),
                    ok(
                        HarnessOpSpec.keyboxUnwrap.name, unwrapInput(a, sender: "bob", recipient: "alice", c, q, boxBA),
                        [("keyset", V.hex(b.oneTime.serializedBytes))]),
                    ok(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(a.oneTime, c, q, "alice", a.sealed.value, a.sealed.commitment.string),
                        [("payload", V.str(a.payload))]),
                    ok(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(b.oneTime, c, q, "bob", b.sealed.value, b.sealed.commitment.string),
                        [("payload", V.str(b.payload))]),
                ]
                flows.append(
                    .flow(
                        "reveal: \(comment)", flags: [reveal], steps: steps,
                        intermediates: [
                            ("aadAlice", aad(c, q, "alice")), ("aadBob", aad(c, q, "bob")),
                            ("contextInfoAliceToBob", ctx(c, q, "alice", "bob")),
                            ("contextInfoBobToAlice", ctx(c, q, "bob", "alice")),
                            ("canonicalAlice", V.hex(Array(a.payload.utf8))),
                            ("canonicalBob", V.hex(Array(b.payload.utf8))),
                            ("digestAlice", V.hex(a.sealed.commitment.digest)),
                            ("digestBob", V.hex(b.sealed.commitment.digest)),
                        ]))
            }
            return (flows, worlds)
        }

        /// Flows that end in a refusal, on one world: its keybox from alice to bob and their setup steps.
        func refusedReveals(_ refusals: inout [VectorCase], _ n: Int, _ world: World) throws(CloserError) {
            let (c, q, a, b) = world
            let (wrapAB, boxAB) = try wrap(a, b, c, q)
            let unwrapAB = ok(
                HarnessOpSpec.keyboxUnwrap.name, unwrapInput(b, sender: "alice", recipient: "bob", c, q, boxAB),
                [("keyset", V.hex(a.oneTime.serializedBytes))])
            let setup = [oneTimeStep(a), sealStep(a, c, q), wrapAB, unwrapAB]
            try refusedOpens(&refusals, n, world, setup)
            try refusedUnwraps(&refusals, world, wrapAB, boxAB, setup)
        }

        /// The reveal refuses a changed or swapped commitment, value or one-time keyset.
        func refusedOpens(_ refusals: inout [VectorCase], _ n: Int, _ world: World, _ setup: [VectorStep])
            throws(CloserError)
        {
            let (c, q, a, b) = world
            var digest = a.sealed.commitment.digest
            digest[n] ^= 0x01
            refusal(
                &refusals,
                "alice's stored commitment was changed (digest byte \(n))", [tamperedCommitment],
                setup + [
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(a.oneTime, c, q, "alice", a.sealed.value, "sha256:" + Base64.encode(digest, .url)),
                        .sealedCommitmentMismatch, .commitment)
                ])
            refusal(
                &refusals,
                "alice's value presented with bob's commitment", [swappedAnswer, tamperedCommitment],
                setup + [
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(a.oneTime, c, q, "alice", a.sealed.value, b.sealed.commitment.string),
                        .sealedCommitmentMismatch, .commitment)
                ])
            refusal(
                &refusals,
                "alice's value opened in bob's slot (userId bob)", [swappedAnswer],
                setup + [
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(a.oneTime, c, q, "bob", a.sealed.value, a.sealed.commitment.string),
                        .aeadDecryptionFailed, .binding)
                ])
            // Alice changes her answer after committing: a new seal with the same one-time key, the old commitment.
            let changed = try partner("alice", couple: c, question: q, answer: #""changed my mind""#)
            let newIV = rng.iv()
            let resealed = try SealedV1.seal(
                try SealedPayload(JSONValue(parsing: changed.payload)),
                binding: SealedBinding(coupleID: c, questionID: q, userID: "alice"),
                keyset: a.oneTime, iv: newIV)
            refusal(
                &refusals,
                "alice re-sealed another answer after committing", [changedAnswer],
                setup + [
                    ok(
                        HarnessOpSpec.sealedSeal.name,
                        [
                            ("keyset", V.hex(a.oneTime.serializedBytes)), ("coupleId", V.str(c)),
                            ("questionId", V.str(q)), ("userId", V.str("alice")),
                            ("payload", V.str(changed.payload)), ("iv", V.hex(newIV)),
                        ],
                        [("value", V.str(resealed.value)), ("commitment", V.str(resealed.commitment.string))]),
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(a.oneTime, c, q, "alice", resealed.value, a.sealed.commitment.string),
                        .sealedCommitmentMismatch, .commitment),
                ])
            refusal(
                &refusals,
                "bob's sealed value replayed into alice's slot with bob's one-time key", [swappedAnswer],
                [
                    oneTimeStep(b), sealStep(b, c, q),
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(b.oneTime, c, q, "alice", b.sealed.value, b.sealed.commitment.string),
                        .aeadDecryptionFailed, .binding),
                ])
            refusal(
                &refusals,
                "alice's value opened with bob's one-time keyset", [swappedAnswer],
                [
                    oneTimeStep(a), oneTimeStep(b), sealStep(a, c, q),
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(b.oneTime, c, q, "alice", a.sealed.value, a.sealed.commitment.string),
                        .aeadDecryptionFailed, .tinkFraming),
                ])
        }

        /// A keybox unwrapped by the wrong person or under another context, and a flipped tag.
        func refusedUnwraps(
            _ refusals: inout [VectorCase], _ world: World, _ wrapAB: VectorStep, _ boxAB: String,
            _ setup: [VectorStep]
        ) throws(CloserError) {
            let (c, q, a, b) = world
            refusal(
                &refusals,
                "alice tries to unwrap the keybox she addressed to bob", [wrongRecipient],
                [
                    keysetStep(a), keysetStep(b), pubStep(b), oneTimeStep(a), wrapAB,
                    fails(
                        HarnessOpSpec.keyboxUnwrap.name, unwrapInput(a, sender: "alice", recipient: "bob", c, q, boxAB),
                        .hybridDecryptionFailed, .tinkFraming),
                ])
            refusal(
                &refusals,
                "bob unwraps with sender and recipient swapped", [wrongRecipient],
                [
                    keysetStep(b), pubStep(b), oneTimeStep(a), wrapAB,
                    fails(
                        HarnessOpSpec.keyboxUnwrap.name, unwrapInput(b, sender: "bob", recipient: "alice", c, q, boxAB),
                        .hybridDecryptionFailed, .binding),
                ])
            refusal(
                &refusals,
                "bob unwraps under another questionId", [wrongRecipient],
                [
                    keysetStep(b), pubStep(b), oneTimeStep(a), wrapAB,
                    fails(
                        HarnessOpSpec.keyboxUnwrap.name,
                        unwrapInput(b, sender: "alice", recipient: "bob", c, q + "-other", boxAB),
                        .hybridDecryptionFailed, .binding),
                ])
            var flipped = try WireString(parsing: a.sealed.value, as: .sealed).body
            flipped[flipped.count - 1] ^= 0x01
            refusal(
                &refusals,
                "alice's stored value had a tag bit flipped", [tampered],
                setup + [
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(
                            a.oneTime, c, q, "alice", CloserProfileV1.sealedPrefix + Base64.encode(flipped, .url),
                            a.sealed.commitment.string), .aeadDecryptionFailed, .aead)
                ])
        }

        /// A device key that cannot be published, and a thread message opened under its threadId.
        func refusedOutliers(_ refusals: inout [VectorCase], _ worlds: [World]) throws(CloserError) {
            let rawPriv = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: rng.keyID(), prefix: .raw)
            refusal(
                &refusals,
                "bob's device key has a RAW primary: it cannot be published", [rawRecipient],
                [
                    fails(
                        HarnessOpSpec.pubEncode.name, [("publicKeyset", V.hex(rawPriv.publicKeyset.serializedBytes))],
                        .pubWrongOutputPrefix, .keyset)
                ])
            let threadWorld = worlds[5]
            refusal(
                &refusals,
                "a thread message opened with the threadId as questionId", [swappedAnswer],
                [
                    oneTimeStep(threadWorld.2), sealStep(threadWorld.2, threadWorld.0, threadWorld.1),
                    fails(
                        HarnessOpSpec.sealedOpen.name,
                        openInput(
                            threadWorld.2.oneTime, threadWorld.0, "thread-7", "alice", threadWorld.2.sealed.value,
                            threadWorld.2.sealed.commitment.string), .aeadDecryptionFailed, .binding),
                ])
        }
    }
}
