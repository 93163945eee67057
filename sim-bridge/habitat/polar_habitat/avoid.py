"""plan_path's regions and avoidRegions (protocol 1.1), on any Backend: Habitat's pathfinder cannot
be told to keep out of a room, so this plans on a grid of the backend's navigable points instead.

- Regions: a point is in the first of scene_info's regions whose bounds hold it (x and z within,
  y from min - REGION_FLOOR_TOLERANCE to max), as src/sim/conformance-avoid.ts's regionAt.
- The grid: cells of CELL metres over the scene's bounds at the agent's floor height; a cell is
  open when its centre is navigable, and two neighbours connect when the point halfway between
  them is too (a thin wall between two navigable centres cuts the edge). Cells whose centre lies
  in an avoided region are closed, except those of the region the agent stands in.
- The walk: a greedy follower on the goal's grid distance field, as the embedded simulator's
  plan-path.ts: each move is "turn k times, then MOVE_FORWARD", simulated with the backend's own
  motion (Backend.forward), taken only when it gets closer and no point along it (CELL/2 apart)
  enters an avoided region, the start region excepted until the walk first leaves it.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from .backend import Pose

#: grid cell, metres
CELL = 0.1
#: how far below a region's floor (bounds.min y) a position may be and still count as in it
REGION_FLOOR_TOLERANCE = 0.5
#: moves simulated per plan at most (each a Backend.forward call): bounds one request's work
MAX_PLAN_MOVES = 60_000
#: progress a move must make to count, so the walk never dithers in place
MIN_PROGRESS = 1e-3

FEATURES = ["plan_path.avoidRegions", "topdown.marks"]


def region_at(regions: list[dict[str, Any]], p) -> str | None:
    for r in regions:
        b = r.get("bounds")
        if not b:
            continue
        lo, hi = b["min"], b["max"]
        if lo[0] <= p[0] <= hi[0] and lo[2] <= p[2] <= hi[2] and lo[1] - REGION_FLOOR_TOLERANCE <= p[1] <= hi[1]:
            return r["id"]
    return None


def regions_along(regions: list[dict[str, Any]], points: list[list[float]], sample: float = CELL / 2) -> list[str]:
    """The regions a walk through `points` passes, in order: straight legs sampled every `sample`
    metres, consecutive repeats collapsed, points outside every region skipped."""
    out: list[str] = []

    def visit(p):
        rid = region_at(regions, p)
        if rid is not None and (not out or out[-1] != rid):
            out.append(rid)

    if points:
        visit(points[0])
    for a, b in zip(points, points[1:]):
        n = max(1, math.ceil(math.hypot(b[0] - a[0], b[2] - a[2]) / sample))
        for k in range(1, n + 1):
            t = k / n
            visit([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t])
    return out


def walk_positions(forward: Callable[[Pose], list[float]], pose: Pose, actions: list[str],
                   turn_deg: float) -> list[list[float]]:
    """Where the agent stands at the start and after each MOVE_FORWARD of `actions` (simulated)."""
    out = [list(pose.position)]
    p = Pose(list(pose.position), pose.heading)
    for a in actions:
        if a == "MOVE_FORWARD":
            p = Pose(forward(p), p.heading)
            out.append(list(p.position))
        elif a in ("TURN_LEFT", "TURN_RIGHT"):
            p = Pose(p.position, p.heading + math.radians(turn_deg) * (1 if a == "TURN_LEFT" else -1))
    return out


class NavGrid:
    """Open cells of the floor at height y, from the backend's navigability test."""

    def __init__(self, navigable: Callable[[list[float]], bool], lo, hi, y: float, cell: float = CELL):
        self.cell, self.y = cell, y
        self.x0, self.z0 = float(lo[0]), float(lo[2])
        self.nx = max(1, int(math.ceil((hi[0] - lo[0]) / cell)))
        self.nz = max(1, int(math.ceil((hi[2] - lo[2]) / cell)))
        h = cell / 2
        # navigability at every half cell: cell centres at odd indices, edge midpoints between them
        fine = np.zeros((2 * self.nz + 1, 2 * self.nx + 1), bool)
        for j in range(fine.shape[0]):
            for i in range(fine.shape[1]):
                if i % 2 == 0 and j % 2 == 0:
                    continue  # cell corners: no edge passes through them
                fine[j, i] = bool(navigable([self.x0 + i * h, y, self.z0 + j * h]))
        self.fine = fine
        self.open = fine[1::2, 1::2].copy()

    def owners(self, regions: list[dict[str, Any]]) -> np.ndarray:
        """Index into `regions` of the region each cell's centre is in (region_at's rule), -1 for none."""
        xs = self.x0 + (np.arange(self.nx) + 0.5) * self.cell
        zs = self.z0 + (np.arange(self.nz) + 0.5) * self.cell
        X, Z = np.meshgrid(xs, zs)
        owner = np.full(X.shape, -1)
        for k, r in enumerate(regions):
            b = r.get("bounds")
            if not b or not (b["min"][1] - REGION_FLOOR_TOLERANCE <= self.y <= b["max"][1]):
                continue
            inside = ((owner < 0) & (X >= b["min"][0]) & (X <= b["max"][0]) & (Z >= b["min"][2])
                      & (Z <= b["max"][2]))
            owner[inside] = k
        return owner

    def center(self, i: int, j: int) -> tuple[float, float]:
        return self.x0 + (i + 0.5) * self.cell, self.z0 + (j + 0.5) * self.cell

    def cell_of(self, x: float, z: float) -> tuple[int, int]:
        return int(math.floor((x - self.x0) / self.cell)), int(math.floor((z - self.z0) / self.cell))

    def linked(self, i: int, j: int, di: int, dj: int) -> bool:
        """Whether the step from cell (i, j) to (i+di, j+dj) stays on navigable floor."""
        fi, fj = 2 * i + 1, 2 * j + 1
        if di and dj:  # diagonal: both orthogonal halves and the corner between them
            return bool(self.fine[fj, fi + di] and self.fine[fj + dj, fi] and self.fine[fj + dj, fi + 2 * di]
                        and self.fine[fj + 2 * dj, fi + di])
        return bool(self.fine[fj + dj, fi + di])

    def field(self, goal: tuple[float, float], open_: np.ndarray) -> np.ndarray:
        """Grid distance from every open cell to the goal (inf where unreachable), by Dijkstra."""
        dist = np.full(open_.shape, np.inf)
        heap: list[tuple[float, int, int]] = []
        gi, gj = self.cell_of(*goal)
        for j in range(gj - 1, gj + 2):
            for i in range(gi - 1, gi + 2):
                if 0 <= i < self.nx and 0 <= j < self.nz and open_[j, i]:
                    cx, cz = self.center(i, j)
                    d = math.hypot(cx - goal[0], cz - goal[1])
                    if d < dist[j, i]:
                        dist[j, i] = d
                        heapq.heappush(heap, (d, i, j))
        steps = [(di, dj, math.hypot(di, dj) * self.cell) for di in (-1, 0, 1) for dj in (-1, 0, 1) if di or dj]
        while heap:
            d, i, j = heapq.heappop(heap)
            if d > dist[j, i]:
                continue
            for di, dj, c in steps:
                ni, nj = i + di, j + dj
                if not (0 <= ni < self.nx and 0 <= nj < self.nz) or not open_[nj, ni]:
                    continue
                nd = d + c
                if nd < dist[nj, ni] and self.linked(i, j, di, dj):
                    dist[nj, ni] = nd
                    heapq.heappush(heap, (nd, ni, nj))
        return dist

    def at(self, dist: np.ndarray, x: float, z: float) -> float:
        """The field at a point: best over the cells around it of their distance plus the way there."""
        ci, cj = self.cell_of(x, z)
        best = math.inf
        for j in range(cj - 1, cj + 2):
            for i in range(ci - 1, ci + 2):
                if 0 <= i < self.nx and 0 <= j < self.nz and math.isfinite(dist[j, i]):
                    cx, cz = self.center(i, j)
                    best = min(best, dist[j, i] + math.hypot(cx - x, cz - z))
        return best


