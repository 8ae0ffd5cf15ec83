#!/bin/sh
# .clusterfuzzlite/build.sh run here as OSS-Fuzz would run it, with $SRC, $OUT and $WORK local
# temp folders (specs/distribution.md §"Continuous fuzzing"): it must leave one runnable fuzzer
# per target of fuzz/run.sh in $OUT, each detectable by ClusterFuzz and running its seed corpus.
# FUZZ_SCRATCH defaults to fuzz/run.sh's own (.build/fuzz) and GUIDED_SCRATCH to .build/guided:
# the fuzz-smoke stage's build is reused, whichever FUZZ_BUILD made it (make ci: quick).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/src" "$TMP/out" "$TMP/work"
ln -s "$ROOT" "$TMP/src/closer-spec"
SRC=$TMP/src OUT=$TMP/out WORK=$TMP/work FUZZ_SCRATCH=${FUZZ_SCRATCH:-$ROOT/.build/fuzz} \
    GUIDED_SCRATCH=${GUIDED_SCRATCH:-$ROOT/.build/guided} \
    bash "$ROOT/.clusterfuzzlite/build.sh"
n=0
for t in $(sh "$ROOT/fuzz/run.sh" targets); do
    f=$TMP/out/closer-fuzz-$t
    [ -x "$f" ] || { echo "dist: FAIL clusterfuzzlite: no fuzzer $f"; exit 1; }
    grep -q LLVMFuzzerTestOneInput "$f" || { echo "dist: FAIL clusterfuzzlite: $f is not detectable"; exit 1; }
    mkdir -p "$TMP/corpus/$t" && (cd "$TMP/corpus/$t" && unzip -q "$TMP/out/closer-fuzz-${t}_seed_corpus.zip")
    "$f" -runs=200 "$TMP/corpus/$t" >"$TMP/$t.log" 2>&1 || { tail -n 20 "$TMP/$t.log"; echo "dist: FAIL clusterfuzzlite: $t"; exit 1; }
    grep -q 'Done 200 runs\|INITED' "$TMP/$t.log" || { tail -n 5 "$TMP/$t.log"; echo "dist: FAIL clusterfuzzlite: $t did not fuzz"; exit 1; }
    n=$((n + 1))
done
echo "dist: clusterfuzzlite build.sh with local \$SRC/\$OUT/\$WORK: $n fuzzers, each ran 200 inputs"
