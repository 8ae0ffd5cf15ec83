// The explore engine's pieces (specs/explore.md): the case stream is a function of seed and
// index; the mutators break what they say they break; the comparator's rules; SHAKE128 against
// FIPS 202's known answer. The engine end to end (ports, minimizing, divergence files, the sliver
// mutants) is tested in oracles/python/test_explore.py.

import CloserHarness
import CloserWire
import ProfileRegistry
import XCTest

final class ExploreTests: XCTestCase {
    let reference = ExploreReference()

    func cases(seed: UInt64, count: Int) -> [String] {
        let generators = AppProfiles.exploreGenerators
        return (0..<count).map { i in
            let c = generators[i % generators.count].generate(
                index: i, random: ExploreRandom(seed: seed, index: i), reference: reference)
            return c.op + " " + c.mutation + " "
                + String(decoding: (try? CanonicalJSON.serialize(.object(c.input))) ?? [], as: UTF8.self)
        }
    }

    func testTheSameSeedGivesTheSameCasesAndAnotherSeedOthers() {
        let n = AppProfiles.exploreGenerators.count * 6
        let a = cases(seed: 7, count: n)
        XCTAssertEqual(a, cases(seed: 7, count: n))
        let b = cases(seed: 8, count: n)
        XCTAssertGreaterThan(zip(a, b).filter { $0 != $1 }.count, n * 3 / 4)
    }

    func testGeneratorsReachBothOutcomesOfEveryOp() {
        // Each op's generator yields accepted and refused inputs (else half of the op is unexplored).
        // The ops this reference serves (the Closer profile's; the profiles' generators are tested
        // in their own targets, with their profile served).
        guard case .array(let ops) = reference.response("info", [:])["ops"] else { return XCTFail("no info") }
        let served = Set(ops.compactMap(\.stringValue))
        let generators = AppProfiles.exploreGenerators.filter { served.contains($0.op) }
        XCTAssertGreaterThan(generators.count, 30)
        // The production-cost Argon2id ops (about 0.3 s a case here): every fifth round only.
        let slow: Set = ["couplekey.wrap", "invite.encrypt", "invite.decrypt"]
        var outcomes: [String: Set<Bool>] = [:]
        for i in 0..<(generators.count * 60) {
            if slow.contains(generators[i % generators.count].op), (i / generators.count) % 5 != 0 { continue }
            let c = generators[i % generators.count].generate(
                index: i, random: ExploreRandom(seed: 1, index: i), reference: reference)
            outcomes[c.op, default: []].insert(reference.response(c.op, c.input)["ok"] == .bool(true))
        }
        // encoding.encode accepts every input; webhook.revenuecat answers every refusal as a status.
        for g in generators where !["encoding.encode", "webhook.revenuecat"].contains(g.op) {
            XCTAssertEqual(outcomes[g.op], [true, false], "\(g.op) reaches only \(outcomes[g.op] ?? [])")
        }
    }

    func testTrailingBitMutationIsRefusedForTrailingBits() throws {
        var hits = 0
        for i in 0..<400 {
            let r = ExploreRandom(seed: 3, index: i)
            let bytes = r.bytes(1 + r.below(40))
            guard bytes.count % 3 != 0 else { continue }
            let text = Base64.encode(bytes, .standard)
            let (mutated, how) = r.mutateEncoding(text, url: false)
            guard how == "encoding: trailing bits" else { continue }
            hits += 1
            XCTAssertThrowsError(try Base64.decode(mutated, .standard)) { e in
                XCTAssertEqual((e as? CloserError)?.code.rawValue, "b64.non_canonical_trailing_bits", mutated)
            }
        }
        XCTAssertGreaterThan(hits, 10)
    }

    func testProtobufMutationsChangeTheKeysetBytes() {
        for i in 0..<200 {
            let r = ExploreRandom(seed: 4, index: i)
            let ks = r.aeadKeyset().bytes
            let (mutated, how) = r.mutateProtobuf(ks)
            XCTAssertNotEqual(mutated, ks, how)
        }
    }

    func testComparatorRules() {
        let ok: JSONValue = .object(["id": .string("a"), "ok": .bool(true), "text": .string("QQ==")])
        let refused: JSONValue = .object([
            "ok": .bool(false),
            "error": .object(["code": .string("decode_error"), "detail": .string("b64.invalid_padding")]),
        ])
        let otherDetail: JSONValue = .object([
            "ok": .bool(false),
            "error": .object(["code": .string("decode_error"), "detail": .string("b64.invalid_length")]),
        ])
        let otherCode: JSONValue = .object(["ok": .bool(false), "error": .object(["code": .string("invalid_key")])])
        let more: JSONValue = .object(["id": .string("b"), "ok": .bool(true), "text": .string("QQ=="), "extra": .null])
        let differs: JSONValue = .object(["ok": .bool(true), "text": .string("QQ")])
        XCTAssertEqual(ExploreComparator.compare(reference: ok, port: .success(more)), .same)
        XCTAssertTrue(ExploreComparator.compare(reference: ok, port: .success(differs)).isDivergent)
        XCTAssertTrue(ExploreComparator.compare(reference: ok, port: .success(refused)).isDivergent)
        XCTAssertTrue(ExploreComparator.compare(reference: refused, port: .success(ok)).isDivergent)
        XCTAssertEqual(
            ExploreComparator.compare(reference: refused, port: .success(otherDetail)),
            .otherDetail(reference: "b64.invalid_padding", port: "b64.invalid_length"))
        XCTAssertTrue(ExploreComparator.compare(reference: refused, port: .success(otherCode)).isDivergent)
        XCTAssertTrue(ExploreComparator.compare(reference: ok, port: .failure(.timeout(seconds: 1))).isDivergent)
    }

    func testShake128KnownAnswer() {
        // FIPS 202 / NIST: SHAKE128("") and SHAKE128("abc"), first 32 bytes.
        XCTAssertEqual(
            Hex.encode(Shake128.hash([], length: 32)),
            "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26")
        XCTAssertEqual(
            Hex.encode(Shake128.hash(Array("abc".utf8), length: 32)),
            "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8")
    }
}
