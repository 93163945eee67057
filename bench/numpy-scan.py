"""The exact scan `npm run bench memory` compares Polar's retrieval with: numpy, one thread.

Reads N x DIM float32 rows and Q queries (raw little-endian files), then per query scores
every row (M @ q, float32 BLAS) and takes the top K; prints one JSON line: the load time, the
per-query times, and each query's top-K row indices, best first.
"""

import json
import sys
import time

import numpy as np

rows_path, queries_path, dim, k = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
t0 = time.perf_counter()
m = np.fromfile(rows_path, dtype="<f4").reshape(-1, dim)
load_ms = (time.perf_counter() - t0) * 1000
queries = np.fromfile(queries_path, dtype="<f4").reshape(-1, dim)
times, tops = [], []
for q in queries:
    t = time.perf_counter()
    s = m @ q
    part = np.argpartition(-s, k)[:k]
    top = part[np.argsort(-s[part], kind="stable")]
    times.append((time.perf_counter() - t) * 1000)
    tops.append(top.tolist())
print(json.dumps({"numpy": np.__version__, "loadMs": load_ms, "queryMs": times, "top": tops}))
