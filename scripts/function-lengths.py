#!/usr/bin/env python3
"""Lists Swift functions longer than a limit (default 150 lines), the measure behind the
"no function over 150 lines in Sources/" rule (docs/adding-a-profile.md §House rules).

A function is the body of a `func`, `init`, `deinit`, `subscript` or accessor (`get`, `set`,
`willSet`, `didSet`, a computed property's `var x: T {`), or a closure stored by a `let`/`var`
declaration (`static let op = HarnessOp(...) {`). A declaration's body is the first `{` after it
at the declaration's own bracket depth, however many lines the signature is wrapped over
(parameters, `throws`, `-> T`, `where` clauses); a declaration with no body (a protocol
requirement) is ended by the next declaration or by the enclosing `}`. Its length is the number
of lines from the declaration's first line to the line of its closing brace, inclusive, so a
wrapped signature counts. Comments and string literals (single-line, multi-line and raw) are
blanked before anything is matched. Exit status 1 when any function is over the limit.

Usage: scripts/function-lengths.py [--limit N] [--top K] DIR...
"""
import os
import re
import sys

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Keywords that open a declaration whose body (if any) is the next `{` at the same depth.
SIGNATURE_DECLS = {"func", "init", "deinit", "subscript"}
ACCESSORS = {"get", "set", "willSet", "didSet", "_read", "_modify"}
STORED = {"let", "var"}
# A `let`/`var` after one of these binds a pattern in a condition, not a stored closure.
CONDITION_WORDS = {"if", "guard", "while", "case", "for", "in", ","}
ACCESSOR_TAIL = re.compile(r"\s*(?:\(\s*\w+\s*\)\s*)?(?:async\s*)?(?:throws\s*)?\{")


def strip(text):
    """Replaces comments and string literal contents by spaces, keeping newlines."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            i = skip_string(text, i, out)
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_string(text, i, out):
    """Blanks the string literal starting at i (any number of #, single or triple quotes)."""
    n = len(text)
    hashes = len(re.match(r"#*", text[i:]).group(0))
    start = i
    i += hashes
    triple = text.startswith('"""', i)
    i += 3 if triple else 1
    close = ('"""' if triple else '"') + "#" * hashes
    while i < n and not text.startswith(close, i):
        if text[i] == "\\" and text.startswith("#" * hashes, i + 1):
            if text.startswith("(", i + 1 + hashes):  # interpolation: skip balanced parens
                depth, i = 1, i + 2 + hashes
                while i < n and depth:
                    depth += {"(": 1, ")": -1}.get(text[i], 0)
                    i += 1
                continue
            i += 2 + hashes
            continue
        i += 1
    i = min(n, i + len(close))
    out.append(re.sub(r"[^\n]", "~", text[start:i]))  # not blank: a string ends a statement
    return i


class Scanner:
    """Walks blanked Swift text, pairing each declaration with its body's braces."""

    def __init__(self, text):
        self.text = text
        self.found = []  # (length, start line, name)
        self.braces = []  # (line of the declaration or None, name, depth of parens/brackets)
        self.pending = None  # (kind, line, name, bracket depth) of a declaration awaiting `{`
        self.brackets = 0
        self.line = 1
        self.previous_word = ""
        self.last_char = ""

    def run(self):
        text, i, n = self.text, 0, len(self.text)
        while i < n:
            c = text[i]
            m = WORD.match(text, i) if (c.isalpha() or c == "_") else None
            if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_$")):
                self.word(m.group(0), i, m.end())
                i = m.end()
                continue
            self.punctuation(c, i)
            i += 1
        return self.found

    def word(self, w, start, end):
        before = self.text[start - 1] if start else "\n"
        if w in SIGNATURE_DECLS and before != ".":
            self.pending = (w, self.line, self.name_after(w, end), self.brackets)
        elif w in ACCESSORS and before in " \t\n{;" and ACCESSOR_TAIL.match(self.text, end):
            self.pending = ("accessor", self.line, w, self.brackets)
        elif w in STORED and before in " \t\n{;(" and self.previous_word not in CONDITION_WORDS:
            name = re.match(r"\s*(\w*)", self.text[end:]).group(1)
            self.pending = ("stored", self.line, f"{w} {name}", self.brackets)
        self.previous_word = w
        self.last_char = w[-1]

    def name_after(self, keyword, end):
        m = re.match(r"\s*([^\s(<:={]+)", self.text[end:])
        if keyword == "func" and m:
            return f"func {m.group(1)}"
        return keyword + ("?" if self.text.startswith("?", end) else "")

    def punctuation(self, c, i):
        if c == "\n":
            self.line += 1
            self.end_stored_statement(i)
        elif c in "([":
            self.brackets += 1
        elif c in ")]":
            self.brackets -= 1
        elif c == "{":
            self.open_brace()
        elif c == "}":
            self.close_brace()
        elif c == ";" and self.pending and self.pending[3] == self.brackets:
            self.pending = None
        if c not in " \t\n":
            self.last_char = c
            if c == ",":
                self.previous_word = ","

    def end_stored_statement(self, i):
        """A `let`/`var` whose line ends without `{` or a continuation stores no closure."""
        if not self.pending or self.pending[0] != "stored" or self.pending[3] != self.brackets:
            return
        following = self.text[i + 1 :].lstrip(" \t\n")[:1]
        if self.last_char not in "=([,.:" and following not in ("{", "."):
            self.pending = None

    def open_brace(self):
        if self.pending and self.pending[3] == self.brackets:
            kind, line, name, _ = self.pending
            self.braces.append((line, name, self.brackets))
            self.pending = None
        else:
            self.braces.append((None, None, self.brackets))

    def close_brace(self):
        if self.pending and self.pending[3] == self.brackets:
            self.pending = None  # a protocol requirement without a body
        if self.braces:
            line, name, _ = self.braces.pop()
            if name:
                self.found.append((self.line - line + 1, line, name))


def functions(path):
    text = strip(open(path, encoding="utf-8").read())
    return [(length, path, start, name) for length, start, name in Scanner(text).run()]


def main(argv):
    limit, top, dirs = 150, 0, []
    it = iter(argv)
    for a in it:
        if a == "--limit":
            limit = int(next(it))
        elif a == "--top":
            top = int(next(it))
        else:
            dirs.append(a)
    allf = []
    for d in dirs or ["Sources"]:
        for root, _, files in os.walk(d):
            for f in files:
                if f.endswith(".swift"):
                    allf += functions(os.path.join(root, f))
    allf.sort(reverse=True)
    over = [f for f in allf if f[0] > limit]
    for length, path, start, name in (allf[:top] if top else over):
        print(f"{length:5d}  {path}:{start}  {name[:60]}")
    print(f"{len(allf)} functions measured, {len(over)} over {limit} lines, longest {allf[0][0] if allf else 0}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
