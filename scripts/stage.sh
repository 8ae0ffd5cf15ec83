#!/usr/bin/env bash
# Runs one stage of `make test` / `make ci` with its output in .build/stages/NAME.log, and prints
# only a summary: the lines matching PATTERN on success, the log's last 60 lines on failure. The
# summary is written at once, so stages running side by side (make ci's lanes) do not interleave.
# Each stage's wall time, CPU time (user + system of it and its children) and status are appended
# to .build/stages/times.tsv for scripts/stage-table.py.
#   scripts/stage.sh NAME PATTERN COMMAND [ARGS…]
set -uo pipefail
name=$1
pattern=$2
shift 2
mkdir -p .build/stages
log=.build/stages/$name.log
cpu=.build/stages/$name.cpu
start=$(date +%s)
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%U %S' -o "$cpu" "$@" >"$log" 2>&1
else
    "$@" >"$log" 2>&1
fi
status=$?
secs=$(($(date +%s) - start))
cpu_secs=$(awk '{ printf "%d", $1 + $2 }' "$cpu" 2>/dev/null || echo "")
printf '%s\t%s\t%s\t%s\n' "$name" "$secs" "${cpu_secs:--}" "$status" >>.build/stages/times.tsv
summary=$(mktemp)
if [ $status -eq 0 ]; then
    echo "== $name: ok (${secs}s)" >"$summary"
    grep -E -- "$pattern" "$log" | sed 's/^/   /' | tail -n 12 >>"$summary"
else
    echo "== $name: FAILED (exit $status, ${secs}s; full log: $log)" >"$summary"
    tail -n 60 "$log" | sed 's/^/   /' >>"$summary"
fi
cat "$summary"
rm -f "$summary"
exit $status