@dataclass
class Avoidance:
    regions: list[dict[str, Any]]
    avoided: set[str]
    #: the avoided region the walk starts in: open until the walk first leaves it
    exempt: str | None

    def forbids(self, p) -> bool:
        rid = region_at(self.regions, p)
        return rid is not None and rid in self.avoided

    def check(self, a, b, left: bool, sample: float) -> str:
        """"refused" when a point of the move a→b enters an avoided region, else "in_start" while the
        walk is still in the start region, "left" once it has been outside it."""
        n = max(1, math.ceil(math.hypot(b[0] - a[0], b[2] - a[2]) / sample))
        for k in range(1, n + 1):
            t = k / n
            rid = region_at(self.regions, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t])
            if self.exempt is not None and rid == self.exempt and not left:
                continue
            if rid is not None and rid in self.avoided:
                return "refused"
            left = True
        return "left" if left else "in_start"

    def mask(self, grid: NavGrid) -> np.ndarray:
        """The grid's open cells less those whose centre lies in a closed (avoided, not exempt) region."""
        closed = self.avoided - ({self.exempt} if self.exempt else set())
        if not closed:
            return grid.open.copy()
        owner = grid.owners(self.regions)
        shut = [k for k, r in enumerate(self.regions) if r["id"] in closed]
        return grid.open & ~np.isin(owner, shut)


