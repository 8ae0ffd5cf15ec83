# CloserSpec — the two commands a fresh machine needs:
#   make vectors   build the CLI and generate the golden vectors (Closer's and every profile's)
#   make test      the inner loop, in minutes: build, Swift tests, vectors, the three ports
# and what CI runs:
#   make ci        make test, then no compiler warning in the project's files, the oracles,
#                  BouncyCastle, the ports' own runners, mutants, function lengths, docs, fuzz
#                  smoke, ASan and TSan (a summary line per stage)
# All install what is missing first (Debian packages, the Python oracle venv).

SWIFT      ?= swift
PYTHON     ?= python3
VENV       := .venv
VPY        := $(VENV)/bin/python
BIN        := .build/debug/closer-spec
ABSBIN     := $(abspath $(BIN))
STAGE      := scripts/stage.sh
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BCPROV     ?= /usr/share/java/bcprov.jar
GSON       ?= /usr/share/java/gson.jar
JUNIT      ?= /usr/share/java/junit-platform-console-standalone.jar
# Closer's vector-set version (vectors/MANIFEST.json): the packages of this version are the ones
# tested, whatever older ones a work tree's dist/ still holds.
CLOSER_VECTORS_VERSION := $(shell sed -n 's/^ *"vectorSetVersion": *"\([^"]*\)".*/\1/p' vectors/MANIFEST.json | head -n 1)
# An undeclared import between targets fails the build (SwiftPM's explicit dependency check).
SWIFTFLAGS := --explicit-target-dependency-import-check error

.PHONY: all deps venv build vectors test ci ci-stages ci-lane-a ci-lane-b test-unsafe-budget test-profile-deps test-op-literals test-build test-swift test-vectors test-decisions-coverage test-oracles test-java \
        test-ports test-python-port test-jvm-port test-node-port test-port-runners test-mutants test-smoke-tier \
        kill-matrix test-explore test-interop test-explore-guided guided-build explore test-function-lengths docs test-fuzz-smoke test-warnings fuzz sanitize test-asan test-tsan bench format clean \
        dist dist-packages test-dist test-clusterfuzzlite test-ci-recipes test-port-fuzz \
        browser-deps report test-report

all: build

# System libraries (CSodium, CArgon2, COpenSSL), pkg-config, zip/unzip (the ClusterFuzzLite seed corpora), a JDK with BouncyCastle, gson and JUnit 5
# (the Argon2 oracle and the JVM port), Node for the Node port.
deps:
	@missing=""; \
	pkg-config --exists libsodium 2>/dev/null || missing="$$missing libsodium-dev"; \
	pkg-config --exists libargon2 2>/dev/null || missing="$$missing libargon2-dev"; \
	pkg-config --exists libcrypto 2>/dev/null || missing="$$missing libssl-dev"; \
	command -v zip >/dev/null || missing="$$missing zip"; \
	command -v unzip >/dev/null || missing="$$missing unzip"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	command -v javac >/dev/null || missing="$$missing default-jdk-headless"; \
	[ -f $(BCPROV) ] || missing="$$missing libbcprov-java"; \
	[ -f $(GSON) ] || missing="$$missing libgoogle-gson-java"; \
	[ -f $(JUNIT) ] || missing="$$missing junit5"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	  elif command -v brew >/dev/null; then \
	    brew install libsodium argon2 pkg-config openssl@3; \
	  else echo "please install:$$missing" >&2; exit 1; fi; \
	fi

# The Python oracles: Tink, rfc8785, cryptography, argon2-cffi, jsonschema, pytest.
$(VENV)/.stamp: oracles/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --disable-pip-version-check -r oracles/requirements.txt
	touch $@

venv: $(VENV)/.stamp

build: deps
	$(SWIFT) build $(SWIFTFLAGS)

vectors: build
	$(BIN) generate --out vectors --specs specs

# The inner loop: about 2.5 minutes on a warm tree (README §"Set-up: two commands").
test: deps venv
	@$(STAGE) build 'Build complete' $(SWIFT) build --build-tests $(SWIFTFLAGS)
	@$(STAGE) swift-tests 'Test run with' $(SWIFT) test --skip-build
	@$(STAGE) vectors 'up to date|passed, ' $(MAKE) -s test-vectors
	@$(STAGE) ports '^port:|^[0-9]+ passed, |SKIP' $(MAKE) -s -j3 test-ports

