#!/usr/bin/env python3
"""The function-length guard measures what it claims: wrapped signatures, initializers,
accessors and stored closures, and fails a 200-line function however its signature is wrapped.
Run by `make test-function-lengths` before the guard itself."""
import importlib.util
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).with_name("function-lengths.py")
spec = importlib.util.spec_from_file_location("function_lengths", SCRIPT)
function_lengths = importlib.util.module_from_spec(spec)
spec.loader.exec_module(function_lengths)


def body(lines):
    return "".join(f"        let v{i} = {i}\n" for i in range(lines))


class FunctionLengthTests(unittest.TestCase):
    def measure(self, source):
        with tempfile.TemporaryDirectory() as tmp:
            path = pathlib.Path(tmp, "T.swift")
            path.write_text(source, encoding="utf-8")
            found = function_lengths.functions(str(path))
            run = subprocess.run([sys.executable, str(SCRIPT), tmp], capture_output=True, text=True)
            return {name: length for length, _, _, name in found}, run.returncode

    def test_a_wrapped_200_line_function_fails(self):
        source = (
            "struct S {\n    func build(\n        a: Int,\n        b: (Int) -> Int = { $0 }\n"
            "    ) throws -> [Int]\n        where Self: Sendable\n    {\n" + body(200) + "        return []\n    }\n}\n"
        )
        lengths, status = self.measure(source)
        self.assertEqual(lengths["func build"], 208)
        self.assertEqual(status, 1)

    def test_a_one_line_signature_counts_from_its_line(self):
        lengths, status = self.measure("func f() {\n" + body(148) + "}\n")
        self.assertEqual((lengths["func f"], status), (150, 0))
        lengths, status = self.measure("func f() {\n" + body(149) + "}\n")
        self.assertEqual((lengths["func f"], status), (151, 1))

    def test_wrapped_initializer_accessor_and_stored_closure(self):
        source = (
            "struct S {\n    init(\n        x: Int\n    ) {\n" + body(160) + "    }\n"
            "    var computed: Int {\n        get {\n            1\n        }\n    }\n"
            "    static let op = Op(\n        name: 1\n    ) { request in\n" + body(3) + "    }\n}\n"
        )
        lengths, status = self.measure(source)
        self.assertEqual(lengths["init"], 164)
        self.assertIn("get", lengths)
        self.assertEqual(lengths["let op"], 7)
        self.assertEqual(status, 1)

    def test_a_protocol_requirement_does_not_take_the_next_body(self):
        source = "protocol P {\n    func a() -> Int\n    func b(\n    ) -> Int\n}\nfunc c() {\n" + body(2) + "}\n"
        lengths, _ = self.measure(source)
        self.assertEqual(lengths, {"func c": 4})

    def test_braces_in_strings_comments_and_conditions_are_not_functions(self):
        source = (
            'func f() {\n    let s = "{ not a body"  // {\n    if let x = g() {\n        print(x)\n    }\n'
            '    /* { */ let t = #"}"#\n}\n'
        )
        lengths, _ = self.measure(source)
        self.assertEqual(lengths, {"func f": 7})


if __name__ == "__main__":
    unittest.main()
