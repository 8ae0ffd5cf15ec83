#!/usr/bin/env bash
# Fails on any compiler warning in this project's own files: the build logs given are searched for
# `PATH:LINE:COL: warning:` diagnostics whose PATH lies under this repository's Sources/, Tests/,
# fuzz/, Snippets/ or is Package.swift. Dependencies' warnings (.build/checkouts/…) are not the
# project's and are ignored. `make ci` runs it on the build of `make test` and on the fuzz build;
# CI builds a clean clone, so every file of the project is compiled in those logs (on a warm tree
# a log holds only the files that build recompiled: the check says how many it saw).
#   scripts/check-warnings.sh LOG [LOG…]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
found=0
compiled=0
for log in "$@"; do
    if [ ! -f "$log" ]; then
        echo "check-warnings: no build log $log" >&2
        exit 2
    fi
    # Paths as the compiler prints them: absolute, or relative to the repository root.
    hits=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E -- '^[^ ]+:[0-9]+:[0-9]+: warning:' |
        sed "s|^$root/||" | grep -E -- '^(Sources|Tests|fuzz|Snippets)/|^Package\.swift:' | sort -u)
    if [ -n "$hits" ]; then
        echo "$hits"
        found=$((found + $(printf '%s\n' "$hits" | wc -l)))
    fi
    compiled=$((compiled + $(grep -cE -- '^\[[0-9]+/[0-9]+\] Compiling [A-Za-z0-9_]+ ' "$log")))
done
if [ "$found" -gt 0 ]; then
    echo "warnings: $found in the project's own files (each is an error: fix it)"
    exit 1
fi
echo "warnings: none in the project's files ($compiled compile steps in $# build log(s))"
