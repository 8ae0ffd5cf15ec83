#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build (specs/distribution.md §"Continuous fuzzing"). One
# instrumented closer-fuzz binary holds every target (fuzz/Sources/closer-fuzz, chosen by
# FUZZ_TARGET); OSS-Fuzz wants one fuzzer per target, so $OUT gets the binary plus one wrapper
# script per target, closer-fuzz-<target>, which carries the string ClusterFuzz detects fuzzers
# by (as OSS-Fuzz's JVM and Python wrappers do), and its seed corpus <fuzzer>_seed_corpus.zip.
#
# In OSS-Fuzz's base-builder-swift, precompile_swift sets $SWIFTFLAGS (-sanitize=fuzzer,$SANITIZER,
# static stdlib); its -parse-as-library is dropped because closer-fuzz has a main.swift. Anywhere
# else (make ci's dist stage runs this with local $SRC/$OUT/$WORK), fuzz/run.sh builds with the
# flags of make fuzz, in FUZZ_SCRATCH (default $WORK/swift): pointing it at fuzz/run.sh's own
# scratch path reuses the fuzz-smoke build, and FUZZ_BUILD=quick (make ci) reuses its quick build.
cd "$SRC/closer-spec"
TARGETS=$(sh fuzz/run.sh targets)
if command -v precompile_swift >/dev/null 2>&1; then
    # shellcheck disable=SC1091
    . precompile_swift
    SWIFTFLAGS=${SWIFTFLAGS//-Xswiftc -parse-as-library/}
    SCRATCH=$WORK/swift
    # shellcheck disable=SC2086
    CLOSER_FUZZ=1 swift build -c release --scratch-path "$SCRATCH" --product closer-fuzz $SWIFTFLAGS \
        -Xswiftc -enable-testing -Xswiftc -use-ld=lld
    FUZZER=$SCRATCH/release/closer-fuzz
else
    export FUZZ_SCRATCH=${FUZZ_SCRATCH:-$WORK/swift}
    sh fuzz/run.sh build
    FUZZER=$(sh fuzz/run.sh path)
fi
cp "$FUZZER" "$OUT/closer-fuzz"
python3 fuzz/seeds.py "$WORK/seeds" >/dev/null
for t in $TARGETS; do
    cat >"$OUT/closer-fuzz-$t" <<WRAPPER
#!/bin/sh
# LLVMFuzzerTestOneInput for fuzzer detection: target $t of closer-fuzz.
FUZZ_TARGET=$t SWIFT_BACKTRACE=enable=no exec "\$(dirname "\$0")/closer-fuzz" "\$@"
WRAPPER
    chmod +x "$OUT/closer-fuzz-$t"
    (cd "$WORK/seeds/$t" && zip -q -r "$OUT/closer-fuzz-${t}_seed_corpus.zip" .)
done
