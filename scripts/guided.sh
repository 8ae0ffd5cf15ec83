#!/bin/sh
# Guided explore's executable (specs/explore.md §"Guided"): closer-spec-guided, built with
# CLOSER_GUIDED=1 in its own scratch path (the reference's libraries with -sanitize=fuzzer).
# CLOSER_FUZZ=1 too, so that the manifest is the one fuzz/run.sh's FUZZ_BUILD=quick builds with in
# the same scratch path: one debug build serves both (its libFuzzer targets are not built here).
#
#   scripts/guided.sh build     build $GUIDED_SCRATCH/debug/closer-spec-guided (default .build/guided)
#   scripts/guided.sh path      print the binary's path
#
# Links with lld (gold fails on libFuzzer objects with this toolchain, as in fuzz/run.sh).
set -eu
cd "$(dirname "$0")/.."
SCRATCH=${GUIDED_SCRATCH:-.build/guided}
case "${1:-build}" in
build)
    mkdir -p "$SCRATCH"
    CLOSER_FUZZ=1 CLOSER_GUIDED=1 swift build --scratch-path "$SCRATCH" --product closer-spec-guided >"$SCRATCH/build.log" 2>&1 || {
        tail -n 30 "$SCRATCH/build.log"
        echo "guided build failed (log: $SCRATCH/build.log)" >&2
        exit 2
    }
    ;;
path) echo "$SCRATCH/debug/closer-spec-guided" ;;
*) echo "usage: scripts/guided.sh build|path" >&2; exit 2 ;;
esac