# Everything CI runs: the inner loop, then the slower checks in two lanes at once (docs/checks.md
# §"Stages and budgets"): lane A the checks that use the debug build (mostly one core: Python,
# the JVM, the ports) and ASan; lane B the builds of their own (fuzz, the release tarball, TSan),
# each in its own scratch path and dist/ folder, so no two running stages write the same files,
# and two read-only users of the debug build (interop, port-fuzz) that even out the lanes.
# Every stage's time is recorded; the table against scripts/stage-budgets.tsv ends the run (a stage
# over its budget is reported, not failed).
ci:
	@rm -f .build/stages/times.tsv
	@status=0; $(MAKE) -s ci-stages || status=$$?; \
	  $(PYTHON) scripts/stage-table.py .build/stages/times.tsv scripts/stage-budgets.tsv; \
	  if [ $$status -eq 0 ]; then echo "== ci: every stage passed"; else echo "== ci: FAILED"; fi; exit $$status

ci-stages: test
	@$(STAGE) warnings '^warnings:' $(MAKE) -s test-warnings
	@$(MAKE) -s dist-packages >/dev/null
	@$(MAKE) -s -j2 ci-lane-a ci-lane-b

ci-lane-a:
	@$(STAGE) oracles 'passed|skipped|SKIP' $(MAKE) -s test-oracles
	@$(STAGE) java-oracle 'cases|agree|passed' $(MAKE) -s test-java
	@$(STAGE) port-runners 'tests successful|tests failed|^# (pass|fail)|SKIP' $(MAKE) -s test-port-runners
	@$(STAGE) mutants 'passed|caught' $(MAKE) -s test-mutants
	@$(STAGE) smoke-tier 'passed|failed|skipped' $(MAKE) -s test-smoke-tier
	@$(STAGE) explore 'cases, [0-9]+ divergences|SKIP' $(MAKE) -s test-explore
	@$(STAGE) report 'passed|failed|skipped|SKIP|report:' $(MAKE) -s test-report
	@$(STAGE) function-lengths 'functions measured|^OK|FAIL' $(MAKE) -s test-function-lengths
	@$(STAGE) unsafe-budget 'unsafe budget:|^OK|FAIL' $(MAKE) -s test-unsafe-budget
	@$(STAGE) profile-deps 'profile deps:|^OK|FAIL' $(MAKE) -s test-profile-deps
	@$(STAGE) op-literals 'op literals:|^OK|FAIL' $(MAKE) -s test-op-literals
	@$(STAGE) links 'links checked|history citations' sh -c '$(PYTHON) scripts/check-links.py && $(PYTHON) scripts/check-no-history.py'
	@$(STAGE) explore-guided 'edges:|passed|failed|divergences' $(MAKE) -s test-explore-guided
	@$(STAGE) interop 'passed|failed|SKIP' $(MAKE) -s test-interop
	@$(STAGE) port-fuzz '^port-fuzz:|^seed|^SIGINT|^FAIL' $(MAKE) -s test-port-fuzz
	@$(STAGE) docs 'docs:' $(MAKE) -s docs
	@$(STAGE) asan 'Test run with|ERROR: AddressSanitizer|SUMMARY|planted|FAIL' $(MAKE) -s test-asan

ci-lane-b:
	@$(STAGE) fuzz-smoke ' ok | CRASH|FAIL' $(MAKE) -s test-fuzz-smoke
	@$(STAGE) dist '^dist: |FAIL' $(MAKE) -s test-dist DIST_OUT=$(abspath .build/dist-out)
	@$(STAGE) tsan 'Test run with|WARNING: ThreadSanitizer|SUMMARY|planted|FAIL' $(MAKE) -s test-tsan

# The committed vectors are exactly the generator's output, and every test holds in process.
test-vectors:
	$(BIN) generate --out vectors --specs specs --check
	$(BIN) verify vectors
	@$(MAKE) -s test-decisions-coverage

