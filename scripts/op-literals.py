#!/usr/bin/env python3
"""No op name as a string literal outside the op table (docs/adding-a-profile.md §"Adding an op").

An op's one spelling is its declaration in the op table: `static let encSeal = Self("enc.seal",
family: …)` on `HarnessOpSpec` (Closer's in Sources/Core/Harness/Ops/HarnessOpSpec*.swift, a
profile's in its conformance target's `*Ops.swift`). Everything else names the op through that
value (`ExploreGenerator(.encSeal, …)`, `reference.output(.bindingAAD, …)`,
`HarnessOpSpec.encSeal.name`). This guard reads every declaration, then every string literal in
Sources/**/*.swift outside the files that declare ops (comments left out), and fails on a literal
equal to an op name.

Only dotted names are checked (`enc.seal`, `payback.isMe`): the four dotless ops (`info`,
`canonicalize`, `commitment`, `argon2id`) are also the words for a layer, an algorithm and a bench
row, so a literal of one says nothing about an op.

BUDGET lists the files that still hold such literals, each with its count and reason; a file not
listed, or over its count, fails, and so does a file under its count (lower its line: the budget
may only shrink).

Usage: scripts/op-literals.py [ROOT]   (default: the repository)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

DECLARATION = re.compile(r'static let \w+ = Self\(\s*"([^"\\]+)",\s*family:')
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')

MODEL = "the vector model sits below the harness and cannot see HarnessOpSpec"
BENCH = "a bench row's name (docs/performance.md), which reads like the op it times"
PROFILE_FLOWS = "a profile's op seen from the core (interop's profile flows), which cannot import its conformance target"
RECIPE = "an accumulate recipe's name (specs/explore.md), an enum raw value, which must be a literal"

# path: (count, reason). A path not listed has a budget of 0.
BUDGET = {
    "Sources/CloserBench/SystemBenchCases.swift": (3, BENCH),
    "Sources/CloserBench/WireBenchCases.swift": (3, BENCH),
    "Sources/Core/Harness/Explore/Accumulator.swift": (1, RECIPE),
    "Sources/Core/Harness/Interop/InteropFlows+Pairing.swift": (10, PROFILE_FLOWS),
    "Sources/Core/Harness/Interop/InteropValues+FitLinkChat.swift": (2, PROFILE_FLOWS),
    "Sources/Core/VectorModel/Model/VectorFile.swift": (1, MODEL),
    "Sources/Core/VectorModel/Support/RulesDecisionCase.swift": (1, MODEL),
}


def code_part(line):
    """The line without its `//` comment (a `//` inside a string literal is kept)."""
    in_string, i = False, 0
    while i < len(line):
        c = line[i]
        if c == "\\" and in_string:
            i += 2
            continue
        if c == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", i):
            return line[:i]
        i += 1
    return line


def op_names(sources):
    """Every declared op name, and the files that declare ops (the op table)."""
    names, table = set(), set()
    for path in sources:
        found = DECLARATION.findall(path.read_text(encoding="utf-8"))
        if found:
            names.update(found)
            table.add(path)
    return names, table


def literals(path, names):
    """(line number, op name) of every literal in `path` equal to a dotted op name."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        for text in LITERAL.findall(code_part(line)):
            if "." in text and text in names:
                out.append((number, text))
    return out


def check(root, budget=None):
    budget = BUDGET if budget is None else budget
    sources = sorted((root / "Sources").rglob("*.swift"))
    names, table = op_names(sources)
    problems, counts = [], {}
    for path in sources:
        if path in table:
            continue
        rel = path.relative_to(root).as_posix()
        found = literals(path, names)
        if found:
            counts[rel] = found
        allowed = budget.get(rel, (0, ""))[0]
        if len(found) > allowed:
            shown = ", ".join(f"{n}: \"{t}\"" for n, t in found[:5])
            problems.append(f"{rel}: {len(found)} op-name literals, budget {allowed} ({shown})")
        elif len(found) < allowed:
            problems.append(f"{rel}: {len(found)} op-name literals, under its budget {allowed}: lower its line")
    return problems, len(sources), len(names), sum(len(v) for v in counts.values())


def main(args):
    root = pathlib.Path(args[0]).resolve() if args else ROOT
    problems, files, names, total = check(root)
    for p in problems:
        print("FAIL:", p)
    print(f"op literals: {files} files, {names} op names, {total} literals within the budget of "
          f"{len(BUDGET)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
