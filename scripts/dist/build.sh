#!/bin/sh
# make dist (specs/distribution.md): every artifact of every vector set into dist/.
#   build.sh packages   the wheel, npm tarball and jar (+ pom) of each set: seconds
#   build.sh all        those, then the release tarball (a release build: minutes the first time)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${DIST_OUT:-$ROOT/dist}
mkdir -p "$OUT"
for profile in $(python3 "$HERE/vector_sets.py" list "$ROOT" | awk '{ print $1 }'); do
    echo "dist: $(basename "$(python3 "$HERE/wheel.py" "$ROOT" "$profile" "$OUT")")"
    echo "dist: $(basename "$(sh "$HERE/npm.sh" "$ROOT" "$profile" "$OUT")")"
    echo "dist: $(basename "$(sh "$HERE/jar.sh" "$ROOT" "$profile" "$OUT")")"
done
if [ "${1:-all}" = all ]; then
    echo "dist: $(basename "$(sh "$HERE/tarball.sh" "$ROOT" "$OUT")")"
fi
# The digests CI recipes pin (docs/ci/README.md).
(cd "$OUT" && sha256sum -- *.whl *.tgz *.jar *.pom $(ls closer-spec-*-linux-x86_64.tar.gz 2>/dev/null) >SHA256SUMS)
echo "dist: SHA256SUMS"
