#!/bin/sh
# Starts the JVM port (harness protocol v1 on stdin/stdout), compiling it first when a source
# is newer than the build. Needs a JDK 17 (javac, java) and Debian's libbcprov-java.
# Usage from the repository root: closer-spec harness --port ports/jvm/port.sh
set -eu
DIR=$(cd "$(dirname "$0")" && pwd)
BCPROV=${BCPROV_JAR:-/usr/share/java/bcprov.jar}
OUT="$DIR/build/classes"
STAMP="$OUT/.stamp"
if [ ! -f "$BCPROV" ]; then
    echo "ports/jvm: $BCPROV not found (apt-get install libbcprov-java, or set BCPROV_JAR)" >&2
    exit 2
fi
if [ ! -f "$STAMP" ] || [ -n "$(find "$DIR/src/main" -name '*.java' -newer "$STAMP" 2>/dev/null | head -n 1)" ]; then
    command -v javac >/dev/null 2>&1 || { echo "ports/jvm: javac not found (apt-get install openjdk-17-jdk-headless)" >&2; exit 2; }
    rm -rf "$OUT.tmp.$$"
    mkdir -p "$OUT.tmp.$$"
    # shellcheck disable=SC2046
    javac -encoding UTF-8 --release 17 -nowarn -d "$OUT.tmp.$$" -cp "$BCPROV" $(find "$DIR/src/main" -name '*.java') >&2
    touch "$OUT.tmp.$$/.stamp"
    rm -rf "$OUT"
    mv "$OUT.tmp.$$" "$OUT"
fi
exec java -Xss4m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$OUT:$BCPROV" closer.jvm.Main "$@"