def unreachable() -> dict[str, Any]:
    return {"actions": [], "reachable": False, "geodesic": None}


def plan_avoiding(grid: NavGrid, avoid: Avoidance, forward: Callable[[Pose], list[float]], start: Pose,
                  goal: list[float], snapped: list[float] | None, settings: dict[str, Any],
                  max_actions: int, fields: dict | None = None) -> dict[str, Any]:
    """{actions, reachable, geodesic} of a walk from `start` to the navigable point `snapped` (the
    goal snapped to the floor) that keeps out of the avoided regions. `fields` caches distance
    fields by (goal cell, mask) between calls on the same grid."""
    if snapped is None or avoid.forbids(goal) or avoid.forbids(snapped):
        return unreachable()
    open_ = avoid.mask(grid)
    key = (grid.cell_of(snapped[0], snapped[2]), round(snapped[0], 3), round(snapped[2], 3), open_.tobytes())
    dist = fields.get(key) if fields is not None else None
    if dist is None:
        dist = grid.field((snapped[0], snapped[2]), open_)
        if fields is not None:
            if len(fields) >= 8:
                fields.pop(next(iter(fields)))
            fields[key] = dist
    d0 = grid.at(dist, start.position[0], start.position[2])
    if not math.isfinite(d0):
        return unreachable()
    step, turn = float(settings["stepLength"]), float(settings["turnAngle"])
    max_turns = min(180, math.ceil(180 / turn))
    arrive = max(step / 2, grid.cell)
    sample = grid.cell / 2
    budget = [MAX_PLAN_MOVES]

    def moves(pose: Pose):
        out = []
        for k in range(0, max_turns + 1):
            for sign in ((1,) if k == 0 else (1, -1)):
                h = pose.heading + sign * k * math.radians(turn)
                landed = forward(Pose(list(pose.position), h))
                out.append((k, sign, Pose(landed, h), grid.at(dist, landed[0], landed[2])))
        budget[0] -= len(out)
        return out

    def best(ms, than, frm: Pose, left: bool):
        chosen, chosen_left = None, left
        for m in sorted(ms, key=lambda m: (m[3], m[0])):
            if not m[3] < than - MIN_PROGRESS:
                break
            r = avoid.check(frm.position, m[2].position, left, sample)
            if r != "refused":
                chosen, chosen_left = m, r == "left"
                break
        return chosen, chosen_left

    actions: list[str] = []
    pose, d, left = start, d0, False
    while d > arrive and len(actions) < max_actions and budget[0] > 0:
        first = moves(pose)
        m, m_left = best(first, d, pose, left)
        if m is None:  # two moves ahead: take the first half of the best pair
            pair = None
            for f in first:
                if budget[0] <= 0:
                    break
                r = avoid.check(pose.position, f[2].position, left, sample)
                if r == "refused":
                    continue
                s, _ = best(moves(f[2]), d, f[2], r == "left")
                if s is not None and (pair is None or s[3] < pair[0]):
                    pair = (s[3], f, r == "left")
            if pair is not None:
                m, m_left = pair[1], pair[2]
        if m is None:
            break
        k, sign, pose, d = m
        actions += ["TURN_LEFT" if sign > 0 else "TURN_RIGHT"] * k + ["MOVE_FORWARD"]
        left = m_left
    return {"actions": actions[:max_actions], "reachable": True, "geodesic": float(d0)}
