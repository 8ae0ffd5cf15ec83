#!/usr/bin/env python3
"""Lists Swift functions longer than a limit (default 150 lines), the measure behind the
"no function over 150 lines in Sources/" rule (README §Layout).

A function is the body of a `func`, `init`, `deinit`, `subscript` or computed-property
accessor, or a closure stored by a `let`/`var` declaration (`static let op = HarnessOp(...) {`).
Its length is the number of lines from the line of its opening brace to the line of its closing
brace, inclusive. Comments and string literals (single-line, multi-line and raw) are skipped
before braces are matched. Exit status 1 when any function is over the limit.

Usage: scripts/function-lengths.py [--limit N] [--top K] DIR...
"""
import os
import re
import sys

DECL = re.compile(
    r"(?:^|[\s;{}])(?:func\s+[^\s(<]+|init[?!]?|deinit|subscript|get|set|willSet|didSet)\s*(?:[(<{]|$)"
    r"|(?:^|\s)(?:let|var)\s+\w+(?:\s*:\s*[^=]+?)?\s*(?:=\s*.*)?\{\s*$")


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
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i
            i += hashes
            triple = text.startswith('"""', i)
            i += 3 if triple else 1
            close = ('"""' if triple else '"') + "#" * hashes
            while i < n and not text.startswith(close, i):
                if text[i] == "\\" and hashes == 0:
                    if text.startswith("\\(", i):  # interpolation: skip balanced parens
                        depth, i = 1, i + 2
                        while i < n and depth:
                            depth += {"(": 1, ")": -1}.get(text[i], 0)
                            i += 1
                        continue
                    i += 2
                    continue
                i += 1
            i = min(n, i + len(close))
            out.append(re.sub(r"[^\n]", " ", text[start:i]))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    text = strip(open(path, encoding="utf-8").read())
    lines = text.split("\n")
    stack = []  # (line of '{', name or None)
    found = []
    for lineno, line in enumerate(lines, 1):
        for col, ch in enumerate(line):
            if ch == "{":
                head = line[: col + 1]
                m = DECL.search(head)
                name = m.group(0).strip() if m else None
                stack.append((lineno, name))
            elif ch == "}" and stack:
                start, name = stack.pop()
                if name:
                    found.append((lineno - start + 1, path, start, name))
    return found


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
