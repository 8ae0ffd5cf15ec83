#!/bin/sh
# Measured, never asserted (specs/distribution.md §"Release tarball"): how long a port's CI takes
# from the downloaded tarball to the first harness result (unpack + start + one
# `harness --suite date_keys` against `closer-spec serve`), and the static binary's start-up
# (`--version`, median of 21 runs). Printed by `make bench` when dist/ holds a tarball.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck disable=SC2012
TGZ=$(ls "${DIST_OUT:-$ROOT/dist}"/closer-spec-*-linux-x86_64.tar.gz 2>/dev/null | tail -n 1)
[ -n "$TGZ" ] || { echo "bench-setup: no release tarball in dist/ (make dist)"; exit 0; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
now() { date +%s%N; }
t0=$(now)
tar -xzf "$TGZ" -C "$TMP"
D=$TMP/$(basename "$TGZ" .tar.gz)
t1=$(now)
(cd "$D" && env -i ./bin/closer-spec harness --vectors vectors --suite date_keys --port "$D/bin/closer-spec serve" >"$TMP/h" 2>&1)
t2=$(now)
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21; do
    s=$(now); env -i "$D/bin/closer-spec" --version >/dev/null; e=$(now)
    echo $(((e - s) / 1000))
done | sort -n | sed -n 11p >"$TMP/median"
printf 'bench-setup: tarball to first harness result %d ms (unpack %d ms, harness --suite date_keys %d ms); start-up (--version, median of 21) %d us; %s\n' \
    $(((t2 - t0) / 1000000)) $(((t1 - t0) / 1000000)) $(((t2 - t1) / 1000000)) "$(cat "$TMP/median")" "$(basename "$TGZ")"
