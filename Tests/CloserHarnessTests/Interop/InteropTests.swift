// `closer-spec interop` (specs/interop.md): the flows pair every producer op of the op table with
// the op that reads it; CloserSpec reads back what it writes on every flow; a fake consumer that
// refuses padded b64 and a fake producer that drops the padding are each found, on the right
// side, minimized, with the encoding layer named; the results file has the documented shape. The
// three ports end to end, and a planted writer among them: oracles/python/test_interop.py.

import CloserConformance
import CloserHarness
import CloserWire
import XCTest

/// CloserSpec in process with one op's answers rewritten or refused, listing only `ops` (no lower
/// ops, so the diagnosis goes by the refusal's detail and the bytes written).
final class RewritingPort: PortConnection {
    let inner = InProcessPort()
    let rewrite: ([String: JSONValue], JSONValue) -> JSONValue

    init(rewrite: @escaping ([String: JSONValue], JSONValue) -> JSONValue) { self.rewrite = rewrite }

    func send(_ request: [String: JSONValue]) throws(PortFailure) -> JSONValue {
        rewrite(request, try inner.send(request))
    }
}

final class InteropTests: XCTestCase {
    let closerOps = Set(HarnessServer.ops(of: [.closer]).map(\.name))
    let fast = Set(InteropFlow.all.map(\.name)).subtracting([
        "couplekey.wrap>couplekey.unwrap", "invite.encrypt>invite.decrypt",
    ])

    func run(_ peers: [InteropPeer], cases: Int, flows: Set<String>? = nil) throws -> InteropReport {
        var options = InteropOptions()
        options.cases = cases
        options.seconds = 0
        options.seed = 3
        options.flows = flows ?? fast
        return try InteropEngine(peers: peers, options: options, profiles: [CloserConformance.profile]).run()
    }

    func testEveryProducerConsumerPairOfTheOpTableHasAFlow() {
        let flows = Set(InteropFlow.all.map { $0.producer + ">" + $0.consumer })
        for flow in InteropFlow.all
        where !["fitlink", "rewarde", "payback"].contains(flow.producer.prefix { $0 != "." }) {
            XCTAssertTrue(closerOps.contains(flow.producer) && closerOps.contains(flow.consumer), flow.name)
        }
        let verbs = [("seal", "open"), ("encrypt", "decrypt"), ("wrap", "unwrap"), ("encode", "decode")]
        var paired = 0
        for op in closerOps {
            for (write, read) in verbs where op.hasSuffix("." + write) {
                let consumer = op.dropLast(write.count) + read
                guard closerOps.contains(String(consumer)) else { continue }
                XCTAssertTrue(flows.contains("\(op)>\(consumer)"), "no flow \(op)>\(consumer)")
                paired += 1
            }
        }
        // aead, aesgcm, hybrid, enc, sealed, pub, keybox, couplekey, invite, encoding.
        XCTAssertEqual(paired, 10)
    }

    func testTheSameSeedGivesTheSameInputs() {
        // A flow's inputs are the explore generators of the profiles the reference serves.
        let reference = ExploreReference(
            port: InProcessPort(server: HarnessServer(profiles: [CloserConformance.profile])))
        for flow in InteropFlow.all where closerOps.contains(flow.producer) && fast.contains(flow.name) {
            let a = (0..<4).map { flow.input(seed: 5, index: $0, reference: reference)?.0.request }
            let b = (0..<4).map { flow.input(seed: 5, index: $0, reference: reference)?.0.request }
            let c = (0..<4).map { flow.input(seed: 6, index: $0, reference: reference)?.0.request }
            XCTAssertEqual(a, b, flow.name)
            XCTAssertTrue(a.allSatisfy { $0 != nil }, "\(flow.name): no valid input drawn")
            XCTAssertNotEqual(a, c, flow.name)
        }
    }

    func testCloserSpecReadsBackWhatItWritesOnEveryFlow() throws {
        let report = try run([], cases: 12)
        XCTAssertEqual(report.ports.map(\.name), ["closer-spec"])
        for pair in report.pairs {
            XCTAssertEqual(pair.cases, 12, pair.flow)
            XCTAssertEqual(pair.failed, 0, "\(pair.flow): \(pair.mismatches.map(\.message))")
        }
        XCTAssertEqual(report.pairs.count, fast.filter { closerOps.contains(String($0.prefix { $0 != ">" })) }.count)
    }

