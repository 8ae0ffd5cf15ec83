#!/bin/sh
# The reproductions of the untrusted-input findings (specs/threat-model.md §"Limits"), each with
# its exit status, wall time and peak RSS (/usr/bin/time), killed after 20 s (rc 124).
# Usage, from the repository root: scripts/untrusted-input-repro.sh [CLOSER_SPEC_BINARY]
# Writes below ${TMPDIR:-/tmp} (sparse files: a 2 GB and thirty 60 MiB ones, no disk used).
B=$(realpath "${1:-.build/debug/closer-spec}"); R=$(pwd); T=$(mktemp -d "${TMPDIR:-/tmp}/closer-repro.XXXXXX")
trap 'rm -rf "$T"' EXIT
run() { name=$1; shift; /usr/bin/time -f "%e s %M KB" -o $T/time timeout "${LIMIT:-20}" "$@" > $T/out 2>&1; rc=$?; echo "== $name: rc=$rc $(cat $T/time | tail -1) :: $( (grep -E 'problem:|error|Error|Fatal' $T/out || tail -n 1 $T/out) | head -n 2 | cut -c1-200 | tr '\n' '|')"; }
# 1 tcId huge / fractional in a vector file
mkdir -p $T/v1 && cp $R/vectors/*.json $T/v1/ && sed -i '0,/"tcId": 1,/s//"tcId": 1e300,/' $T/v1/enc_v1.json
LIMIT=120 run "tcId 1e300 verify" $B verify --profile closer $T/v1
mkdir -p $T/v2 && cp $R/vectors/*.json $T/v2/ && sed -i '0,/"numberOfTests": 72,/s//"numberOfTests": 72.5,/' $T/v2/enc_v1.json
LIMIT=120 run "numberOfTests 72.5 verify" $B verify --profile closer $T/v2
# 1b divergences
echo '{"divergences": [{"suite": "enc_v1", "tcId": 1e300, "reason": "r"}]}' > $T/known.json
run "divergence tcId 1e300" $B harness --port "$R/ports/fixtures/yes-man-port --no-ops" --known-failures $T/known.json
# 3 symlink to 2 GB file
mkdir -p $T/v3 && cp $R/vectors/*.json $T/v3/ && truncate -s 2G $T/big && rm $T/v3/enc_v1.json && ln -s $T/big $T/v3/enc_v1.json
run "symlink to 2 GB" $B verify --profile closer $T/v3
# 3b 30 files under the cap
mkdir -p $T/v4 && cp $R/vectors/*.json $T/v4/ && for i in $(seq 1 30); do truncate -s 60M $T/v4/pad$i.json; done
run "30 x 60 MiB files" $B verify --profile closer $T/v4
# 3c world with 400 hard links to a 4 MB document
mkdir -p $T/world/c && python3 -c "import json;print(json.dumps({'a':'x'*4000000}))" > $T/world/c/d0.json && for i in $(seq 1 399); do ln $T/world/c/d0.json $T/world/c/d$i.json; done
run "world 400 hard links x 4 MB" $B check --path couples/c1 --method get --auth bob --world $T/world
# 3d divergences file huge
truncate -s 1G $T/hugeknown.json
run "1 GB divergences file" $B harness --port "$R/ports/fixtures/yes-man-port --no-ops" --known-failures $T/hugeknown.json
# 4 unreadable dir
run "unreadable vector dir" $B verify /nonexistent-dir
# 5 symlink out of the dir
mkdir -p $T/v5 $T/elsewhere && cp $R/vectors/*.json $T/v5/ && mv $T/v5/enc_v1.json $T/elsewhere/ && ln -s $T/elsewhere/enc_v1.json $T/v5/enc_v1.json
run "suite symlinked from elsewhere" $B harness --port "$R/ports/fixtures/yes-man-port $B" --suite enc_v1 --vectors $T/v5 --profile closer
# 5b FIFOs
mkfifo $T/fifo
run "FIFO as --keyset" $B inspect --keyset $T/fifo --couple-id C 'enc:v1:AQ'
run "FIFO as check document" $B check --path couples/c1 --method get --auth bob --existing $T/fifo
mkdir -p $T/world2/c && mkfifo $T/world2/c/d.json
run "FIFO in --world" $B check --path couples/c1 --method get --auth bob --world $T/world2
# 5c generate through a symlink
mkdir -p $T/gen && echo precious > $T/outside.txt && ln -s $T/outside.txt $T/gen/enc_v1.json
timeout 120 $B generate --out $T/gen > $T/out 2>&1; echo "== generate through symlink: rc=$? outside now: $(head -c 20 $T/outside.txt | tr '\n' ' ') :: $(tail -1 $T/out)"
# 6 stale digest + yes-man; no-ops port
mkdir -p $T/v6 && cp $R/vectors/*.json $T/v6/ && sed -i 's/"result": "invalid"/"result": "acceptable"/' $T/v6/enc_v1.json
run "yes-man, stale digest" $B harness --port "$R/ports/fixtures/yes-man-port $B" --vectors $T/v6 --suite enc_v1 --profile closer
run "no-ops port" env -C $R $B harness --port "$R/ports/fixtures/yes-man-port --no-ops"
