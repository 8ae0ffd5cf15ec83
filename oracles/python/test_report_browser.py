"""`closer-spec report` in a real browser (specs/report.md): headless Chromium driven by Selenium
checks what a person sees -- the matrix's counts equal the results files', a broken port's failure
is reachable from the matrix and shows its layer and decision ids, the diff lists the one
injected regression, the badges render, and a hostile port's report runs nothing, keeps its
structure and carries the CSP. Screenshots (desktop and phone width) go to
.build/report-screenshots/ (a CI artifact), with the timings of a 10,000-failure report.

Needs CLOSER_SPEC_BIN, Debian's chromium and chromium-driver, and selenium
(oracles/requirements-browser.txt; `make browser-deps` installs them). Skips, saying which is
missing, only when they are absent.
"""

from __future__ import annotations

import hashlib
import base64
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conftest import closer_spec_binary

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / ".build" / "report-screenshots"
SUITES = ["enc_v1", "date_keys", "quiet_hours"]
REGRESSION_ID = "enc_v1:1:0"
TITLE = "CloserSpec conformance report"
DESKTOP, PHONE = (1280, 900), (390, 844)


def browser_paths() -> tuple[str, str]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.skip("chromium or chromedriver is not installed (make browser-deps installs Debian's "
                    "chromium and chromium-driver)")
    return chromium, driver


@pytest.fixture(scope="module")
def browser():
    chromium, driver_path = browser_paths()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (pip install -r oracles/requirements-browser.txt; make browser-deps)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={DESKTOP[0]},{DESKTOP[1]}"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        yield driver
    finally:
        driver.quit()


def harness(binary: str, port: str, out: Path, suites=SUITES) -> dict:
    args = [binary, "harness", "--port", port, "--results", str(out)]
    for s in suites:
        args += ["--suite", s]
    run = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode in (0, 1), run.stdout[-2000:] + run.stderr[-2000:]
    return json.loads(out.read_text(encoding="utf-8"))


def report(binary: str, out: Path, results: list[Path], baseline: list[Path] = ()) -> str:
    args = [binary, "report", *map(str, results), "--out", str(out), "--generated", "2026-01-01T00:00:00Z"]
    if baseline:
        args += ["--baseline", *map(str, baseline)]
    run = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(run.stdout.strip().splitlines()) == 1, run.stdout
    return run.stdout


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The Python port, the yes-man (accepts every invalid input: a broken port), and a port that
    regresses in one request, with `closer-spec serve` as that port's baseline."""
    binary = closer_spec_binary()
    tmp = tmp_path_factory.mktemp("report")
    files = {
        "python": (f"ports/python/closer-port serve", tmp / "python.json"),
        "yes-man": (f"ports/fixtures/yes-man-port {binary}", tmp / "yes-man.json"),
        "regression": (f"ports/fixtures/regression-port {binary} {REGRESSION_ID}", tmp / "regression.json"),
    }
    data = {name: harness(binary, cmd, path) for name, (cmd, path) in files.items()}
    base = tmp / "baseline.json"
    harness(binary, f"{binary} serve", base)
    out = tmp / "out"
    line = report(binary, out, [p for _, p in files.values()], [base])
    return {"dir": out, "data": data, "order": list(files), "line": line, "tmp": tmp, "binary": binary}


def open_page(browser, path: Path, size=DESKTOP):
    browser.set_window_size(*size)
    browser.get(path.as_uri())
    assert browser.title == TITLE


def test_matrix_counts_equal_the_results_files(browser, runs):
    open_page(browser, runs["dir"] / "index.html")
    headers = [th.text for th in browser.find_elements("css selector", "table.matrix thead th[data-port]")]
    assert headers == [runs["data"][n]["implementation"] for n in runs["order"]]
    for p, name in enumerate(runs["order"]):
        for suite in runs["data"][name]["suites"]:
            cell = browser.find_element(
                "css selector", f'td.cell[data-port="{p}"][data-suite="{suite["suite"]}"]')
            shown = [int(x.replace(",", "")) for x in re.findall(r"[\d,]+", cell.text)]
            want = [suite["passed"], suite["failed"] + suite["divergences"], suite["skipped"]]
            assert shown == want, (name, suite["suite"], cell.text)
    browser.save_screenshot(str(SHOTS / "overview-desktop.png"))
    browser.execute_script("document.getElementById('matrix').scrollIntoView()")
    browser.save_screenshot(str(SHOTS / "matrix-desktop.png"))
    open_page(browser, runs["dir"] / "index.html", PHONE)
    browser.execute_script("document.getElementById('matrix').scrollIntoView()")
    browser.save_screenshot(str(SHOTS / "matrix-phone.png"))


