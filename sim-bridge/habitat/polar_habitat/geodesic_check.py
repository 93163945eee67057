"""Do Habitat's geodesics agree with the embedded simulator's on the same house?

Input: the files that sim-bridge/embedded/export-glb.ts writes (house-seedN.glb and
house-seedN.pairs.json with the embedded nav grid's geodesic for random navigable pairs).
Habitat loads the mesh without a renderer, builds its navmesh with the same agent radius
and height, and measures every pair. `python -m polar_habitat.geodesic_check --pairs P --glb G`

Tolerance: |habitat - embedded| <= rel * embedded + abs, by default 5% + 0.15 m. The
embedded value is the shorter of a 16-neighbour Dijkstra field (≤ 3% over the true length in
the open) and the string-pulled grid path, on 0.05 m cells; Recast rasterises the mesh into
0.05 m cells too, erodes by the radius on that raster (obstacle edges move by up to a cell,
so each corner a path wraps can shift it by ~0.05 m, and a path wraps a few) and Detour's
funnel over an A* polygon corridor can be a little longer than the true shortest path in
big open polygons. A few percent plus a few corners' worth of cells covers both; a real
mismatch (a wall missing in one of them, a door closed) shows up as metres."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path


def compare(pairs: list[dict], habitat: list[float | None], rel: float, abs_: float) -> dict:
    """Agreement figures for pairs (with their embedded `geodesic`) and Habitat's values."""
    errors, rels, bad, missing = [], [], [], 0
    for p, h in zip(pairs, habitat):
        e = p["geodesic"]
        if h is None or not math.isfinite(h):
            missing += 1
            bad.append({**p, "habitat": None})
            continue
        err = abs(h - e)
        errors.append(err)
        rels.append(err / max(e, 1e-9))
        if err > rel * e + abs_:
            bad.append({**p, "habitat": h})
    n = len(pairs)
    q = lambda xs, f: sorted(xs)[min(len(xs) - 1, int(f * len(xs)))] if xs else None  # noqa: E731
    return {
        "pairs": n,
        "unreachable_in_habitat": missing,
        "within_tolerance": n - len(bad),
        "fraction_within": (n - len(bad)) / n if n else 0.0,
        "abs_error_median": statistics.median(errors) if errors else None,
        "abs_error_p95": q(errors, 0.95),
        "abs_error_max": max(errors) if errors else None,
        "rel_error_median": statistics.median(rels) if rels else None,
        "rel_error_p95": q(rels, 0.95),
        "tolerance": {"relative": rel, "absolute": abs_},
        "worst": sorted(bad, key=lambda b: -abs((b["habitat"] or 1e9) - b["geodesic"]))[:5],
    }


def habitat_geodesics(glb: Path, pairs: list[dict], radius: float, height: float) -> tuple[list, dict]:
    import habitat_sim

    from .backend import DEFAULT_SETTINGS, resolve_settings
    from .habitat_backend import geodesic, geometry_configuration, make_configuration, recompute_navmesh, vec3
    from .scenes import SceneFiles

    settings = resolve_settings(DEFAULT_SETTINGS, {"agentRadius": radius, "agentHeight": height})
    t0 = time.time()
    files = SceneFiles(glb, None, None)
    sim = habitat_sim.Simulator(make_configuration(files, settings, render=False, gpu=-1))
    renderer = "none"
    try:
        try:
            recompute_navmesh(sim, radius, height)
        except AssertionError as e:
            # habitat-sim 0.2.x keeps no scene geometry without a renderer ("createRenderer is
            # false. Scene geometry is required to recompute navmesh"): start one, on the
            # first EGL device (Mesa's software one on a machine without a GPU)
            if "createRenderer" not in str(e):
                raise
            sim.close()
            sim = habitat_sim.Simulator(geometry_configuration(files, settings))
            renderer = "egl (gpu_device_id -1)"
            recompute_navmesh(sim, radius, height)
        t1 = time.time()
        out = []
        for p in pairs:
            a, b = sim.pathfinder.snap_point(vec3(p["a"])), sim.pathfinder.snap_point(vec3(p["b"]))
            out.append(geodesic(sim.pathfinder, list(a), list(b)))
        info = {"habitat_sim": habitat_sim.__version__, "renderer": renderer, "navigable_area": float(sim.pathfinder.navigable_area),
                "load_and_navmesh_s": round(t1 - t0, 2), "queries_s": round(time.time() - t1, 2)}
    finally:
        sim.close()
    return out, info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", required=True)
    ap.add_argument("--glb", required=True)
    ap.add_argument("--rel", type=float, default=0.05)
    ap.add_argument("--abs", type=float, default=0.15)
    ap.add_argument("--min-within", type=float, default=0.97, help="fraction of pairs that must agree")
    args = ap.parse_args(argv)
    doc = json.loads(Path(args.pairs).read_text())
    hab, info = habitat_geodesics(Path(args.glb), doc["pairs"], doc["agentRadius"], doc["agentHeight"])
    report = {**info, **compare(doc["pairs"], hab, args.rel, args.abs)}
    print(json.dumps(report, indent=2))
    ok = report["fraction_within"] >= args.min_within
    print(f"geodesic agreement: {report['within_tolerance']}/{report['pairs']} within "
          f"{args.rel:.0%} + {args.abs} m -> {'OK' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
