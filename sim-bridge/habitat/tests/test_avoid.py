"""plan_path's avoidRegions and regions: the planner (avoid.py) on a world with two ways round, and
the session's verb on the test backend."""

import math

import pytest

from fake_backend import FakeBackend
from polar_habitat.avoid import Avoidance, NavGrid, plan_avoiding, region_at, regions_along, walk_positions
from polar_habitat.backend import Pose
from polar_habitat.protocol import Protocol, SimError
from polar_habitat.session import Session

# A 10 × 10 m floor round a 4 × 4 m block (x, z in 3..7): from west to east there are two ways,
# through the south strip or the north one.
SIZE, B0, B1 = 10.0, 3.0, 7.0
SETTINGS = {"stepLength": 0.5, "turnAngle": 30.0}


def box(x0, z0, x1, z1):
    return {"min": [x0, 0.0, z0], "max": [x1, 2.5, z1]}


RING = [
    {"id": "south", "bounds": box(0, 0, SIZE, B0)},
    {"id": "north", "bounds": box(0, B1, SIZE, SIZE)},
    {"id": "west", "bounds": box(0, B0, B0, B1)},
    {"id": "east", "bounds": box(B1, B0, SIZE, B1)},
]


def navigable(p):
    return 0.2 < p[0] < SIZE - 0.2 and 0.2 < p[2] < SIZE - 0.2 and not (B0 - 0.2 < p[0] < B1 + 0.2 and B0 - 0.2 < p[2] < B1 + 0.2)


def forward(pose):
    """The straight step, cut at the first point off the floor (sampled every 5 cm)."""
    x, _, z = pose.position
    dx, dz = -math.sin(pose.heading), -math.cos(pose.heading)
    last = 0.0
    for k in range(1, 11):
        t = SETTINGS["stepLength"] * k / 10
        if not navigable([x + dx * t, 0.0, z + dz * t]):
            break
        last = t
    return [x + dx * last, 0.0, z + dz * last]


GRID = NavGrid(navigable, [0, 0, 0], [SIZE, 2.5, SIZE], 0.0)
WEST = Pose([1.5, 0.0, 5.0], 0.0)
EAST = [8.5, 0.0, 5.0]


def plan(avoid, start=WEST, goal=EAST):
    here = region_at(RING, start.position)
    rule = Avoidance(RING, set(avoid), here if here in avoid else None)
    return plan_avoiding(GRID, rule, forward, start, goal, goal, SETTINGS, 500, {})


def walked(start, actions):
    """The region of every point along the walk (each step sampled every 5 cm), repeats kept."""
    pts = walk_positions(forward, start, actions, SETTINGS["turnAngle"])
    out = [region_at(RING, pts[0])]
    for a, b in zip(pts, pts[1:]):
        for k in range(1, 11):
            out.append(region_at(RING, [a[0] + (b[0] - a[0]) * k / 10, 0.0, a[2] + (b[2] - a[2]) * k / 10]))
    return out, pts[-1]


def collapse(ids):
    return [r for i, r in enumerate(ids) if r is not None and (i == 0 or r != ids[i - 1])]


@pytest.mark.parametrize("avoid,via", [("south", "north"), ("north", "south")])
def test_avoiding_one_way_round_takes_the_other(avoid, via):
    p = plan([avoid])
    assert p["reachable"] and p["actions"]
    rooms, end = walked(WEST, p["actions"])
    assert avoid not in rooms
    assert collapse(rooms) == ["west", via, "east"]
    assert math.hypot(end[0] - EAST[0], end[2] - EAST[2]) <= SETTINGS["stepLength"]
    pts = walk_positions(forward, WEST, p["actions"], SETTINGS["turnAngle"])
    assert regions_along(RING, pts) == ["west", via, "east"]
    # the grid's way round the block: at least the straight line to the corners and on
    assert p["geodesic"] >= 2 * math.hypot(B0 - 0.2 - 1.5, 5.0 - (B0 - 0.2)) + (B1 - B0 + 0.4) - 1e-6


def test_no_way_round_or_a_goal_inside_is_unreachable():
    assert plan(["south", "north"]) == {"actions": [], "reachable": False, "geodesic": None}
    assert plan(["east"]) == {"actions": [], "reachable": False, "geodesic": None}


