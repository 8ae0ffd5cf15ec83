#!/bin/sh
# Compiles the JVM port and its JUnit 5 vector runner with plain javac and runs the runner
# through the JUnit console launcher. Installs nothing: it says what is missing.
#   Debian: apt-get install openjdk-17-jdk-headless libbcprov-java libgoogle-gson-java junit5
# Jars can be overridden: BCPROV_JAR, GSON_JAR, JUNIT_CONSOLE_JAR. The vectors: the vector jar
# CLOSER_VECTORS_JAR, else dist/closer-spec-vectors-<version>.jar (`make dist-packages`;
# specs/distribution.md §"Jar") for the version vectors/MANIFEST.json names, put on the classpath;
# no vector file of vectors/ is read.
set -eu
DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
BCPROV=${BCPROV_JAR:-/usr/share/java/bcprov.jar}
GSON=${GSON_JAR:-/usr/share/java/gson.jar}
JUNIT=${JUNIT_CONSOLE_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
missing=""
command -v javac >/dev/null 2>&1 || missing="$missing\n  javac (a JDK 17: apt-get install openjdk-17-jdk-headless)"
command -v java >/dev/null 2>&1 || missing="$missing\n  java (apt-get install openjdk-17-jdk-headless)"
[ -f "$BCPROV" ] || missing="$missing\n  $BCPROV (apt-get install libbcprov-java, or set BCPROV_JAR)"
[ -f "$GSON" ] || missing="$missing\n  $GSON (apt-get install libgoogle-gson-java, or set GSON_JAR)"
[ -f "$JUNIT" ] || missing="$missing\n  $JUNIT (apt-get install junit5, or set JUNIT_CONSOLE_JAR)"
VECTORS_JAR=${CLOSER_VECTORS_JAR:-}
if [ -z "$VECTORS_JAR" ]; then
    # The jar of the version vectors/MANIFEST.json names (older jars left in dist/ do not matter).
    version=$(sed -n 's/^ *"vectorSetVersion": *"\([^"]*\)".*/\1/p' "$ROOT/vectors/MANIFEST.json" | head -n 1)
    VECTORS_JAR="$ROOT/dist/closer-spec-vectors-$version.jar"
fi
[ -n "$VECTORS_JAR" ] && [ -f "$VECTORS_JAR" ] ||
    missing="$missing\n  the vector jar: $VECTORS_JAR (make dist-packages), or set CLOSER_VECTORS_JAR"
if [ -n "$missing" ]; then
    printf "ports/jvm/run-tests.sh: missing:%b\n" "$missing" >&2
    exit 2
fi
OUT="$DIR/build/test-classes"
rm -rf "$OUT"
mkdir -p "$OUT"
# shellcheck disable=SC2046
javac -encoding UTF-8 --release 17 -nowarn -d "$OUT" -cp "$BCPROV:$GSON:$JUNIT:$VECTORS_JAR" \
    $(find "$DIR/src/main" "$DIR/src/test" -name '*.java')
cd "$ROOT"
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-} -Xss4m -jar "$JUNIT" --disable-banner --details=summary \
    --class-path "$OUT:$BCPROV:$GSON:$VECTORS_JAR" --select-class closer.jvm.VectorConformanceTest \
    --select-class closer.jvm.AccumulateTest