# Every pin of specs/decisions/ exercised by a fixed test (both sides of a bound), or listed with a
# reason in specs/decisions/uncovered.md (specs/decisions/README.md §Coverage); the full report is
# kept in .build/decisions-coverage.txt.
test-decisions-coverage:
	@mkdir -p .build; $(BIN) decisions --coverage > .build/decisions-coverage.txt; status=$$?; \
	  grep -E '^(coverage:|FAIL)' .build/decisions-coverage.txt; exit $$status

test-oracles: venv dist-packages
	$(VPY) -m pip install -q --disable-pip-version-check --no-index --force-reinstall dist/closer_spec_vectors-$(CLOSER_VECTORS_VERSION)-py3-none-any.whl
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider -n 2 --dist loadfile --durations=12 oracles/python --ignore=oracles/python/test_mutants_harness.py \
	  --ignore=oracles/python/test_explore_slivers.py --ignore=oracles/python/test_node_mutants.py \
	  --ignore=oracles/python/test_interop.py --ignore=oracles/python/test_explore_guided.py \
	  --ignore=oracles/python/test_report_browser.py --ignore=oracles/python/test_smoke_tier.py

test-java: deps
	BCPROV=$(BCPROV) CLOSER_SPEC_BIN=$(ABSBIN) bash oracles/java/run.sh

# Every port through the harness: every suite of every vector set its ops cover (concurrently).
test-ports: test-python-port test-jvm-port test-node-port

test-python-port: venv
	$(BIN) harness --port "ports/python/closer-port serve" --results .build/stages/python-port.json

test-jvm-port: deps
	$(BIN) harness --port ports/jvm/port.sh --results .build/stages/jvm-port.json

test-node-port:
	@if command -v node >/dev/null; then \
	  $(BIN) harness --port ports/node/port.sh --results .build/stages/node-port.json; \
	else echo "SKIP test-node-port: node is not installed (the Node port is not checked)"; fi

# Each port's own vector runner (JUnit 5, node --test) and the emulator replay core.
test-port-runners: deps dist-packages
	BCPROV_JAR=$(BCPROV) GSON_JAR=$(GSON) JUNIT_CONSOLE_JAR=$(JUNIT) ports/jvm/run-tests.sh
	@if command -v node >/dev/null; then \
	  CLOSER_SPEC_BIN=$(ABSBIN) node --test ports/node/test/ ports/firestore-emulator/test/replay-core.test.mjs; \
	else echo "SKIP node runners: node is not installed"; fi

# Differential testing (specs/explore.md): each port against CloserSpec on generated inputs.
# make ci: a fixed seed and a few hundred cases per port (seconds each); make explore: long runs
# (EXPLORE_SECONDS each, default 600), divergences written under .build/explore/<port>/.
EXPLORE_CASES ?= 400
# The ops that run Argon2id at the production costs (about 1-3 s a case in the JVM port): long runs only.
EXPLORE_SKIP := --skip-op couplekey.wrap --skip-op invite.encrypt --skip-op invite.decrypt
# The JVM port gets 120 s per answer: its first (info, JVM start) took over 30 s on a loaded machine.
EXPLORE_SECONDS ?= 600

test-explore: venv deps
	$(BIN) explore --port "ports/python/closer-port serve" --cases $(EXPLORE_CASES) --seed 1 $(EXPLORE_SKIP)
	$(BIN) explore --port ports/jvm/port.sh --cases $(EXPLORE_CASES) --seed 1 --timeout 120 $(EXPLORE_SKIP)
	@if command -v node >/dev/null; then \
	  $(BIN) explore --port ports/node/port.sh --cases $(EXPLORE_CASES) --seed 1 $(EXPLORE_SKIP); \
	else echo "SKIP explore node: node is not installed"; fi

# Ports side by side (specs/interop.md): every ordered pair of the three ports and CloserSpec green
# on every flow (3 cases each), and a planted unpadded enc:v1 writer found with its layer (about a
# minute on an idle 2-core machine; pytest's last line says '2 passed').
test-interop: venv deps
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider oracles/python/test_interop.py