def test_a_failure_is_reachable_with_its_layer_and_decisions(browser, runs):
    open_page(browser, runs["dir"] / "index.html")
    p = runs["order"].index("yes-man")
    failing = next(s for s in runs["data"]["yes-man"]["suites"] if s["suite"] == "quiet_hours")
    assert failing["failed"] > 0
    link = browser.find_element(
        "css selector", f'td.cell[data-port="{p}"][data-suite="quiet_hours"] a')
    link.click()
    anchor = browser.current_url.split("#", 1)[1]
    heading = browser.find_element("id", anchor)
    details = heading.find_element("xpath", "following-sibling::details[1]")
    details.find_element("tag name", "summary").click()
    assert details.get_attribute("open") is not None
    text = details.text
    test = next(t for t in runs["data"]["yes-man"]["tests"] if t["suite"] == "quiet_hours" and t["status"] == "failed")
    assert f"tcId {test['tcId']}" in text
    assert test["layer"] in text
    assert test["decisionIds"] and all(i in text for i in test["decisionIds"])
    assert re.search(r"(verified|stated|inferred|decided)", text)
    reproduce = details.find_elements("css selector", ".val details")[-1]
    reproduce.find_element("tag name", "summary").click()
    assert "printf '%s\\n'" in reproduce.text and "ports/fixtures/yes-man-port" in reproduce.text
    browser.execute_script("arguments[0].scrollIntoView()", details)
    browser.save_screenshot(str(SHOTS / "failure-desktop.png"))
    browser.set_window_size(*PHONE)
    browser.execute_script("arguments[0].scrollIntoView()", details)
    browser.save_screenshot(str(SHOTS / "failure-phone.png"))


def test_the_diff_lists_the_injected_regression(browser, runs):
    open_page(browser, runs["dir"] / "index.html")
    p = runs["order"].index("regression")
    summary = browser.find_element("css selector", f'p.diff-summary[data-port="{p}"]')
    assert summary.get_attribute("data-newly-failing") == "1", summary.text
    assert "1 newly failing" in summary.text and "0 new" in summary.text
    items = summary.find_elements("xpath", "following-sibling::ul[contains(@class,'newly-failing')][1]/li")
    assert len(items) == 1 and "enc_v1" in items[0].text and "tcId 1" in items[0].text
    assert "1 newly failing" in runs["line"]
    # The diff section comes before the matrix.
    ids = [s.get_attribute("id") for s in browser.find_elements("css selector", "main section")]
    assert ids == ["diff", "matrix", "failures", "explore", "interop", "basis"]


def test_badges_render(browser, runs):
    badges = sorted((runs["dir"] / "badges").glob("*.svg"))
    assert badges
    python = runs["data"]["python"]
    total = python["summary"]["passed"]
    svg = runs["dir"] / "badges" / "closer-port-python-closer.svg"
    endpoint = json.loads(svg.with_suffix(".json").read_text())
    assert endpoint == {"schemaVersion": 1, "label": "closer-port-python closer",
                        "message": f"conforms {total:,}/{total:,}", "color": "brightgreen"}
    browser.set_window_size(*DESKTOP)
    browser.get(svg.as_uri())
    rects = browser.find_elements("css selector", "rect")
    assert len(rects) == 2 and all(r.size["width"] > 10 and r.size["height"] == 20 for r in rects)
    assert f"conforms {total:,}/{total:,}" in browser.find_element("css selector", "svg").text
    open_page(browser, runs["dir"] / "index.html")
    shown = browser.find_elements("css selector", ".badges svg")
    assert len(shown) == len(badges) and all(s.size["width"] > 40 for s in shown)
    browser.find_element("css selector", ".badges").screenshot(str(SHOTS / "badges.png"))


