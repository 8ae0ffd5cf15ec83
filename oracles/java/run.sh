#!/usr/bin/env bash
# BouncyCastle (Debian's libbcprov-java, the Android app's Argon2id) against CloserSpec.
# Every case of cases.tsv (production parameters, non-ASCII passwords included) is hashed by
# BouncyCastle (byte[] and char[] paths) and by `closer-spec serve` op argon2id with each
# backend; any difference, or a known answer missed, fails. Called by `make test-java`.
#
# Env: BCPROV (default /usr/share/java/bcprov.jar), CASES (default cases.tsv), CLOSER_SPEC_BIN (default
# .build/debug/closer-spec). Class files go to a temporary directory, never the repo.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BCPROV=${BCPROV:-/usr/share/java/bcprov.jar}
BIN=${CLOSER_SPEC_BIN:-$root/.build/debug/closer-spec}
CASES=${CASES:-$here/cases.tsv}
BACKENDS=(libargon2 libsodium default)

[ -f "$BCPROV" ] || { echo "BouncyCastle not found at $BCPROV (apt install libbcprov-java)" >&2; exit 2; }
[ -x "$BIN" ] || { echo "closer-spec not found at $BIN (swift build)" >&2; exit 2; }
command -v javac >/dev/null || { echo "javac not found (apt install default-jdk-headless)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

javac -d "$tmp/classes" -cp "$BCPROV" "$here/Argon2Oracle.java"
java -cp "$tmp/classes:$BCPROV" Argon2Oracle <"$CASES" >"$tmp/bc.tsv"
echo "BouncyCastle $(basename "$(readlink -f "$BCPROV")"): $(wc -l <"$tmp/bc.tsv") cases hashed"

# One serve session per backend; requests in case order, so response i is case i.
for backend in "${BACKENDS[@]}"; do
    awk -F'\t' -v backend="$backend" '{
        printf "{\"id\":%s,\"op\":\"argon2id\",\"password\":\"%s\",\"salt\":\"%s\",\"memoryKiB\":%s,\"iterations\":%s,\"parallelism\":%s,\"length\":%s,\"backend\":\"%s\"}\n",
            $1, $3, $4, $5, $6, $7, $8, backend
    }' "$tmp/bc.tsv" | "$BIN" serve >"$tmp/$backend.jsonl"
    # id<TAB>key (or ERROR:<response>)
    awk '{
        id = $0; sub(/^.*"id":/, "", id); sub(/[,}].*$/, "", id)
        if (match($0, /"key":"[0-9a-f]+"/)) print id "\t" substr($0, RSTART + 7, RLENGTH - 8)
        else print id "\tERROR:" $0
    }' "$tmp/$backend.jsonl" >"$tmp/$backend.keys"
done

passed=0
failed=0
while IFS= read -r row; do
    index=$(cut -f1 <<<"$row")
    label=$(cut -f2 <<<"$row")
    expected=$(cut -f9 <<<"$row")
    bc_bytes=$(cut -f10 <<<"$row")
    bc_chars=$(cut -f11 <<<"$row")
    problems=()
    [ "$bc_bytes" = "$bc_chars" ] || problems+=("BouncyCastle byte[] $bc_bytes != char[] $bc_chars")
    [ "$expected" = "-" ] || [ "$expected" = "$bc_bytes" ] || problems+=("known answer $expected != BouncyCastle $bc_bytes")
    for backend in "${BACKENDS[@]}"; do
        got=$(awk -F'\t' -v id="$index" '$1 == id { print $2 }' "$tmp/$backend.keys")
        [ "$got" = "$bc_bytes" ] || problems+=("closer-spec $backend ${got:-<no response>} != BouncyCastle $bc_bytes")
    done
    if [ ${#problems[@]} -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok    $label  $bc_bytes"
    else
        failed=$((failed + 1))
        echo "FAIL  $label"
        printf '      %s\n' "${problems[@]}"
    fi
done <"$tmp/bc.tsv"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -ge 10 ]
