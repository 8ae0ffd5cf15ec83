#!/bin/sh
# Builds the npm tarball of one vector set with `npm pack` (specs/distribution.md §"npm").
#   npm.sh ROOT PROFILE OUTDIR      writes OUTDIR/<package>-<version>.tgz
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$1 PROFILE=$2 OUT=$(mkdir -p "$3" && cd "$3" && pwd)
# shellcheck disable=SC2046
set -- $(python3 "$HERE/vector_sets.py" list "$ROOT" | awk -v p="$PROFILE" '$1 == p')
VERSION=$2 PACKAGE=$3 SHA=$5
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 "$HERE/vector_sets.py" stage "$ROOT" "$PROFILE" "$TMP/vectors"
for f in index.js index.d.ts package.json; do
    sed -e "s/@PROFILE@/$PROFILE/g" -e "s/@VERSION@/$VERSION/g" -e "s/@PACKAGE@/$PACKAGE/g" \
        -e "s/@MANIFEST_SHA256@/$SHA/g" "$HERE/templates/npm/$f" >"$TMP/$f"
done
(cd "$TMP" && npm pack --silent --pack-destination "$OUT" >/dev/null)
echo "$OUT/$PACKAGE-$VERSION.tgz"
