"""A tiny world at the Backend boundary, for testing the protocol layer without habitat_sim:
a 10 m × 8 m room split by a wall along x = 5 from z = 0 to z = 6 (so the two halves meet
through the gap at z > 6). Geodesics are exact (straight, or around the wall's end). Regions:
west (x < 5, z < 6), the hall across the gap (z > 6), east (x > 5, z < 6), so a walk from
west to east passes the hall."""

from __future__ import annotations

import math

import numpy as np

from polar_habitat.backend import VIEW_YAW, Observed, PlacedObject, Pose, SceneData
from polar_habitat.protocol import SimError

W, D, WALL_X, WALL_END = 10.0, 8.0, 5.0, 6.0


def crosses_wall(a, b) -> bool:
    (ax, az), (bx, bz) = (a[0], a[2]), (b[0], b[2])
    if (ax - WALL_X) * (bx - WALL_X) > 0 or ax == bx:
        return (ax - WALL_X) * (bx - WALL_X) == 0 and ax == WALL_X and min(az, bz) < WALL_END
    t = (WALL_X - ax) / (bx - ax)
    return az + t * (bz - az) < WALL_END


def inside(p) -> bool:
    return 0 < p[0] < W and 0 < p[2] < D and not (abs(p[0] - WALL_X) < 0.05 and p[2] < WALL_END)


class FakeBackend:
    def __init__(self):
        self.pose_ = Pose([1.0, 0.0, 1.0], 0.0)
        self.settings = {}
        self.objects: list[PlacedObject] = []
        self.closed = False

    def load_scene(self, scene, settings):
        if scene != "room":
            raise SimError("not_found", f'scene "{scene}" does not exist')
        self.settings = settings
        return SceneData("room", [0, 0, 0], [W, 2.5, D], W * D,
                         [{"id": "table", "kind": "table", "regionId": "west", "position": [2.0, 0.75, 7.0]}])

    def snap(self, p):
        return [min(max(p[0], 0.2), W - 0.2), 0.0, min(max(p[2], 0.2), D - 0.2)]

    def scene_objects(self):
        self.objects = []
        return []

    def place_objects(self, specs):
        out = []
        for i, s in enumerate(specs):
            pos = s.get("position") or next(
                (r["position"] for r in self.load_scene("room", self.settings).receptacles if r["id"] == s["receptacleId"]), None)
            if pos is None:
                raise SimError("not_found", f'receptacle "{s["receptacleId"]}" is not in this scene', f"objects.{i}.receptacleId")
            if not inside(pos):
                raise SimError("unplaceable", f'object "{s["id"]}" at {pos} is outside the floor', f"objects.{i}")
            out.append(PlacedObject(s["id"], s["category"], list(pos), s.get("attributes"), s.get("receptacleId")))
        self.objects = out
        return out

    def set_pose(self, pose):
        self.pose_ = pose

    def navigable(self, p):
        return inside(p)

    def forward(self, pose):
        h, step = pose.heading, self.settings["stepLength"]
        nxt = [pose.position[0] - math.sin(h) * step, 0.0, pose.position[2] - math.cos(h) * step]
        return list(pose.position) if not inside(nxt) or crosses_wall(pose.position, nxt) else nxt

    def act(self, action):
        p = self.pose_
        if action == "MOVE_FORWARD":
            nxt = self.forward(p)
            if nxt == list(p.position):
                return p, True
            self.pose_ = Pose(nxt, p.heading)
        else:
            sign = 1 if action == "TURN_LEFT" else -1
            self.pose_ = Pose(p.position, p.heading + sign * math.radians(self.settings["turnAngle"]))
        return self.pose_, False

    def geodesic(self, a, b):
        if not (inside(a) and inside(b)):
            return None
        if not crosses_wall(a, b):
            return math.hypot(a[0] - b[0], a[2] - b[2])
        c = (WALL_X, WALL_END)
        return math.hypot(a[0] - c[0], a[2] - c[1]) + math.hypot(b[0] - c[0], b[2] - c[1])

    def geodesic_to_object(self, a, obj):
        return self.geodesic(a, obj.position)

    def observe(self, render):
        visible = {v: [] for v in VIEW_YAW}
        for view, yaw in VIEW_YAW.items():
            h = self.pose_.heading + yaw
            for o in self.objects:
                dx, dz = o.position[0] - self.pose_.position[0], o.position[2] - self.pose_.position[2]
                ang = math.atan2(-dx, -dz) - h
                ang = math.atan2(math.sin(ang), math.cos(ang))
                dist = math.hypot(dx, dz)
                if abs(ang) < math.radians(45) and dist < 6 and not crosses_wall(self.pose_.position, o.position):
                    visible[view].append({"id": o.id, "category": o.category, "bbox": [10, 10, 20, 20],
                                          "distance": dist, "pixels": 100})
        cam = self.settings["camera"]
        rgb = {v: np.full((cam["height"], cam["width"], 3), 128, np.uint8) for v in render}
        return Observed(visible, rgb)

    def plan_path(self, goal, max_actions):
        d = self.geodesic(self.pose_.position, goal)
        if d is None:
            return {"actions": [], "reachable": False, "geodesic": None}
        # turn to face the goal (straight line; around the wall's end first when it is in the way)
        p, h = self.pose_.position, self.pose_.heading
        via = (WALL_X, WALL_END + 0.5) if crosses_wall(p, goal) else (goal[0], goal[2])
        actions, turn = [], math.radians(self.settings["turnAngle"])
        legs = [via, (goal[0], goal[2])] if via != (goal[0], goal[2]) else [via]
        x, z = p[0], p[2]
        for tx, tz in legs:
            want = math.atan2(-(tx - x), -(tz - z))
            while abs(math.atan2(math.sin(want - h), math.cos(want - h))) > turn / 2:
                left = math.atan2(math.sin(want - h), math.cos(want - h)) > 0
                actions.append("TURN_LEFT" if left else "TURN_RIGHT")
                h += turn if left else -turn
            n = int(round(math.hypot(tx - x, tz - z) / self.settings["stepLength"]))
            actions += ["MOVE_FORWARD"] * n
            x, z = x - math.sin(h) * n * self.settings["stepLength"], z - math.cos(h) * n * self.settings["stepLength"]
        return {"actions": actions[:max_actions], "reachable": True, "geodesic": d}

    def scene_info(self):
        box = lambda x0, z0, x1, z1: {"min": [x0, 0, z0], "max": [x1, 2.5, z1]}  # noqa: E731
        return {"regions": [{"id": "west", "label": "kitchen", "waypoint": [2.5, 0, 3], "bounds": box(0, 0, WALL_X, WALL_END)},
                            {"id": "hall", "label": "hallway", "waypoint": [5.0, 0, 7], "bounds": box(0, WALL_END, W, D)},
                            {"id": "east", "label": "bedroom", "waypoint": [7.5, 0, 3], "bounds": box(WALL_X, 0, W, WALL_END)}],
                "adjacency": [["east", "hall"], ["hall", "west"]]}

    def navigable_map(self, mpp):
        mask = np.ones((int(D / mpp), int(W / mpp)), bool)
        mask[: int(WALL_END / mpp), int(WALL_X / mpp)] = False
        return mask, (0.0, 0.0)

    def close(self):
        self.closed = True
