#!/usr/bin/env bash
# Installs what the Habitat bridge needs on a Debian bookworm machine without conda, into
# prefixes outside the repo (idempotent: each step is skipped when its result is present).
#   1. CPython 3.13 from Debian trixie's source tarball (PyPI's habitat-sim wheel is cp313 only)
#   2. a venv with habitat-sim-uv-wheels-experimental (habitat-sim 0.2.2) + the bridge's deps
#   3. trixie's libc6 / libstdc++6 / libgcc-s1 unpacked (never installed) into a private
#      prefix: the wheel's bindings need GLIBC_2.38 and GLIBCXX_3.4.32, bookworm has 2.36 / gcc 12;
#      ./python runs the venv's interpreter through trixie's loader with those libraries.
# Env: HABITAT_PREFIX (default /opt/polar-habitat), JOBS (default nproc).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PREFIX="${HABITAT_PREFIX:-/opt/polar-habitat}"
JOBS="${JOBS:-$(nproc)}"
DEB=http://deb.debian.org/debian
PY_TARBALL="pool/main/p/python3.13/python3.13_3.13.5.orig.tar.xz"
PY_MD5=dbaa8833aa736eddbb18a6a6ae0c10fa
T0=$(date +%s)
step() { echo "=== [habitat setup $(( $(date +%s) - T0 ))s] $*"; }
mkdir -p "$PREFIX/dl"

if [ ! -x "$PREFIX/py313/bin/python3.13" ]; then
  step "building CPython 3.13.5 into $PREFIX/py313 (about 8 min on 2 cores)"
  curl -fsS -o "$PREFIX/dl/py313.tar.xz" "$DEB/$PY_TARBALL"
  echo "$PY_MD5  $PREFIX/dl/py313.tar.xz" | md5sum -c -
  rm -rf "$PREFIX/dl/py313-src" && mkdir -p "$PREFIX/dl/py313-src"
  tar -xJf "$PREFIX/dl/py313.tar.xz" -C "$PREFIX/dl/py313-src" --strip-components=1
  (cd "$PREFIX/dl/py313-src" && ./configure --prefix="$PREFIX/py313" --without-ensurepip --disable-test-modules >/dev/null \
    && make -j"$JOBS" >/dev/null && make install >/dev/null)
  "$PREFIX/py313/bin/python3.13" -m ensurepip >/dev/null
  rm -rf "$PREFIX/dl/py313-src"
fi
step "python: $("$PREFIX/py313/bin/python3.13" --version)"

if [ ! -x "$PREFIX/venv/bin/python" ]; then
  "$PREFIX/py313/bin/python3.13" -m venv "$PREFIX/venv"
fi
if ! "$PREFIX/venv/bin/pip" show -q habitat-sim-uv-wheels-experimental >/dev/null 2>&1; then
  step "pip install habitat-sim-uv-wheels-experimental (about 3 min)"
  "$PREFIX/venv/bin/pip" install -q habitat-sim-uv-wheels-experimental
fi
"$PREFIX/venv/bin/pip" install -q -r "$HERE/requirements-test.txt"
step "venv: $("$PREFIX/venv/bin/pip" show habitat-sim-uv-wheels-experimental | grep ^Version)"

LIBS="$PREFIX/trixie-libs"
if [ ! -e "$LIBS/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" ]; then
  step "unpacking trixie's libc6, libstdc++6, libgcc-s1 into $LIBS"
  curl -fsS -o "$PREFIX/dl/Packages.xz" "$DEB/dists/trixie/main/binary-amd64/Packages.xz"
  for pkg in libc6 libstdc++6 libgcc-s1; do
    file=$(xz -dc "$PREFIX/dl/Packages.xz" | awk -v p="$pkg" '/^Package: /{n=$2} /^Filename: /{if(n==p){print $2; exit}}')
    [ -n "$file" ] || { echo "no $pkg in trixie's Packages" >&2; exit 1; }
    curl -fsS -o "$PREFIX/dl/$pkg.deb" "$DEB/$file"
    dpkg-deb -x "$PREFIX/dl/$pkg.deb" "$LIBS"
  done
fi
step "glibc for habitat: $("$LIBS/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" --version | head -1)"
step "import check"
if HABITAT_PREFIX="$PREFIX" "$HERE/python" -c "import habitat_sim; print('habitat_sim', habitat_sim.__version__)"; then
  echo "habitat_sim: importable"
else
  echo "habitat_sim: NOT importable (see README: the wheel ships no 'magnum' Python bindings)"
fi
step "done"
