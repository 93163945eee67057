#!/usr/bin/env bash
# The Habitat bridge's CI: its pytest suite (protocol layer over a real WebSocket, engine at the
# Backend boundary) in a light venv, then, where habitat-sim is set up (sim-bridge/habitat/
# setup.sh; POLAR_HABITAT_SETUP=1 runs it here, ~12 min on 2 cores from scratch), the same suite
# plus the real-habitat tests under the habitat interpreter and the geodesic agreement check on
# an exported embedded house. Exits non-zero on any failure; pytest's exit 5 (nothing collected)
# counts as a failure too, since this suite always has tests.
set -euo pipefail
cd "$(dirname "$0")/.."
HB=sim-bridge/habitat
PREFIX="${HABITAT_PREFIX:-/opt/polar-habitat}"
T0=$(date +%s)
step() { echo "=== [habitat $(( $(date +%s) - T0 ))s] $*"; }

step "bridge tests (python3 venv)"
VENV="${HABITAT_TEST_VENV:-$PREFIX/test-venv}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install -q -r "$HB/requirements-test.txt"
(cd "$HB" && "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests) || { rc=$?; echo "bridge pytest failed (exit $rc)"; exit 1; }

step "conformance suite against the bridge's protocol layer (test backend)"
PORTFILE=$(mktemp)
"$VENV/bin/python" "$HB/tests/fake_server.py" --port 0 >"$PORTFILE" 2>&1 &
FAKE=$!
trap 'kill $FAKE 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q '^ws://' "$PORTFILE" && break; sleep 0.2; done
node bin/polar.js sim conformance --url "$(grep -m1 '^ws://' "$PORTFILE")" --scene room
kill $FAKE; trap - EXIT

if [ "${POLAR_HABITAT_SETUP:-0}" = "1" ]; then
  step "habitat setup"
  HABITAT_PREFIX="$PREFIX" bash "$HB/setup.sh"
fi
if [ ! -x "$PREFIX/venv/bin/python" ]; then
  step "habitat-sim not set up under $PREFIX: real-habitat checks not run (POLAR_HABITAT_SETUP=1 to set up)"
  exit 0
fi
if ! HABITAT_PREFIX="$PREFIX" "$HB/python" -c "import habitat_sim" 2>/tmp/habitat-import.err; then
  step "habitat_sim is installed but cannot be imported; real-habitat checks not run:"
  tail -3 /tmp/habitat-import.err
  exit 0
fi
step "bridge tests + real habitat tests (habitat interpreter)"
(cd "$HB" && HABITAT_PREFIX="$PREFIX" ./python -m pytest -q -p no:cacheprovider tests) || { echo "habitat pytest failed"; exit 1; }
step "geodesic agreement check"
OUT=$(mktemp -d)
node --import tsx sim-bridge/embedded/export-glb.ts --seed 7 --out "$OUT" --pairs 300
(cd "$HB" && HABITAT_PREFIX="$PREFIX" ./python -m polar_habitat.geodesic_check \
  --pairs "$OUT/house-seed7.pairs.json" --glb "$OUT/house-seed7.glb")
step "done"
