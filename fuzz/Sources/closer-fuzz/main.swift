// libFuzzer targets for every parser an attacker reaches (specs/threat-model.md
// §"Fuzzing"). One binary, the target named by the environment variable FUZZ_TARGET; every
// other argument is libFuzzer's. Built and run by fuzz/run.sh only (Package.swift adds this
// target when CLOSER_FUZZ=1). Each target asserts properties, not just "no crash": a failed
// property traps, and libFuzzer saves the input as a crash.

import CFuzzDriver
import CloserWire
import Foundation

@testable import CloserHarness
@testable import CloserRules

let targets: [String: (ArraySlice<UInt8>) -> Void] = [
    "encoding": FuzzTargets.encoding,
    "protobuf": FuzzTargets.protobuf,
    "json": FuzzTargets.json,
    "wire": FuzzTargets.wire,
    "kdfparams": FuzzTargets.kdfParams,
    "phrase": FuzzTargets.phrase,
    "harness": FuzzTargets.harness,
    "rules": FuzzTargets.rules,
    "vectorfile": FuzzTargets.vectorFile,
    "divergences": FuzzTargets.divergences,
]

guard let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"], let target = targets[name] else {
    FileHandle.standardError.write(
        Data("set FUZZ_TARGET to one of: \(targets.keys.sorted().joined(separator: ", "))\n".utf8))
    exit(2)
}
nonisolated(unsafe) let selected = target

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = UnsafeMutableRawPointer(CommandLine.unsafeArgv)
    .assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        selected(data.map { Array(UnsafeBufferPointer(start: $0, count: size))[...] } ?? [])
        return 0
    })