explore: venv deps build guided-build
	$(BIN) explore --port "ports/python/closer-port serve" --seconds $(EXPLORE_SECONDS) --seed $$(date +%s) \
	  --out .build/explore/python --results .build/explore/python.json
	$(BIN) explore --guided --guided-binary $(GUIDED_BIN) --port "ports/python/closer-port serve" \
	  --seconds $(EXPLORE_SECONDS) --seed $$(( $$(date +%s) % 4294967294 + 1 )) --corpus .build/explore/guided-corpus \
	  --out .build/explore/guided-python --results .build/explore/guided-python.json
	$(BIN) explore --port ports/jvm/port.sh --seconds $(EXPLORE_SECONDS) --seed $$(date +%s) \
	  --out .build/explore/jvm --results .build/explore/jvm.json
	@if command -v node >/dev/null; then \
	  $(BIN) explore --port ports/node/port.sh --seconds $(EXPLORE_SECONDS) --seed $$(date +%s) \
	    --out .build/explore/node --results .build/explore/node.json; \
	fi

# Coverage-guided explore (specs/explore.md §Guided): closer-spec-guided, libFuzzer over the
# generators' choices, built in .build/guided with the reference's libraries instrumented.
GUIDED_BIN := .build/guided/debug/closer-spec-guided
GUIDED_RUNS ?= 3000
# Ops the CI stage leaves out until a finding is settled (none now: its first finding, pub.encode
# of zero bytes, is settled by D-WIRE-28 and a vector).
GUIDED_KNOWN :=
guided-build:
	sh scripts/guided.sh build

# make ci's short stage: seed 1, GUIDED_RUNS inputs on a copy of the committed corpus
# (fuzz/corpus/guided) against the Python port, then the tests: a planted sliver found with its
# layer, nothing against the Python port, the same seed and corpus giving the same findings.
test-explore-guided: venv deps build guided-build
	rm -rf .build/explore/guided-ci && mkdir -p .build/explore && cp -R fuzz/corpus/guided .build/explore/guided-ci
	$(BIN) explore --guided --guided-binary $(GUIDED_BIN) --port "ports/python/closer-port serve" \
	  --runs $(GUIDED_RUNS) --seed 1 --corpus .build/explore/guided-ci $(EXPLORE_SKIP) $(GUIDED_KNOWN)
	CLOSER_SPEC_BIN=$(ABSBIN) CLOSER_SPEC_GUIDED=$(abspath $(GUIDED_BIN)) $(VPY) -m pytest -q -p no:cacheprovider \
	  oracles/python/test_explore_guided.py

# No function in Sources/ (or the fuzz targets) longer than 150 lines (scripts/function-lengths.py).
test-function-lengths:
	$(PYTHON) scripts/test_function_lengths.py 2>&1 | tail -n 1
	$(PYTHON) scripts/function-lengths.py Sources fuzz/Sources

# Unsafe lines per module against a budget that may only go down (specs/threat-model.md §"Unsafe code").
test-unsafe-budget:
	$(PYTHON) scripts/test_unsafe_budget.py 2>&1 | tail -n 1
	$(PYTHON) scripts/unsafe-budget.py

# No profile depends on another profile's targets; PayBack and Unstoppable link nothing of Closer's
# (scripts/profile-deps.py, docs/adding-a-profile.md §"Where things live").
test-profile-deps:
	$(PYTHON) scripts/test_profile_deps.py 2>&1 | tail -n 1
	$(PYTHON) scripts/profile-deps.py

# No op name as a string literal outside the op table, but the listed files within their budget
# (scripts/op-literals.py, docs/adding-a-profile.md §"Adding an op").
test-op-literals:
	$(PYTHON) scripts/test_op_literals.py 2>&1 | tail -n 1
	$(PYTHON) scripts/op-literals.py

# DocC for CloserWire, CloserWireArgon2 and CloserRules, snippets compiled and run; no warning.
docs:
	bash scripts/docs.sh

# Deliberately broken variants of the Python and Node ports: each must be caught, with its layer named.
test-mutants: venv
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider oracles/python/test_mutants_harness.py
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider oracles/python/test_node_mutants.py
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider oracles/python/test_explore_slivers.py
	@# The blind corpora (ports/blind-mutants/README.md): every witness still tells its mutant from serve.
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider -n 2 ports/blind-mutants/test_witnesses.py

# The smoke tier (specs/harness.md §Tiers): the unmodified Python port passes it in under a
# second (or, on a slower or loaded machine, in little more than the port alone needs for the
# same requests), and every mutant the sets' kill-matrix.json files say is killed fails it.
test-smoke-tier: venv
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider -n 2 oracles/python/test_smoke_tier.py