def test_an_agent_in_an_avoided_region_leaves_it_and_does_not_return():
    p = plan(["west", "south"])
    assert p["reachable"]
    rooms, _ = walked(WEST, p["actions"])
    assert collapse(rooms) == ["west", "north", "east"]
    out = next(i for i, r in enumerate(rooms) if r != "west")
    assert "west" not in rooms[out:]
    rule = Avoidance(RING, {"west", "south"}, "west")
    assert rule.check([1.5, 0, 5], [1.5, 0, 6], False, 0.05) == "in_start"
    assert rule.check([1.5, 0, 6.8], [1.5, 0, 7.3], False, 0.05) == "left"
    assert rule.check([1.5, 0, 7.3], [1.5, 0, 6.8], True, 0.05) == "refused"


def test_thin_walls_cut_grid_edges():
    # a wall 5 cm thick at x = 5 between two navigable cell centres: no edge crosses it
    grid = NavGrid(lambda p: 0 < p[0] < 10 and 0 < p[2] < 2 and abs(p[0] - 5) >= 0.025, [0, 0, 0], [10, 1, 2], 0.0)
    d = grid.field((8.0, 1.0), grid.open)
    assert math.isinf(grid.at(d, 2.0, 1.0))
    assert grid.at(d, 7.0, 1.0) == pytest.approx(1.0, abs=0.11)


# ---- the verb, on the test backend (west | hall | east, the hall joining them) -------------------

@pytest.fixture
def session():
    s = Session(FakeBackend, Protocol())
    s.handle("load_scene", {"scene": "room", "settings": {"stepLength": 0.5, "turnAngle": 30, "maxSteps": 500}})
    yield s
    s.close()


def reset(s, position):
    s.handle("reset", {"start": {"position": position, "heading": 0.0}})


def test_hello_announces_the_feature(session):
    hello, _ = session.handle("hello", {})
    assert hello["features"] == ["plan_path.avoidRegions", "topdown.marks"]
    assert hello["protocol"] == "1.1"


def test_every_plan_reports_its_regions_and_plain_plans_are_unchanged(session):
    reset(session, [2.5, 0, 3])
    plain, _ = session.handle("plan_path", {"goal": [7.5, 0, 3]})
    backend = session.backend
    assert {k: v for k, v in plain.items() if k != "regions"} == backend.plan_path([7.5, 0, 3], 500)
    assert plain["regions"] == ["west", "hall", "east"]
    empty, _ = session.handle("plan_path", {"goal": [7.5, 0, 3], "avoidRegions": []})
    assert empty == plain


def test_avoiding_the_only_way_is_unreachable_and_a_start_inside_can_leave(session):
    reset(session, [2.5, 0, 3])
    r, _ = session.handle("plan_path", {"goal": [7.5, 0, 3], "avoidRegions": ["hall"]})
    assert r == {"actions": [], "reachable": False, "geodesic": None, "regions": ["west"]}
    r, _ = session.handle("plan_path", {"goal": [7.5, 0, 3], "avoidRegions": ["east"]})
    assert not r["reachable"] and r["actions"] == []
    r, _ = session.handle("plan_path", {"goal": [7.5, 0, 3], "avoidRegions": ["west"]})
    assert r["reachable"] and r["regions"] == ["west", "hall", "east"]
    seen = []
    for a in r["actions"]:
        step, _ = session.handle("step", {"action": a})
        seen.append(region_at(session.handle("scene_info", {})[0]["regions"], step["observation"]["pose"]["position"]))
    assert collapse(seen)[-1] == "east" and "west" not in seen[seen.index("hall"):]
    rest, _ = session.handle("plan_path", {"goal": [7.5, 0, 3], "avoidRegions": ["west"]})
    assert rest["geodesic"] <= 0.5


def test_unknown_region_ids_are_invalid_params_by_index(session):
    reset(session, [2.5, 0, 3])
    with pytest.raises(SimError) as e:
        session.handle("plan_path", {"goal": [7.5, 0, 3], "avoidRegions": ["west", "attic"]})
    assert e.value.code == "invalid_params" and e.value.path == "params.avoidRegions.1" and '"attic"' in e.value.message
    for bad in ([""], ["west"] * 65, "west"):
        with pytest.raises(SimError) as e:
            session.handle("plan_path", {"goal": [7.5, 0, 3], "avoidRegions": bad})
        assert e.value.code == "invalid_params" and e.value.path.startswith("params.avoidRegions")
