#!/bin/sh
# Builds closer-spec-<tool>-vectors-<closer set>-linux-x86_64.tar.gz (specs/distribution.md
# §"Release tarball"): a release closer-spec with the Swift runtime (--static-swift-stdlib)
# (libsodium, libargon2 stay dynamic: see the note below; the README names their packages),
# the vector sets (checked against their manifests),
# specs/ with its schemas, and a README. The release build is the slow part (minutes); it lives in
# its own scratch path (DIST_SCRATCH, default .build/dist) so later runs relink nothing.
#   tarball.sh ROOT OUTDIR
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$1" && pwd) OUT=$(mkdir -p "$2" && cd "$2" && pwd)
BIN=$(sh "$HERE/release-binary.sh")
TOOL=$("$BIN" --version | awk 'NR == 1 { print $2 }')
SET=$("$BIN" --version | awk '$1 == "vector-set" && $2 == "closer" { print $3 }')
NAME=closer-spec-$TOOL-vectors-$SET-linux-x86_64
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
D=$TMP/$NAME
mkdir -p "$D/bin" "$D/vectors"
cp "$BIN" "$D/bin/closer-spec"
strip "$D/bin/closer-spec"
python3 "$HERE/vector_sets.py" list "$ROOT" | while read -r profile _ _ dir _; do
    rel=${dir#"$ROOT/vectors"}
    python3 "$HERE/vector_sets.py" stage "$ROOT" "$profile" "$D/vectors$rel"
done
cp -R "$ROOT/specs" "$D/specs"
"$BIN" --version >"$D/VERSION"
sed -e "s/@NAME@/$NAME/g" "$HERE/templates/tarball-README.md" >"$D/README.md"
tar --sort=name --mtime=@315532800 --owner=0 --group=0 --numeric-owner -C "$TMP" -cf - "$NAME" | gzip -n >"$OUT/$NAME.tar.gz"
echo "$OUT/$NAME.tar.gz"
