#!/usr/bin/env python3
"""The profile-deps guard fails on what it must: a profile depending on another profile, PayBack
linking Closer's wire values directly or through a core target, and an exception the graph no
longer has. Run by `make test-profile-deps` before the check itself."""
import importlib.util
import pathlib
import unittest

_spec = importlib.util.spec_from_file_location("profile_deps", pathlib.Path(__file__).with_name("profile-deps.py"))
profile_deps = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(profile_deps)


def target(name, path, *deps):
    return {"name": name, "type": "library", "path": path, "target_dependencies": list(deps)}


def graph(*extra):
    """The layout's shape: the core, Closer, PayBack, Unstoppable and FitLink, each exception present."""
    targets = [
        target("CoreWire", "Sources/Core/Wire"),
        target("CoreRules", "Sources/Core/Rules", "CoreWire"),
        target("CloserWire", "Sources/Profiles/Closer/CloserWire", "CoreWire"),
        target("CloserContracts", "Sources/Profiles/Closer/CloserContracts", "CloserWire"),
        target("CloserRules", "Sources/Profiles/Closer/CloserRules", "CloserWire", "CoreRules"),
        target("CloserVectorModel", "Sources/Core/VectorModel", "CoreWire", "CoreRules"),
        target("CloserHarness", "Sources/Core/Harness", "CloserWire", "CloserContracts", "CloserRules"),
        target("PayBack", "Sources/Profiles/PayBack/PayBack", "CoreWire"),
        target("Unstoppable", "Sources/Profiles/Unstoppable/Unstoppable", "CoreWire"),
        target("FitLink", "Sources/Profiles/FitLink/FitLink", "CoreWire", "CoreRules"),
        target("FitLinkConformance", "Sources/Profiles/FitLink/FitLinkConformance", "FitLink", "CoreRules"),
        target("RewardE", "Sources/Profiles/RewardE/RewardE", "CoreRules"),
        target("RewardEConformance", "Sources/Profiles/RewardE/RewardEConformance", "RewardE", "CoreRules"),
    ]
    by_name = {t["name"]: t for t in targets}
    for name, dep in extra:
        by_name[name]["target_dependencies"].append(dep)
    return {"targets": targets}


class ProfileDepsTests(unittest.TestCase):
    def test_the_layout_passes(self):
        self.assertEqual(profile_deps.check(graph())[0], [])

    def test_payback_on_closer_wire_fails(self):
        problems = profile_deps.check(graph(("PayBack", "CloserWire")))[0]
        self.assertIn("PayBack (PayBack) depends on CloserWire (Closer's profile)", problems)
        self.assertIn("PayBack links Closer's CloserWire", problems)

    def test_unstoppable_through_a_core_target_fails(self):
        problems = profile_deps.check(graph(("CoreWire", "CloserContracts")))[0]
        self.assertIn("Unstoppable links Closer's CloserContracts, CloserWire", problems)

    def test_a_profile_on_another_profile_fails(self):
        problems = profile_deps.check(graph(("FitLinkConformance", "PayBack")))[0]
        self.assertEqual(problems, ["FitLinkConformance (FitLink) depends on PayBack (PayBack's profile)"])

    def test_a_profile_on_closer_rules_fails(self):
        problems = profile_deps.check(graph(("RewardE", "CloserRules")))[0]
        self.assertEqual(problems, ["RewardE (RewardE) depends on CloserRules (Closer's profile)"])

    def test_an_exception_no_longer_in_the_graph_fails(self):
        g = graph()
        next(t for t in g["targets"] if t["name"] == "CloserHarness")["target_dependencies"].remove("CloserRules")
        problems = profile_deps.check(g)[0]
        self.assertEqual(problems, ["exception CloserHarness -> CloserRules is gone from the graph: delete its line"])


if __name__ == "__main__":
    unittest.main()
