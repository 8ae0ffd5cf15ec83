#!/usr/bin/env bash
# Runs one stage of `make test` with its output in .build/stages/NAME.log, and prints only a
# summary: the lines matching PATTERN on success, the log's last 60 lines on failure.
#   scripts/stage.sh NAME PATTERN COMMAND [ARGS…]
set -uo pipefail
name=$1
pattern=$2
shift 2
mkdir -p .build/stages
log=.build/stages/$name.log
start=$(date +%s)
"$@" >"$log" 2>&1
status=$?
secs=$(($(date +%s) - start))
if [ $status -eq 0 ]; then
    echo "== $name: ok (${secs}s)"
    grep -E -- "$pattern" "$log" | sed 's/^/   /' | tail -n 12
else
    echo "== $name: FAILED (exit $status, ${secs}s; full log: $log)"
    tail -n 60 "$log" | sed 's/^/   /'
fi
exit $status
