#!/usr/bin/env bash
# Builds the DocC documentation of the three library products (and CoreRules, which CloserRules re-exports) into
# .build/docs/<Target>.doccarchive (`make docs`), and fails on any warning:
#   1. compiles the examples the articles show (SwiftPM snippets, Snippets/<Target>/*.swift);
#   2. runs each of them (a snippet checks its own results in lines hidden from the docs);
#   3. runs swift-docc-plugin's generate-documentation with --warnings-as-errors.
# Preview one target with: swift package --disable-sandbox preview-documentation --target CloserWire
#   scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
targets=(CloserWire CloserWireArgon2 CoreRules CloserRules)
out=.build/docs
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)

# Runs a command with its output in $log; on failure or on any warning, prints the output and stops.
step() {
    local what=$1
    shift
    if ! "$@" >"$log" 2>&1; then
        cat "$log"
        echo "== docs: $what FAILED" >&2
        exit 1
    fi
    if grep -q "warning:" "$log"; then
        grep -B2 -A12 "warning:" "$log"
        echo "== docs: $what has warnings" >&2
        exit 1
    fi
}

# 1. Compile the snippets. Touched first so that an incremental build compiles them again and
#    reports their warnings again; everything else builds incrementally.
mapfile -t snippets < <(find Snippets -name '*.swift' | sort)
touch "${snippets[@]}"
step "building the snippets" "$SWIFT" build --explicit-target-dependency-import-check error

# 2. Run them.
bin=$("$SWIFT" build --show-bin-path)
for file in "${snippets[@]}"; do
    step "running $file" "$bin/$(basename "$file" .swift)"
done

# 3. Build the documentation (each target's catalog, symbols and the snippets it shows).
target_args=()
for target in "${targets[@]}"; do target_args+=(--target "$target"); done
mkdir -p "$out"
step "generate-documentation" "$SWIFT" package --allow-writing-to-directory "$out" \
    generate-documentation "${target_args[@]}" --output-path "$out" --warnings-as-errors

echo "== docs: ok ($(($(date +%s) - start))s, ${#snippets[@]} snippets run): $out/{$(IFS=,; echo "${targets[*]}")}.doccarchive"
