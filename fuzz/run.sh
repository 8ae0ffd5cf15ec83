#!/bin/sh
# libFuzzer targets of CloserSpec (specs/threat-model.md §Fuzzing).
#
#   fuzz/run.sh build                 build closer-fuzz (FUZZ_BUILD below)
#   fuzz/run.sh path                  print the built binary's path
#   fuzz/run.sh smoke                 build, then each target for FUZZ_SMOKE_SECONDS (default 5), seed FUZZ_SEED (default 1)
#   fuzz/run.sh run [TARGET...]       build, then each target for FUZZ_SECONDS (default 60)
#   fuzz/run.sh replay TARGET FILE... run inputs once (a crash's regression check)
#   fuzz/run.sh targets               print the target names (.clusterfuzzlite/build.sh)
#
# Links with lld (gold fails on libFuzzer objects with this toolchain).
# Corpora: seeds from vectors/*.json and fuzz/corpus/<target>/ are copied into
# .build/fuzz-work/corpus/<target>/, which the runs grow. A crash is written to
# .build/fuzz-work/crashes/<target>/ and makes the script exit 1; copy it to fuzz/corpus/<target>/
# once fixed, so every later run replays it.
set -eu
cd "$(dirname "$0")/.."
# FUZZ_BUILD=release (default; `make fuzz`): a release build, every Swift module instrumented
# (-sanitize=fuzzer), in FUZZ_SCRATCH (default .build/fuzz; `.build` reuses the C objects of a
# release build, but then a later plain release build recompiles).
# FUZZ_BUILD=quick (make ci's fuzz-smoke and ClusterFuzzLite check): a debug build in guided
# explore's scratch path and configuration (GUIDED_SCRATCH, default .build/guided; scripts/guided.sh):
# the reference's libraries instrumented, the harness not, so one build serves both stages
# (docs/checks.md §"Stages and budgets"). A smoke run of a few seconds is the same check either way:
# the corpus replays and every target runs; coverage of the harness's own code only guides long runs.
FUZZ_BUILD=${FUZZ_BUILD:-release}
case "$FUZZ_BUILD" in
release) SCRATCH=${FUZZ_SCRATCH:-.build/fuzz} BIN=${FUZZ_SCRATCH:-.build/fuzz}/release/closer-fuzz ;;
quick) SCRATCH=${GUIDED_SCRATCH:-.build/guided} BIN=${GUIDED_SCRATCH:-.build/guided}/debug/closer-fuzz ;;
*) echo "fuzz/run.sh: FUZZ_BUILD must be release or quick, not $FUZZ_BUILD" >&2; exit 2 ;;
esac
WORK=.build/fuzz-work
ALL="encoding protobuf json wire kdfparams phrase harness rules vectorfile divergences"

build() {
    mkdir -p "$WORK"
    if [ "$FUZZ_BUILD" = quick ]; then
        CLOSER_FUZZ=1 CLOSER_GUIDED=1 swift build --scratch-path "$SCRATCH" --product closer-fuzz >"$WORK/build.log" 2>&1
    else
        CLOSER_FUZZ=1 swift build --scratch-path "$SCRATCH" -c release --product closer-fuzz \
            -Xswiftc -sanitize=fuzzer -Xswiftc -enable-testing -Xswiftc -use-ld=lld >"$WORK/build.log" 2>&1
    fi || {
        tail -n 30 "$WORK/build.log"
        echo "fuzz build failed (log: $WORK/build.log)" >&2
        exit 2
    }
}

fuzz() {
    seconds=$1
    shift
    targets=${*:-$ALL}
    python3 fuzz/seeds.py "$WORK/corpus" >/dev/null
    status=0
    for t in $targets; do
        mkdir -p "$WORK/crashes/$t"
        # -rss_limit_mb: a target that needs more is a finding; -max_len: 64 KiB inputs.
        # SWIFT_BACKTRACE=enable=no: let libFuzzer, not Swift's backtracer, handle a trap, so
        # that it saves the input.
        if SWIFT_BACKTRACE=enable=no FUZZ_TARGET=$t /usr/bin/time -f '%U %S' -o "$WORK/$t.cpu" "$BIN" "$WORK/corpus/$t" -max_total_time="$seconds" -rss_limit_mb=2048 \
            ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
            -max_len=65536 -timeout=10 \
            -artifact_prefix="$WORK/crashes/$t/" -print_final_stats=1 >"$WORK/$t.log" 2>&1; then
            printf '%-10s ok    %s runs, %s s CPU\n' "$t" \
                "$(grep -E 'stat::number_of_executed_units' "$WORK/$t.log" | tail -n 1 | awk '{print $2}')" \
                "$(tail -n 1 "$WORK/$t.cpu" | awk '{print $1 + $2}')"
        else
            printf '%-10s CRASH (log: %s, input in %s)\n' "$t" "$WORK/$t.log" "$WORK/crashes/$t/"
            grep -E 'property failed|Fatal error|ERROR: libFuzzer' "$WORK/$t.log" | head -n 3
            status=1
        fi
    done
    return $status
}

case "${1:-smoke}" in
build) build ;;
path) echo "$BIN" ;;
targets) echo "$ALL" ;;
# The smoke run (make test, make ci) uses a fixed seed, FUZZ_SEED=1 unless given: every machine
# runs a prefix of the same input sequence, so a crash CI finds replays here by running as long.
# `run` draws a fresh seed each time unless FUZZ_SEED is set (libFuzzer prints it: "Seed: N").
smoke)
    FUZZ_SEED=${FUZZ_SEED:-1}
    echo "seed $FUZZ_SEED, ${FUZZ_SMOKE_SECONDS:-5} s per target"
    build && fuzz "${FUZZ_SMOKE_SECONDS:-5}"
    ;;
run) shift; build && fuzz "${FUZZ_SECONDS:-60}" "$@" ;;
replay)
    t=$2
    shift 2
    SWIFT_BACKTRACE=enable=no FUZZ_TARGET=$t "$BIN" "$@"
    ;;
*) echo "usage: fuzz/run.sh build|path|smoke|run [TARGET...]|replay TARGET FILE...|targets" >&2; exit 2 ;;
esac
