#!/bin/sh
# Builds the jar (vectors as resources under closer-spec-vectors/<profile>/, the loader class
# <java package>.VectorSet, Java 17) and its pom of one vector set (specs/distribution.md §"Jar").
#   jar.sh ROOT PROFILE OUTDIR      writes OUTDIR/<package>-<version>.jar and .pom
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$1 PROFILE=$2 OUT=$(mkdir -p "$3" && cd "$3" && pwd)
# shellcheck disable=SC2046
set -- $(python3 "$HERE/vector_sets.py" list "$ROOT" | awk -v p="$PROFILE" '$1 == p')
VERSION=$2 PACKAGE=$3 SHA=$5
# closer -> closer.spec.vectors; fitlink -> closer.spec.vectors.fitlink; reward-e -> …reward_e
JAVA_PACKAGE=closer.spec.vectors
[ "$PROFILE" = closer ] || JAVA_PACKAGE="closer.spec.vectors.$(echo "$PROFILE" | tr - _)"
RESOURCE_ROOT="closer-spec-vectors/$PROFILE"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 "$HERE/vector_sets.py" stage "$ROOT" "$PROFILE" "$TMP/classes/$RESOURCE_ROOT"
python3 "$HERE/vector_sets.py" digests "$ROOT" "$PROFILE" |
    awk '{ printf "%s        Map.entry(\"%s\", \"%s\")", (NR > 1 ? ",\n" : ""), $1, $2 } END { print "" }' >"$TMP/digests"
SRC="$TMP/src/$(echo "$JAVA_PACKAGE" | tr . /)"
mkdir -p "$SRC"
subst() {
    sed -e "s/@PROFILE@/$PROFILE/g" -e "s/@VERSION@/$VERSION/g" -e "s/@PACKAGE@/$PACKAGE/g" \
        -e "s/@MANIFEST_SHA256@/$SHA/g" -e "s/@JAVA_PACKAGE@/$JAVA_PACKAGE/g" \
        -e "s|@RESOURCE_ROOT@|$RESOURCE_ROOT|g" "$1"
}
subst "$HERE/templates/jar/VectorSet.java" | sed -e "/@DIGESTS@/{r $TMP/digests" -e 'd}' >"$SRC/VectorSet.java"
javac -encoding UTF-8 --release 17 -d "$TMP/classes" "$SRC/VectorSet.java"
subst "$HERE/templates/jar/pom.xml" >"$OUT/$PACKAGE-$VERSION.pom"
mkdir -p "$TMP/classes/META-INF/maven/app.closer.spec/$PACKAGE"
cp "$OUT/$PACKAGE-$VERSION.pom" "$TMP/classes/META-INF/maven/app.closer.spec/$PACKAGE/pom.xml"
printf 'Implementation-Title: %s\nImplementation-Version: %s\nCloser-Spec-Profile: %s\nCloser-Spec-Manifest-SHA256: %s\n' \
    "$PACKAGE" "$VERSION" "$PROFILE" "$SHA" >"$TMP/manifest.txt"
# --date: reproducible entry times (jar 17+).
jar --create --file "$OUT/$PACKAGE-$VERSION.jar" --manifest "$TMP/manifest.txt" --date=1980-01-01T00:00:02Z -C "$TMP/classes" .
echo "$OUT/$PACKAGE-$VERSION.jar"