def test_hostile_port_runs_nothing(browser, runs):
    binary, tmp = runs["binary"], runs["tmp"]
    hostile = tmp / "hostile.json"
    harness(binary, f"ports/fixtures/hostile-report-port {binary}", hostile, ["enc_v1"])
    raw = hostile.read_text(encoding="utf-8")
    assert "PWNED" in raw and "\\u202e" in raw  # the port did say it
    out = tmp / "hostile-out"
    report(binary, out, [hostile], [hostile])
    page = (out / "index.html").read_text(encoding="utf-8")
    style = page.split("<style>", 1)[1].split("</style>", 1)[0]
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    csp = f"default-src 'none'; style-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    assert f'<meta http-equiv="Content-Security-Policy" content="{csp}">' in page
    open_page(browser, out / "index.html")
    assert browser.execute_script("return document.scripts.length") == 0
    assert browser.execute_script("return document.querySelectorAll('img,iframe,object,embed,style').length") == 1
    ids = [s.get_attribute("id") for s in browser.find_elements("css selector", "main > section")]
    assert ids == ["diff", "matrix", "failures", "explore", "interop", "basis"]
    for details in browser.find_elements("css selector", "details.failure")[:10]:
        details.find_element("tag name", "summary").click()
    from selenium.webdriver.common.action_chains import ActionChains
    for el in [e for e in browser.find_elements("css selector", "details.failure pre") if e.is_displayed()][:20]:
        browser.execute_script("arguments[0].scrollIntoView()", el)
        ActionChains(browser).move_to_element(el).perform()
    assert browser.title == TITLE
    assert "PWNED" in browser.find_element("tag name", "body").text  # shown, as text
    assert not any(c in page for c in "\u202e\u2066\u2069\u202c")
    assert len(page) < 5_000_000
    browser.save_screenshot(str(SHOTS / "hostile-desktop.png"))


def synthetic_failures(n: int) -> dict:
    """A results v2 file with n failing tests (realistic sizes: an enc_v1 request and answers)."""
    tests = []
    for i in range(n):
        tests.append({
            "suite": "enc_v1", "tcId": i + 1, "status": "failed", "comment": f"case {i}", "flags": ["Padding"],
            "message": "accepted an input the vector refuses at encoding", "layer": "encoding",
            "contentId": hashlib.sha256(str(i).encode()).hexdigest(), "expectationDigest": "00",
            "decisionIds": ["D-WIRE-03"], "failedStep": 0,
            "request": {"id": f"enc_v1:{i + 1}:0", "op": "enc.open", "coupleId": "c1",
                        "keyset": "08" + "ab" * 60, "value": "enc:v1:AQ" + "A" * 80},
            "expected": {"error": {"code": "decode_error", "detail": "b64.invalid_padding", "layer": "encoding"}},
            "actual": {"ok": True, "text": "x" * 40},
        })
    return {"format": "closer-spec-harness-results", "formatVersion": 2, "implementation": "synthetic",
            "ops": ["enc.open"], "staleKnownFailures": [],
            "suites": [{"suite": "enc_v1", "passed": 0, "failed": n, "skipped": 0, "divergences": 0}],
            "summary": {"passed": 0, "failed": n, "skipped": 0, "divergences": 0}, "tests": tests}


def test_timing_of_a_ten_thousand_failure_report(browser, runs):
    """Measured and written to .build/report-screenshots/timing.txt, not asserted."""
    tmp, binary = runs["tmp"], runs["binary"]
    results = tmp / "synthetic.json"
    results.write_text(json.dumps(synthetic_failures(10_000)))
    out = tmp / "synthetic-out"
    start = time.monotonic()
    report(binary, out, [results])
    render = time.monotonic() - start
    size = (out / "index.html").stat().st_size
    start = time.monotonic()
    open_page(browser, out / "index.html")
    opened = time.monotonic() - start
    nav = browser.execute_script("return performance.getEntriesByType('navigation')[0].toJSON()")
    line = (f"10,000-failure report: rendered in {render:.2f} s (debug build), page {size:,} bytes; "
            f"opened in {opened:.2f} s (DOMContentLoaded {nav['domContentLoadedEventEnd'] / 1000:.2f} s, "
            f"load {nav['loadEventEnd'] / 1000:.2f} s)")
    (SHOTS / "timing.txt").write_text(line + "\n")
    print(line)
    assert len(browser.find_elements("css selector", "details.failure, tr.failure")) == 10_000
