import ArgumentParser
import CloserHarness
import CloserWire
import Foundation
import ProfileRegistry

/// `closer-spec interop --port A --port B …`: every producer/consumer flow between every ordered
/// pair of ports, CloserSpec in process included as `closer-spec`; every mismatch minimized and its
/// layer named (specs/interop.md).
struct Interop: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that what one port writes, every other port (and CloserSpec) reads back.",
        discussion: """
            Each port is started with /bin/sh -c CMD (harness protocol v1). For every flow (a producer op and
            the consumer op that reads its output: enc.seal>enc.open, keybox.wrap>keybox.unwrap, …) whose two
            ops a pair of ports lists, generated inputs are produced by one and consumed by the other, with the
            keys and ids both share; the consumer must answer the original input back. Prints the ordered-pair
            matrix, one line per ordered pair, each mismatch with its layer and a command that reproduces it;
            the last line is 'N cases, N failed, N mismatches'. Exit status 1 on any mismatch.
            """)

    @Option(help: "The command that starts a port (repeatable).") var port: [String] = []
    @Option(help: "Cases per flow.") var cases: Int?
    @Option(help: "Stop after this many seconds (default 60 without --cases).") var seconds: Double?
    @Option(help: "Only this case of each flow (a reproduction).") var `case`: Int?
    @Option(help: "The run's seed: the same seed gives the same cases.") var seed: UInt64 = 1
    @Option(help: "Seconds to wait for each response.") var timeout: Double = 30
    @Option(help: "Only this flow, PRODUCER>CONSUMER (repeatable).") var flow: [String] = []
    @Option(help: "Not this flow (repeatable): e.g. the production-cost Argon2id flows.") var skipFlow: [String] = []
    @Option(help: "Only pairs with this producer: closer-spec or a --port command.") var producer: String?
    @Option(help: "Only pairs with this consumer: closer-spec or a --port command.") var consumer: String?
    @Option(help: "Write the run as JSON (closer-spec-interop version 1) to this file.") var results: String?

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds in (0, 3600]")
        }
        if let seconds {
            guard seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw ValidationError("--seconds must be in (0, 86400]")
            }
        }
        if let cases { guard cases > 0 else { throw ValidationError("--cases must be positive") } }
        if let c = `case` { guard c >= 0 else { throw ValidationError("--case must be 0 or more") } }
        guard Set(port).count == port.count, !port.contains(InteropPeer.referenceName) else {
            throw ValidationError("each --port must be given once, and not as closer-spec (always included)")
        }
        let known = Set(InteropFlow.all.map(\.name))
        for name in flow + skipFlow where !known.contains(name) {
            throw usageError("unknown flow \(name); the flows: \(InteropFlow.all.map(\.name).joined(separator: ", "))")
        }
        for name in [producer, consumer].compactMap({ $0 })
        where name != InteropPeer.referenceName && !port.contains(name) {
            throw usageError("--producer and --consumer name closer-spec or a --port command, not \(name)")
        }
    }

    func run() throws {
        var options = InteropOptions()
        options.seed = seed
        options.cases = cases
        options.seconds = seconds ?? (cases == nil && `case` == nil ? 60 : 0)
        options.onlyCase = `case`
        options.timeout = timeout
        let names = flow.isEmpty ? InteropFlow.all.map(\.name) : flow
        options.flows = Set(names).subtracting(skipFlow)
        options.producer = producer
        options.consumer = consumer
        let peers = port.map { InteropPeer(command: $0, timeout: timeout) }
        let report: InteropReport
        do {
            report = try InteropEngine(peers: peers, options: options, profiles: AppProfiles.all).run()
        } catch {
            printLines("error: \(error.reason)")
            throw ExitCode(2)
        }
        write(report)
        if let results { try Data(report.resultsJSON()).write(to: URL(fileURLWithPath: results)) }
        if report.failed > 0 { throw ExitCode(1) }
    }

    func write(_ report: InteropReport) {
        for (i, p) in report.ports.enumerated() {
            printLine("port #\(i): \(p.implementation)\(i == 0 ? " (in process)" : " (\(p.name))")")
        }
        printLine("flows: " + report.flows.joined(separator: ", "))
        for line in InteropText.matrix(report) { printLine(line) }
        for line in InteropText.pairLines(report) { printLine(line) }
        for line in InteropText.mismatchLines(report) { printLine(line) }
        print(String(format: "%.1f s", report.seconds))
        let mismatches = report.pairs.reduce(0) { $0 + $1.mismatches.count }
        print("\(report.cases) cases, \(report.failed) failed, \(mismatches) mismatches")
    }
}
