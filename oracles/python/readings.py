"""The tests a port runs under a choice of ManualConflict readings (specs/vectors.md §Test
`reading`, specs/harness.md §Readings), read independently of CloserSpec's loader: a test with a
`reading` runs only under its conflict's chosen reading, and a chosen manual test's `replaces`
tcIds are left out."""

from __future__ import annotations


def selected_tests(doc, manual=frozenset()):
    """The tests of a suite file a port runs when the conflicts in `manual` are read the
    manual's way and every other conflict the pinned way."""
    tests = [t for g in doc["testGroups"] for t in g["tests"]]
    replaced = set()
    for t in tests:
        r = t.get("reading")
        if r and r["choice"] == "manual" and r["conflict"] in manual:
            replaced.update(r.get("replaces", []))

    def runs(t):
        r = t.get("reading")
        if t["tcId"] in replaced:
            return False
        return r is None or r["choice"] == ("manual" if r["conflict"] in manual else "pinned")

    return [t for t in tests if runs(t)]


def conflicts(doc):
    """The conflict ids the suite's tests carry."""
    return {t["reading"]["conflict"] for g in doc["testGroups"] for t in g["tests"] if "reading" in t}


def matches(expected, actual):
    """specs/vectors.md §Test: every member of `expected` equals the response's member."""
    return isinstance(actual, dict) and all(k in actual and actual[k] == v for k, v in expected.items())
