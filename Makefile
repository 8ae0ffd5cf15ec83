# CloserSpec — the two commands a fresh machine needs:
#   make vectors   build the CLI and generate the golden vectors
#   make test      every check CI runs
# Both install what is missing first (Debian packages, the Python oracle venv).

SWIFT      ?= swift
PYTHON     ?= python3
VENV       := .venv
VPY        := $(VENV)/bin/python
BIN        := .build/debug/closer-spec
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PKGS   := libsodium-dev libargon2-dev pkg-config libbcprov-java
BCPROV     ?= /usr/share/java/bcprov.jar

.PHONY: all deps venv build vectors test test-swift test-oracles test-java test-node bench format clean

all: build

# System libraries (CSodium, CArgon2), pkg-config and BouncyCastle for the Argon2id oracle.
deps:
	@missing=""; \
	pkg-config --exists libsodium 2>/dev/null || missing="$$missing libsodium-dev"; \
	pkg-config --exists libargon2 2>/dev/null || missing="$$missing libargon2-dev"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	[ -f $(BCPROV) ] || missing="$$missing libbcprov-java"; \
	command -v javac >/dev/null || missing="$$missing default-jdk-headless"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	  elif command -v brew >/dev/null; then \
	    brew install libsodium argon2 pkg-config; \
	  else echo "please install:$$missing" >&2; exit 1; fi; \
	fi

# The Python oracles: Tink, rfc8785, cryptography, argon2-cffi, pytest (oracles/requirements.txt).
$(VENV)/.stamp: oracles/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --disable-pip-version-check -r oracles/requirements.txt
	touch $@

venv: $(VENV)/.stamp

build: deps
	$(SWIFT) build

vectors: build
	$(BIN) generate --out vectors --specs specs

test: deps venv build test-swift test-oracles test-java test-node

test-swift:
	$(SWIFT) test

test-oracles: venv build
	CLOSER_SPEC_BIN=$(abspath $(BIN)) $(VPY) -m pytest -q oracles/python

test-java: deps build
	BCPROV=$(BCPROV) CLOSER_SPEC_BIN=$(abspath $(BIN)) bash oracles/java/run.sh

# Ratios of each format to its raw primitive, release build, same run (never a test).
bench: deps
	$(SWIFT) run -c release closer-spec bench

# The emulator replay's loader/decoder (no npm packages needed) against vectors/rules.json.
test-node:
	@if command -v node >/dev/null; then node --test ports/firestore-emulator/test/replay-core.test.mjs; \
	else echo "SKIP test-node: node is not installed (the emulator replay core is not checked)"; fi

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build $(VENV)
