#!/bin/sh
# The package artifacts in dist/ as a port installs them (specs/distribution.md §"Tests"): each
# set's wheel into a scratch venv, npm tarball into a scratch node_modules (offline, from the
# file) and jar on a classpath; every suite of every set loads with its digest checked; then one
# installed file is tampered with and the loader must refuse it, naming it.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${DIST_OUT:-$ROOT/dist}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PY=${PYTHON:-python3}

# Python: a venv of its own; pip installs from the files only (--no-index).
$PY -m venv "$TMP/venv"
"$TMP/venv/bin/pip" install -q --disable-pip-version-check --no-index "$OUT"/closer_spec_vectors*.whl
"$TMP/venv/bin/python" "$HERE/check_python_packages.py"

# npm: a scratch project; npm installs the tarballs offline.
mkdir -p "$TMP/npm" && cd "$TMP/npm" && echo '{"private": true}' >package.json
npm install --offline --no-audit --no-fund --silent "$OUT"/closer-spec-vectors*.tgz
# ESM resolves bare names from the importing file: the check runs from the scratch project.
cp "$HERE/check-npm-packages.mjs" . && node check-npm-packages.mjs

# Jar: every set's jar on the classpath of a single-file Java program.
cd "$TMP"
CP=$(ls "$OUT"/closer-spec-vectors*.jar | tr '\n' : )
java -cp "$CP" "$HERE/CheckJars.java"
# The same with one suite tampered inside a copy of Closer's jar.
mkdir -p "$TMP/jar" && cd "$TMP/jar" && jar xf "$OUT"/closer-spec-vectors-[0-9]*.jar
printf ' ' >>closer-spec-vectors/closer/enc_v1.json
jar cf "$TMP/tampered.jar" .
java -cp "$TMP/tampered.jar:$(ls "$OUT"/closer-spec-vectors-[a-z]*.jar | tr '\n' :)" "$HERE/CheckJars.java" --tampered enc_v1
