#!/bin/sh
# The release tarball as a port's CI uses it (specs/distribution.md §"Release tarball"): unpacked
# into a scratch folder, the binary run with a scrubbed environment (env -i), ldd showing no Swift
# library (libsodium, libargon2 and libcrypto are runtime packages named in its README), --version matching VERSION and the
# manifests, `verify` over the shipped vectors, one harness run against `closer-spec serve`, and a
# tampered vector file refused naming it. Prints the times `closer-spec bench` reports as well.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${DIST_OUT:-$ROOT/dist}
# shellcheck disable=SC2012
TGZ=$(ls "$OUT"/closer-spec-*-linux-x86_64.tar.gz | tail -n 1)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "dist: FAIL tarball: $*"; exit 1; }
tar -xzf "$TGZ" -C "$TMP"
D=$TMP/$(basename "$TGZ" .tar.gz)
B=$D/bin/closer-spec
[ -x "$B" ] || fail "no bin/closer-spec in $(basename "$TGZ")"
if ldd "$B" | grep -Ei 'swift|Foundation|dispatch|BlocksRuntime'; then fail "ldd lists Swift libraries (above)"; fi
echo "dist: tarball $(basename "$TGZ"): ldd lists $(ldd "$B" | awk '{ print $1 }' | tr '\n' ' ')"
cd "$D"
env -i ./bin/closer-spec --version >"$TMP/version" || fail "--version failed under env -i"
cmp -s "$TMP/version" VERSION || fail "--version differs from VERSION"
for m in vectors/MANIFEST.json vectors/profiles/*/MANIFEST.json; do
    v=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["vectorSetVersion"])' "$m")
    grep -q " $v\$" "$TMP/version" || fail "$m's version $v is not in --version"
done
echo "dist: tarball --version under env -i: $(tr '\n' ' ' <"$TMP/version")"
env -i ./bin/closer-spec verify vectors >"$TMP/verify" 2>&1 || { cat "$TMP/verify"; fail "verify vectors failed"; }
env -i ./bin/closer-spec harness --vectors vectors --suite date_keys --port "$B serve" >"$TMP/harness" 2>&1 ||
    { tail -n 20 "$TMP/harness"; fail "harness against serve failed"; }
echo "dist: tarball harness --suite date_keys against serve under env -i: $(tail -n 1 "$TMP/harness")"
printf ' ' >>vectors/enc_v1.json
if env -i ./bin/closer-spec verify vectors >"$TMP/tampered" 2>&1; then fail "verify accepted a tampered enc_v1.json"; fi
grep -q 'enc_v1.json: SHA-256' "$TMP/tampered" || { cat "$TMP/tampered"; fail "the refusal does not name enc_v1.json"; }
echo "dist: tarball refused a tampered file: $(grep -m 1 'enc_v1.json: SHA-256' "$TMP/tampered")"