# Each vector set's kill-matrix.json (specs/vectors.md §"Kill matrix"): the known mutants run
# through the harness (cached per vectors in .build/kills/), the smoke tier recomputed, then each
# set's MANIFEST.json relisting it. By default the kills the current files record are reused and
# only new, uncaught or changed-test mutants run; KILL_MATRIX_FLAGS= runs every mutant (hours:
# the blind corpora's Closer mutants each run Closer's whole set).
KILL_MATRIX_FLAGS ?= --reuse
kill-matrix: build venv
	@# The mutants' harness runs need each manifest to list the set's current files.
	-$(BIN) generate --out vectors --specs specs >/dev/null
	$(VPY) scripts/kill-matrix.py --binary $(ABSBIN) --jobs 2 $(KILL_MATRIX_FLAGS)
	$(BIN) generate --out vectors --specs specs

# libFuzzer targets over every parser an attacker reaches (specs/threat-model.md §Fuzzing):
# a few seconds each in make test, FUZZ_SECONDS (default 60) each with make fuzz.
test-fuzz-smoke:
	FUZZ_BUILD=$${FUZZ_BUILD:-quick} FUZZ_SMOKE_SECONDS=$${FUZZ_SMOKE_SECONDS:-3} sh fuzz/run.sh smoke
	bash scripts/check-warnings.sh .build/fuzz-work/build.log

# No compiler warning in the project's own files (Sources/, Tests/, fuzz/; dependencies' are not
# checked): the build log of `make test`'s build stage, then the fuzz build's (test-fuzz-smoke).
# CI builds a clean clone, so every file of the project is compiled in them; a warm tree's log
# holds only what that build recompiled. scripts/check-warnings.sh says how many steps it saw.
test-warnings:
	bash scripts/check-warnings.sh .build/stages/build.log

# The harness against a fuzzed fake port (random answers, sizes, delays, exits, forks), a few
# seeds: every run must end with a verdict, within its deadline, under 512 MB, no port process
# left (specs/threat-model.md §"The port's lifecycle").
.PHONY: test-port-fuzz
test-port-fuzz:
	$(PYTHON) scripts/port-fuzz.py --bin $(ABSBIN) --seeds $${PORT_FUZZ_SEEDS:-1,2,3}

fuzz:
	FUZZ_SECONDS=$${FUZZ_SECONDS:-60} sh fuzz/run.sh run

# Every Swift test once under AddressSanitizer and once under ThreadSanitizer (the harness
# server, generation and the Argon2 backends run on several threads), each in its own build
# directory. A report fails the stage: ASan aborts the process, TSan exits non-zero (Swift's
# backtracer is off there: under ASan it hung reading the crashed process's memory); leaks
# are reported too (scripts/lsan-suppressions.txt names the test runner's own, nothing else).
sanitize: test-asan test-tsan

test-asan:
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	CLOSER_SANITIZER=address SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=abort_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(abspath scripts/lsan-suppressions.txt) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	@# The stage can fail: a planted heap overflow must be reported (PlantedBugTests).
	@if CLOSER_PLANTED_BUG=overflow SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan --filter plantedHeapOverflow \
	  >.build/asan/planted.log 2>&1 || true; grep -q 'heap-buffer-overflow' .build/asan/planted.log; then \
	  echo "planted heap overflow: reported by AddressSanitizer"; \
	else echo "FAIL: AddressSanitizer did not report the planted overflow (.build/asan/planted.log)"; exit 1; fi

test-tsan:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	CLOSER_SANITIZER=thread SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan
	@# The stage can fail: a planted data race must be reported (PlantedBugTests). Swift's own
	@# accesses are reported as "Swift access race", C-level ones as "data race": either counts.
	@# A race is timing-dependent: up to three runs, the first report counts.
	@if for attempt in 1 2 3; do CLOSER_PLANTED_BUG=race SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter plantedDataRace \
	  >.build/tsan/planted.log 2>&1 || true; grep -Eq 'WARNING: ThreadSanitizer: (Swift access race|data race)' .build/tsan/planted.log && break; \
	  done; grep -Eq 'WARNING: ThreadSanitizer: (Swift access race|data race)' .build/tsan/planted.log; then \
	  echo "planted data race: reported by ThreadSanitizer"; \
	else echo "FAIL: ThreadSanitizer did not report the planted race (.build/tsan/planted.log)"; exit 1; fi

