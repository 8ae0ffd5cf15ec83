#!/bin/sh
# The one release build of closer-spec that the tarball ships and `make bench` measures
# (specs/distribution.md §"Release tarball"): --static-swift-stdlib, in its own scratch path
# (DIST_SCRATCH, default .build/dist) so later runs relink nothing. Prints the binary's path.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${DIST_SCRATCH:-$ROOT/.build/dist}
# A folder holding only the static archives, meant to make -lsodium / -largon2 resolve to the .a
# files. Measured: it does not (ldd still lists libsodium.so.23 and libargon2.so.1, the system
# folder is searched first); left in place so the build flags, and so the cached build, stay put.
STATIC=$SCRATCH/static-libs
mkdir -p "$STATIC"
for lib in sodium argon2; do
    a=$(pkg-config --variable=libdir "lib$lib" 2>/dev/null || echo /usr/lib/x86_64-linux-gnu)/lib$lib.a
    [ -f "$a" ] || { echo "release-binary.sh: $a is missing (apt-get install lib$lib-dev)" >&2; exit 2; } >&2
    ln -sf "$a" "$STATIC/lib$lib.a"
done
(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --product closer-spec --static-swift-stdlib \
    -Xlinker -L"$STATIC" >"$SCRATCH/build.log" 2>&1) || { tail -n 30 "$SCRATCH/build.log"; exit 2; } >&2
echo "$SCRATCH/release/closer-spec"
