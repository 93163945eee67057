"""The bridge's server on the test backend, for running the TS conformance suite's raw-frame
checks against the protocol layer: `python tests/fake_server.py --port 8799`."""

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_backend import FakeBackend  # noqa: E402
from polar_habitat.protocol import Protocol  # noqa: E402
from polar_habitat.server import run_server  # noqa: E402

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    asyncio.run(run_server("127.0.0.1", args.port, FakeBackend, Protocol(),
                           ready=lambda url: print(url, flush=True)))