# Headless Chromium and its driver (Debian's chromium, chromium-driver) and Selenium in the venv
# (oracles/requirements-browser.txt): the report's browser test. Installs what is missing; a
# machine where they cannot be installed runs the test as a skip that says so.
browser-deps: venv
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null || missing="$$missing chromium-driver"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    ( $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null ) \
	      || echo "could not install:$$missing (the browser test will skip)"; \
	  else echo "not installed:$$missing (the browser test will skip)"; fi; \
	fi
	@$(VPY) -c "import selenium" 2>/dev/null || \
	  $(VPY) -m pip install -q --disable-pip-version-check -r oracles/requirements-browser.txt

# The conformance report of the three ports (specs/report.md): each through the harness, results
# in .build/report/results/, the previous run's kept as the baseline in .build/report/previous/,
# explore results from .build/explore/*.json when make explore wrote some; page and badges in
# .build/report/.
REPORT := .build/report
report: deps venv build
	@mkdir -p $(REPORT)/results
	@if ls $(REPORT)/results/*.json >/dev/null 2>&1; then \
	  rm -rf $(REPORT)/previous && mv $(REPORT)/results $(REPORT)/previous && mkdir -p $(REPORT)/results; fi
	-$(BIN) harness --port "ports/python/closer-port serve" --results $(REPORT)/results/python.json >/dev/null
	-$(BIN) harness --port ports/jvm/port.sh --results $(REPORT)/results/jvm.json >/dev/null
	-@if command -v node >/dev/null; then \
	  $(BIN) harness --port ports/node/port.sh --results $(REPORT)/results/node.json >/dev/null; \
	else echo "SKIP report node: node is not installed"; fi
	$(BIN) report $(REPORT)/results/*.json $$(ls .build/explore/*.json 2>/dev/null) --out $(REPORT) \
	  $$(ls $(REPORT)/previous/*.json >/dev/null 2>&1 && echo --baseline $(REPORT)/previous/*.json)

# The report in a real browser (oracles/python/test_report_browser.py): counts, a failure's
# detail, the diff, the badges, a hostile port's page; screenshots and the 10,000-failure
# timing in .build/report-screenshots/ (CI artifacts). About a minute.
test-report: browser-deps
	CLOSER_SPEC_BIN=$(ABSBIN) $(VPY) -m pytest -q -p no:cacheprovider oracles/python/test_report_browser.py

# Ratios of each format to its raw primitive, release build, same run (never a test).
# The release build the static binary uses (scripts/dist/release-binary.sh: one release build for
# dist and bench); the table goes into docs/performance.md.
bench: deps
	@mkdir -p .build/stages
	"$$(sh scripts/dist/release-binary.sh)" bench | tee .build/stages/bench.txt
	$(PYTHON) scripts/update-performance.py .build/stages/bench.txt docs/performance.md
	@sh scripts/dist/bench-setup.sh

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build $(VENV)

# The artifacts port teams consume (specs/distribution.md): each vector set as a wheel, an npm
# tarball and a jar (dist-packages: seconds), and the release tarball with a static closer-spec
# (a release build: minutes the first time). Into dist/ (gitignored).
dist-packages:
	sh scripts/dist/build.sh packages

dist: deps
	sh scripts/dist/build.sh all

# make ci's dist stage: the artifacts built and installed as a port would, a tampered file
# refused naming it, the tarball's binary under env -i and ldd, the CI recipes parsed, and
# .clusterfuzzlite/build.sh run with local $$SRC/$$OUT/$$WORK (reusing the fuzz-smoke build).
test-dist: dist venv
	sh scripts/dist/test-packages.sh
	sh scripts/dist/test-tarball.sh
	$(MAKE) -s test-ci-recipes test-clusterfuzzlite

test-ci-recipes: venv
	$(VPY) -m pytest -q -p no:cacheprovider scripts/dist/test_ci_recipes.py

test-clusterfuzzlite:
	FUZZ_BUILD=$${FUZZ_BUILD:-quick} sh scripts/dist/test-clusterfuzzlite.sh