    func testAReaderThatRefusesPaddingIsBlamedAndMinimized() throws {
        // A consumer whose enc:v1 reader refuses '=' (b64url habits): CloserSpec's own values fail it.
        let port = RewritingPort { request, answer in
            guard request["op"]?.stringValue == "enc.open", request["value"]?.stringValue?.contains("=") == true else {
                return answer
            }
            return .object([
                "id": request["id"] ?? .null, "ok": .bool(false),
                "error": .object(["code": .string("decode_error"), "detail": .string("b64.invalid_padding")]),
            ])
        }
        let fake = InteropPeer(
            name: "fake-reader", implementation: "fake", ops: ["enc.seal", "enc.open"], connection: port)
        let report = try run([fake], cases: 12, flows: ["enc.seal>enc.open"])
        let pair = { (p: String, c: String) in report.pairs.first { $0.producer == p && $0.consumer == c }! }
        XCTAssertEqual(pair("fake-reader", "closer-spec").failed, 0)
        XCTAssertEqual(pair("closer-spec", "closer-spec").failed, 0)
        let failing = pair("closer-spec", "fake-reader")
        XCTAssertGreaterThan(failing.failed, 0)
        XCTAssertLessThan(failing.failed, 12)  // a body whose length is a multiple of 3 has no padding
        let m = try XCTUnwrap(failing.mismatches.first)
        XCTAssertEqual(m.layer?.rawValue, "encoding")
        XCTAssertTrue(m.message.contains("the reader is at fault"), m.message)
        // Minimized: one scalar of text at most, the coupleId one scalar (no id can be empty).
        XCTAssertLessThanOrEqual(m.input.request["text"]?.stringValue?.unicodeScalars.count ?? 99, 1)
        XCTAssertEqual(m.input.request["coupleId"]?.stringValue?.unicodeScalars.count, 1)
        XCTAssertTrue(
            m.reproduce.contains("--flow 'enc.seal>enc.open'") && m.reproduce.contains("--case \(m.caseIndex)"))
    }

    func testAWriterThatDropsPaddingIsBlamedWithItsLayer() throws {
        let port = RewritingPort { request, answer in
            guard request["op"]?.stringValue == "enc.seal", case .object(var o) = answer,
                let v = o["value"]?.stringValue
            else { return answer }
            o["value"] = .string(String(v.reversed().drop { $0 == "=" }.reversed()))
            return .object(o)
        }
        let fake = InteropPeer(
            name: "fake-writer", implementation: "fake", ops: ["enc.seal", "enc.open"], connection: port)
        let report = try run([fake], cases: 12, flows: ["enc.seal>enc.open"])
        let failing = report.pairs.filter { $0.failed > 0 }
        XCTAssertEqual(Set(failing.map(\.producer)), ["fake-writer"])
        XCTAssertEqual(Set(failing.map(\.consumer)), ["closer-spec", "fake-writer"])
        for m in failing.flatMap(\.mismatches) {
            XCTAssertEqual(m.layer?.rawValue, "encoding")
            XCTAssertTrue(
                m.message.contains("the writer is at fault") && m.message.contains("without padding"), m.message)
        }
        // A broken variant of the check: had the consumer's answer not been compared, nothing would fail.
        XCTAssertNotNil(InteropCheck.differing(.object(["ok": .bool(true)]), expected: ["text": .string("a")]))
    }

    func testTheResultsFileHasTheDocumentedShape() throws {
        let port = RewritingPort { request, answer in
            request["op"]?.stringValue == "enc.open"
                ? .object(["id": request["id"] ?? .null, "ok": .bool(true), "text": .string("x")]) : answer
        }
        let fake = InteropPeer(name: "fake", implementation: "fake", ops: ["enc.seal", "enc.open"], connection: port)
        let report = try run([fake], cases: 3, flows: ["enc.seal>enc.open"])
        let file = try JSONValue(parsing: report.resultsJSON())
        guard case .object(let top) = file, case .array(let pairs)? = file["pairs"] else { return XCTFail("no pairs") }
        XCTAssertEqual(Set(top.keys), ["format", "version", "seed", "ports", "pairs"])
        XCTAssertEqual(file["format"], .string("closer-spec-interop"))
        XCTAssertEqual(file["version"], .number(1))
        XCTAssertEqual(file["ports"], .array([.string("closer-spec"), .string("fake")]))
        XCTAssertEqual(pairs.count, 4)
        for case .object(let p) in pairs {
            XCTAssertEqual(Set(p.keys), ["producer", "consumer", "flow", "cases", "passed", "failed", "mismatches"])
        }
        let mismatches = pairs.compactMap { p -> [JSONValue]? in
            if case .array(let m)? = p["mismatches"] { m } else { nil }
        }.joined()
        XCTAssertFalse(mismatches.isEmpty)
        for case .object(let m) in mismatches {
            XCTAssertEqual(Set(m.keys), ["input", "produced", "consumed", "layer", "message", "reproduce"])
        }
    }
}
