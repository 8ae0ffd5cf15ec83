// closer-spec-guided: coverage-guided explore (specs/explore.md §"Guided"). libFuzzer mutates
// byte strings (tapes); each is drawn into a case by explore's generators (ExploreRandom(tape:)),
// answered by CloserSpec in process — whose libraries alone are instrumented, so libFuzzer keeps
// the tapes that reach new edges of the reference — and sent to every port as plain explore
// does. Built by scripts/guided.sh (CLOSER_GUIDED=1); `closer-spec explore --guided` execs it.

import CGuidedCoverage
import CloserHarness
import CloserWire
import Foundation
import ProfileRegistry

#if canImport(Glibc)
    import Glibc
#endif

let profiles = AppProfiles.all

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("closer-spec-guided: \(message)\n".utf8))
    exit(status)
}

let arguments: GuidedArguments
switch GuidedArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let a): arguments = a
case .failure(let e): fail(e.message)
}
if let root = arguments.measureVectors {
    do { try GuidedBaseline.measure(root: root, profiles: profiles) } catch { fail("error: \(error.reason)") }
    exit(0)
}
if let dir = arguments.writeSeeds {
    GuidedOutput.writeSeeds(to: dir)
    exit(0)
}
GuidedOutput.seedIfEmpty(arguments.corpus)
let baseline: GuidedBaseline
do { baseline = try GuidedBaseline(root: arguments.vectors) } catch {
    fail("error: \(error.reason)")
}
var options = ExploreOptions()
options.timeout = arguments.timeout
options.ops = GuidedOutput.selectedOps(arguments)
let engine = ExploreEngine(commands: arguments.ports, options: options, profiles: profiles)
nonisolated(unsafe) let run: GuidedRun
do {
    let session = try ExploreGuidedSession(engine: engine)
    run = GuidedRun(arguments: arguments, session: session, profiles: profiles, vectors: baseline)
} catch { fail("error: \(error.reason)") }
print(
    "guided: \(run.session.generators.count) ops, corpus \(arguments.corpus), seed \(arguments.seed), "
        + String(format: "baseline %d vector tests in %.1f s", baseline.tests, baseline.seconds)
        + (baseline.fromCache ? " (cached)" : ""))

// libFuzzer ends the process with exit() after its last input: the report is written then.
atexit { GuidedOutput.finish(run) }
let artifacts = arguments.out ?? ".build/explore"
try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
let fuzzerArguments = arguments.libFuzzerArguments(program: CommandLine.arguments[0], artifacts: artifacts)
let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: fuzzerArguments.count + 1)
for (i, a) in fuzzerArguments.enumerated() { vector[i] = strdup(a) }
vector[fuzzerArguments.count] = nil
var argc = Int32(fuzzerArguments.count)
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = vector
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    run.one(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
exit(status)
