#!/usr/bin/env python3
"""The op-literals guard fails on what it must: an op name planted as a string literal in a source
file (a generator, a suite), a file over its budget, a file under it; and passes an op named
through its HarnessOpSpec value, an op name in a comment, a dotless op name and the op table's own
declarations. Run by `make test-op-literals` before the check itself."""
import importlib.util
import pathlib
import tempfile
import unittest

_spec = importlib.util.spec_from_file_location("op_literals", pathlib.Path(__file__).with_name("op-literals.py"))
op_literals = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(op_literals)

TABLE = '''extension HarnessOpSpec {
    package static let encSeal = Self(
        "enc.seal", family: "wire", fields: [], output: [])
    package static let canonicalize = Self("canonicalize", family: "wire", fields: [], output: [])
}
'''

CLEAN = '''// A generator for "enc.seal" (the comment names the op: allowed).
extension ExploreGenerator {
    static var enc: [ExploreGenerator] {
        [ExploreGenerator(.encSeal) { r, ref in GeneratedInput(["text": .string("enc.sealed")]) }]
    }
    static let layer = "canonicalize"  // a dotless op name is a layer's word too
    static let url = "https://example.com/a//b"  // "enc.seal"
}
'''


class OpLiteralsTests(unittest.TestCase):
    def tree(self, files):
        root = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return root

    def test_an_op_named_through_its_spec_passes(self):
        root = self.tree({"Sources/Core/Ops/HarnessOpSpecs.swift": TABLE, "Sources/Core/Gen.swift": CLEAN})
        problems, files, names, total = op_literals.check(root, budget={})
        self.assertEqual(problems, [])
        self.assertEqual((files, names, total), (2, 2, 0))

    def test_a_planted_literal_in_a_generator_fails(self):
        planted = CLEAN.replace("ExploreGenerator(.encSeal)", 'ExploreGenerator("enc.seal")')
        root = self.tree({"Sources/Core/Ops/HarnessOpSpecs.swift": TABLE, "Sources/Core/Gen.swift": planted})
        problems, _, _, _ = op_literals.check(root, budget={})
        self.assertEqual(len(problems), 1)
        self.assertIn('Sources/Core/Gen.swift: 1 op-name literals, budget 0 (4: "enc.seal")', problems[0])

    def test_a_planted_literal_in_a_profiles_suite_fails(self):
        table = TABLE.replace('"enc.seal"', '"payback.isMe"')
        suite = 'let t = WireTest(op: "payback.isMe", input: [:])\n'
        root = self.tree({
            "Sources/Profiles/PayBack/PayBackConformance/PayBackOps.swift": table,
            "Sources/Profiles/PayBack/PayBackConformance/PayBackIdentitySuite.swift": suite,
        })
        problems, _, _, _ = op_literals.check(root, budget={})
        self.assertEqual(len(problems), 1)
        self.assertIn("PayBackIdentitySuite.swift: 1 op-name literals", problems[0])

    def test_the_budget_may_only_shrink(self):
        files = {"Sources/Core/Ops/HarnessOpSpecs.swift": TABLE,
                 "Sources/Core/Bench.swift": 'let rows = ["enc.seal", "enc.seal"]\n'}
        root = self.tree(files)
        self.assertEqual(op_literals.check(root, budget={"Sources/Core/Bench.swift": (2, "rows")})[0], [])
        over = op_literals.check(root, budget={"Sources/Core/Bench.swift": (1, "rows")})[0]
        self.assertIn("budget 1", over[0])
        under = op_literals.check(root, budget={"Sources/Core/Bench.swift": (3, "rows")})[0]
        self.assertIn("lower its line", under[0])

    def test_the_committed_tree_is_within_its_budget(self):
        problems, files, names, _ = op_literals.check(op_literals.ROOT)
        self.assertEqual(problems, [])
        self.assertGreater(files, 100)
        self.assertGreater(names, 50)


if __name__ == "__main__":
    unittest.main()
