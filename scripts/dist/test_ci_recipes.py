"""The CI recipes in docs/ci/ stay valid (specs/distribution.md §"CI recipes"): every YAML file
parses with PyYAML, has the jobs and steps its CI needs, names the artifacts as `make dist`
names them, and pins the versions this repository is at. Run by make ci's dist stage
(`make test-ci-recipes`)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
RECIPES = ROOT / "docs" / "ci"
KINDS = {"node": "closer-spec-vectors-$CLOSER_VECTORS_VERSION.tgz",
         "kotlin-gradle": "closer-spec-vectors-$CLOSER_VECTORS_VERSION.jar",
         "swift": "swift test"}
TARBALL = "closer-spec-$CLOSER_SPEC_VERSION-vectors-$CLOSER_VECTORS_VERSION-linux-x86_64.tar.gz"
PINS = ["CLOSER_SPEC_VERSION", "CLOSER_VECTORS_VERSION", "CLOSER_SPEC_TARBALL_SHA256", "CLOSER_SPEC_RELEASES"]


def current_versions() -> dict[str, str]:
    tool = re.search(r'version = "([^"]+)"',
                     (ROOT / "Sources/Core/VectorModel/Writing/CloserSpecVersion.swift").read_text()).group(1)
    vectors = json.loads((ROOT / "vectors/MANIFEST.json").read_text())["vectorSetVersion"]
    return {"CLOSER_SPEC_VERSION": tool, "CLOSER_VECTORS_VERSION": vectors}


def commands(doc: dict, github: bool) -> list[str]:
    """Every shell command of every job."""
    out: list[str] = []
    for name, job in doc.items() if not github else doc["jobs"].items():
        if not isinstance(job, dict):
            continue
        if github:
            out += [s.get("run", "") for s in job.get("steps", [])]
        else:
            out += job.get("script", [])
    return out


def problems(doc: object, kind: str, github: bool) -> list[str]:
    """What is wrong with one parsed recipe (empty: valid)."""
    if not isinstance(doc, dict):
        return ["not a YAML mapping"]
    found: list[str] = []
    pins = doc.get("env" if github else "variables") or {}
    for pin in PINS:
        if pin not in pins:
            found.append(f"no pin {pin}")
    for pin, version in current_versions().items():
        if pins.get(pin) != version:
            found.append(f"{pin} is {pins.get(pin)!r}, the repository is at {version!r}")
    if github:
        if not (doc.get("on") or doc.get(True)):
            found.append("no `on:` trigger")
        if not doc.get("jobs") or not all(j.get("steps") for j in doc["jobs"].values()):
            found.append("no jobs, or a job without steps")
    else:
        jobs = {n: j for n, j in doc.items() if isinstance(j, dict) and "script" in j}
        if not jobs:
            found.append("no job with a script")
        if not any((j.get("artifacts") or {}).get("reports", {}).get("junit") for j in jobs.values()):
            found.append("no job keeps the JUnit report (artifacts.reports.junit)")
    text = "\n".join(commands(doc, github))
    for needed in [TARBALL, "sha256sum -c", "--version", "closer-spec harness", "--junit", KINDS[kind],
                   "--results closer-spec-results.json", "closer-spec report closer-spec-results.json"]:
        if needed not in text:
            found.append(f"no command mentions {needed!r}")
    return found


RECIPE_FILES = sorted(RECIPES.glob("github/*.yml")) + sorted(RECIPES.glob("gitlab/*.gitlab-ci.yml"))


def kind_of(path: Path) -> str:
    return path.name.split(".")[0]


def test_every_kind_has_both_recipes():
    names = {(p.parent.name, kind_of(p)) for p in RECIPE_FILES}
    assert names == {(ci, k) for ci in ("github", "gitlab") for k in KINDS}, names


@pytest.mark.parametrize("path", RECIPE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_recipe(path: Path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert problems(doc, kind_of(path), path.parent.name == "github") == []


def test_tarball_name_is_the_one_make_dist_builds():
    script = (ROOT / "scripts/dist/tarball.sh").read_text()
    assert "NAME=closer-spec-$TOOL-vectors-$SET-linux-x86_64" in script
    assert TARBALL == "closer-spec-$CLOSER_SPEC_VERSION-vectors-$CLOSER_VECTORS_VERSION-linux-x86_64.tar.gz"


@pytest.mark.parametrize("breakage", ["no-junit", "stale-pin", "no-jobs"])
def test_the_check_can_fail(breakage: str):
    path = RECIPES / "github" / "node.yml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    broken = copy.deepcopy(doc)
    if breakage == "no-junit":
        for step in broken["jobs"]["conformance"]["steps"]:
            if "run" in step:
                step["run"] = step["run"].replace("--junit junit.xml", "")
    elif breakage == "stale-pin":
        broken["env"]["CLOSER_VECTORS_VERSION"] = "1.9.0"
    else:
        broken["jobs"] = {}
    assert problems(broken, "node", True), f"{breakage} passed the check"
