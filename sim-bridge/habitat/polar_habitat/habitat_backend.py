"""The Backend on habitat_sim (targets the 0.3.x API; the few 0.2.x differences are handled
where they occur). Everything that touches habitat_sim lives in this module."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .backend import VIEW_YAW, Observed, PlacedObject, Pose, SceneData
from .protocol import SimError
from .regions import Box3, adjacency, label_from_objects, unique_labels
from .scenes import SceneFiles, find_asset, resolve_scene

#: injected objects get semantic ids from here up, clear of HM3D's instance ids
SEMANTIC_BASE = 1_000_000
#: an object further than this (horizontally) from the navmesh cannot be reached: unplaceable
MAX_OBJECT_OFFSET = 2.0
RECEPTACLE_KINDS = {"table", "counter", "bed", "sofa", "couch", "desk", "shelf", "cabinet", "nightstand",
                    "dresser", "chest_of_drawers", "tv stand", "sideboard", "kitchen counter", "coffee table"}
ACTION_KEYS = {"MOVE_FORWARD": "move_forward", "TURN_LEFT": "turn_left", "TURN_RIGHT": "turn_right"}


def habitat_version() -> str:
    import habitat_sim

    return f"habitat-sim {habitat_sim.__version__}"


@dataclass
class HabitatOptions:
    data_dir: Path
    scene_dataset_config: Path | None
    assets: Path | None
    render: bool
    gpu: int = 0
    #: folders besides data_dir that load_scene may read scene files from (--scene-dir)
    scene_dirs: list[Path] = field(default_factory=list)

    @staticmethod
    def from_args(args) -> "HabitatOptions":
        data = Path(args.data_dir or os.environ.get("POLAR_HABITAT_DATA") or "data")
        assets = Path(args.assets) if args.assets else next(iter(sorted(data.glob("datasets/PIN*/**/objects"))), None)
        return HabitatOptions(data, Path(args.scene_dataset_config) if args.scene_dataset_config else None,
                              assets, not args.no_render, args.gpu,
                              [Path(d) for d in (getattr(args, "scene_dir", None) or [])])


def heading_of(rotation) -> float:
    """Yaw about +y with 0 facing -z (Habitat's forward), from the agent's quaternion."""
    from habitat_sim.utils.common import quat_rotate_vector

    f = quat_rotate_vector(rotation, np.array([0.0, 0.0, -1.0]))
    return math.atan2(-f[0], -f[2])


def make_configuration(files: SceneFiles, settings: dict[str, Any], render: bool, gpu: int):
    import habitat_sim
    from habitat_sim.agent import ActionSpec, ActuationSpec, AgentConfiguration

    sim_cfg = habitat_sim.SimulatorConfiguration()
    sim_cfg.scene_id = str(files.scene)
    if files.dataset_config is not None:
        sim_cfg.scene_dataset_config_file = str(files.dataset_config)
    sim_cfg.create_renderer = render
    sim_cfg.gpu_device_id = gpu
    sim_cfg.enable_physics = False  # injected objects are kinematic; no Bullet needed
    if hasattr(sim_cfg, "load_semantic_mesh"):
        sim_cfg.load_semantic_mesh = render
    sensors = []
    if render:
        cam = settings["camera"]
        for view, yaw in VIEW_YAW.items():
            for kind, uuid in ((habitat_sim.SensorType.COLOR, f"color_{view}"),
                               (habitat_sim.SensorType.SEMANTIC, f"semantic_{view}")):
                spec = habitat_sim.CameraSensorSpec()
                spec.uuid = uuid
                spec.sensor_type = kind
                spec.resolution = [cam["height"], cam["width"]]
                spec.hfov = float(cam["hfov"])
                spec.position = [0.0, settings["agentHeight"], 0.0]
                spec.orientation = [0.0, yaw, 0.0]
                sensors.append(spec)
    agent = AgentConfiguration(
        height=settings["agentHeight"], radius=settings["agentRadius"], sensor_specifications=sensors,
        action_space={
            "move_forward": ActionSpec("move_forward", ActuationSpec(amount=settings["stepLength"])),
            "turn_left": ActionSpec("turn_left", ActuationSpec(amount=settings["turnAngle"])),
            "turn_right": ActionSpec("turn_right", ActuationSpec(amount=settings["turnAngle"])),
        })
    return habitat_sim.Configuration(sim_cfg, [agent])


def geometry_configuration(files: SceneFiles, settings: dict[str, Any]):
    """A configuration that loads the scene's geometry (for navmesh building) with the least
    renderer: habitat_sim 0.2.x creates one only when an agent has a sensor, and keeps no
    geometry without one. One default camera (nothing but its uuid set), first EGL device."""
    import habitat_sim

    cfg = make_configuration(files, settings, render=False, gpu=-1)
    cfg.sim_cfg.create_renderer = True
    cfg.sim_cfg.gpu_device_id = -1
    spec = habitat_sim.CameraSensorSpec()
    spec.uuid = "geometry"
    cfg.agents[0].sensor_specifications = [spec]
    return cfg


def recompute_navmesh(sim, radius: float, height: float) -> None:
    import habitat_sim

    ns = habitat_sim.NavMeshSettings()
    ns.set_defaults()
    ns.agent_radius = radius
    ns.agent_height = height
    if hasattr(ns, "include_static_objects"):  # 0.3.x
        ns.include_static_objects = False
        ok = sim.recompute_navmesh(sim.pathfinder, ns)
    else:  # 0.2.x
        ok = sim.recompute_navmesh(sim.pathfinder, ns, include_static_objects=False)
    if not ok or not sim.pathfinder.is_loaded:
        raise SimError("not_found", "Habitat could not build a navmesh for this scene (no walkable floor?)", "params.scene")


def navmesh_matches(pathfinder, radius: float, height: float) -> bool:
    if not pathfinder.is_loaded:
        return False
    s = getattr(pathfinder, "nav_mesh_settings", None)
    return s is not None and abs(s.agent_radius - radius) < 1e-3 and abs(s.agent_height - height) < 1e-3


def vec3(p):
    """A point as magnum.Vector3, which every habitat_sim version's pathfinder takes."""
    import magnum as mn

    return mn.Vector3(float(p[0]), float(p[1]), float(p[2]))


def geodesic(pathfinder, a, b) -> float | None:
    import habitat_sim

    path = habitat_sim.ShortestPath()
    path.requested_start = vec3(a)
    path.requested_end = vec3(b)
    if not pathfinder.find_path(path) or not math.isfinite(path.geodesic_distance):
        return None
    return float(path.geodesic_distance)


class HabitatBackend:
    def __init__(self, opts: HabitatOptions):
        self.opts = opts
        self.sim = None
        self.files: SceneFiles | None = None
        self.settings: dict[str, Any] = {}
        self.receptacles: dict[str, dict[str, Any]] = {}
        self.objects: list[tuple[PlacedObject, Any]] = []

    # ---- scene ---------------------------------------------------------------------------------

    def load_scene(self, scene: str, settings: dict[str, Any]) -> SceneData:
        import habitat_sim

        files = resolve_scene(scene, self.opts.data_dir, self.opts.scene_dataset_config, self.opts.scene_dirs)
        cfg = make_configuration(files, settings, self.opts.render, self.opts.gpu)
        try:
            if self.sim is None:
                self.sim = habitat_sim.Simulator(cfg)
            else:
                self.sim.reconfigure(cfg)
        except Exception as e:  # habitat raises plain RuntimeErrors for unreadable scenes
            self.close()
            raise SimError("not_found", f"Habitat could not load {files.scene}: {e}", "params.scene") from None
        self.files, self.settings, self.objects = files, settings, []
        pf = self.sim.pathfinder
        if not navmesh_matches(pf, settings["agentRadius"], settings["agentHeight"]):
            recompute_navmesh(self.sim, settings["agentRadius"], settings["agentHeight"])
        lo, hi = pf.get_bounds()
        self.receptacles = self._receptacles()
        return SceneData(scene_id=files.scene.name.split(".")[0], bounds_min=[float(v) for v in lo],
                         bounds_max=[float(v) for v in hi], navigable_area=float(pf.navigable_area),
                         receptacles=list(self.receptacles.values()))

    def _receptacles(self) -> dict[str, dict[str, Any]]:
        house = self.files.house if self.files else None
        out: dict[str, dict[str, Any]] = {}
        if house:
            for f in house["furniture"]:
                if f["surface"]:
                    r = f["rect"]
                    out[f["id"]] = {"id": f["id"], "kind": f["kind"], "regionId": f["roomId"],
                                    "position": [(r["x0"] + r["x1"]) / 2, f["height"], (r["z0"] + r["z1"]) / 2]}
            return out
        ss = self.sim.semantic_scene
        for o in getattr(ss, "objects", []) or []:
            if o is None or o.category is None:
                continue
            kind = o.category.name().lower()
            if kind in RECEPTACLE_KINDS:
                c, s = np.asarray(o.aabb.center), np.asarray(o.aabb.sizes)
                rid = o.region.id if o.region is not None else "unknown"
                out[o.id] = {"id": o.id, "kind": kind, "regionId": rid,
                             "position": [float(c[0]), float(c[1] + s[1] / 2), float(c[2])]}
        return out

    # ---- agent ---------------------------------------------------------------------------------

    def snap(self, position):
        p = np.asarray(list(self.sim.pathfinder.snap_point(vec3(position))))
        return None if not np.all(np.isfinite(p)) else [float(v) for v in p]

    def set_pose(self, pose: Pose) -> None:
        import habitat_sim
        from habitat_sim.utils.common import quat_from_angle_axis

        state = habitat_sim.AgentState()
        state.position = np.asarray(pose.position, dtype=np.float32)
        state.rotation = quat_from_angle_axis(pose.heading, np.array([0.0, 1.0, 0.0]))
        self.sim.get_agent(0).set_state(state, reset_sensors=True)

    def pose(self) -> Pose:
        s = self.sim.get_agent(0).get_state()
        return Pose([float(v) for v in s.position], heading_of(s.rotation))

    def act(self, action: str) -> tuple[Pose, bool]:
        key = ACTION_KEYS.get(action)
        if key is None:
            raise SimError("invalid_params", f'action "{action}" is not one Habitat knows', "params.action")
        self.sim.step(key)
        return self.pose(), bool(self.sim.previous_step_collided)

    def navigable(self, position) -> bool:
        return bool(self.sim.pathfinder.is_navigable(vec3(position)))

    def forward(self, pose: Pose) -> list[float]:
        # what sim.step("move_forward") does to the body: the straight move, then the pathfinder's
        # step filter (try_step slides along the navmesh's edge, as the agent's collisions do)
        step = float(self.settings["stepLength"])
        x, y, z = pose.position
        end = [x - math.sin(pose.heading) * step, y, z - math.cos(pose.heading) * step]
        landed = self.sim.pathfinder.try_step(vec3(pose.position), vec3(end))
        return [float(v) for v in landed]

    # ---- objects -------------------------------------------------------------------------------

    def _remove_objects(self) -> None:
        rom = self.sim.get_rigid_object_manager()
        for _, handle in self.objects:
            rom.remove_object_by_id(handle.object_id)
        self.objects = []

    def scene_objects(self) -> list[PlacedObject]:
        self._remove_objects()
        return []

    def place_objects(self, specs: list[dict[str, Any]]) -> list[PlacedObject]:
        import magnum as mn
        import habitat_sim

        self._remove_objects()
        otm = self.sim.get_object_template_manager()
        rom = self.sim.get_rigid_object_manager()
        placed = []
        for i, spec in enumerate(specs):
            if "position" in spec:
                pos = list(spec["position"])
            else:
                rec = self.receptacles.get(spec["receptacleId"])
                if rec is None:
                    raise SimError("not_found", f'receptacle "{spec["receptacleId"]}" is not in this scene',
                                   f"objects.{i}.receptacleId")
                pos = list(rec["position"])
            snapped = self.snap(pos)
            if snapped is None or math.hypot(snapped[0] - pos[0], snapped[2] - pos[2]) > MAX_OBJECT_OFFSET:
                raise SimError("unplaceable", f'object "{spec["id"]}" at {pos} is more than {MAX_OBJECT_OFFSET} m '
                               "from any navigable floor", f"objects.{i}")
            asset = find_asset(self.opts.assets, spec["id"], spec["category"])
            if asset is None:
                raise SimError("not_found", f'no PInNED asset for object "{spec["id"]}" ({spec["category"]}) '
                               f"under {self.opts.assets}", f"objects.{i}.id")
            if asset.name.endswith(".object_config.json"):
                tids = otm.load_configs(str(asset))
            else:
                tmpl = otm.create_new_template(str(asset), False)
                tids = [otm.register_template(tmpl, spec["id"])]
            obj = rom.add_object_by_template_id(tids[0])
            if obj is None:
                raise SimError("unplaceable", f"Habitat refused the asset {asset}", f"objects.{i}.id")
            obj.motion_type = habitat_sim.physics.MotionType.KINEMATIC
            obj.translation = mn.Vector3(*pos)
            obj.semantic_id = SEMANTIC_BASE + i
            po = PlacedObject(id=spec["id"], category=spec["category"], position=pos,
                              attributes=spec.get("attributes"), receptacleId=spec.get("receptacleId"))
            placed.append(po)
            self.objects.append((po, obj))
        return placed

    # ---- distances and plans ---------------------------------------------------------------------

    def geodesic(self, a, b):
        return geodesic(self.sim.pathfinder, a, b)

    def geodesic_to_object(self, a, obj: PlacedObject):
        end = self.snap(obj.position)
        if end is None:
            return None
        d = self.geodesic(a, end)
        return None if d is None else d + math.hypot(end[0] - obj.position[0], end[2] - obj.position[2])

    def plan_path(self, goal, max_actions: int) -> dict[str, Any]:
        from habitat_sim.errors import GreedyFollowerError
        from habitat_sim.nav import GreedyGeodesicFollower

        here = self.pose()
        end = self.snap(goal)
        d = None if end is None else self.geodesic(here.position, end)
        if d is None:
            return {"actions": [], "reachable": False, "geodesic": None}
        follower = GreedyGeodesicFollower(self.sim.pathfinder, self.sim.get_agent(0), forward_key="move_forward",
                                          left_key="turn_left", right_key="turn_right")
        try:
            keys = follower.find_path(vec3(end))
        except GreedyFollowerError:
            return {"actions": [], "reachable": False, "geodesic": d}
        # the follower ends its plan with None (its STOP); the protocol leaves stopping to the caller
        names = {v: k for k, v in ACTION_KEYS.items()}
        actions = [names[k] for k in keys if k is not None][:max_actions]
        return {"actions": actions, "reachable": True, "geodesic": d}

    # ---- views -----------------------------------------------------------------------------------

    def observe(self, render: list[str]) -> Observed:
        if not self.opts.render:
            if render:
                raise SimError("invalid_params", "this bridge runs without a renderer (--no-render): "
                               "views cannot be rendered", "params.views")
            return Observed({v: [] for v in VIEW_YAW}, {})
        obs = self.sim.get_sensor_observations()
        cam = self.sim.get_agent(0).get_state().sensor_states
        visible = {}
        for view in VIEW_YAW:
            sem = obs[f"semantic_{view}"]
            eye = np.asarray(cam[f"color_{view}"].position)
            visible[view] = []
            for i, (po, _) in enumerate(self.objects):
                ys, xs = np.nonzero(sem == SEMANTIC_BASE + i)
                if xs.size == 0:
                    continue
                visible[view].append({
                    "id": po.id, "category": po.category,
                    "bbox": [int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1],
                    "distance": float(np.linalg.norm(np.asarray(po.position) - eye)), "pixels": int(xs.size)})
        return Observed(visible, {v: obs[f"color_{v}"][..., :3] for v in render})

    # ---- scene info and map ----------------------------------------------------------------------

    def _waypoint(self, lo, hi) -> list[float]:
        c = [(lo[0] + hi[0]) / 2, lo[1], (lo[2] + hi[2]) / 2]
        p = self.snap(c)
        inside = p is not None and lo[0] <= p[0] <= hi[0] and lo[2] <= p[2] <= hi[2]
        if not inside:
            radius = max(hi[0] - lo[0], hi[2] - lo[2]) / 2
            for _ in range(50):
                q = np.asarray(list(self.sim.pathfinder.get_random_navigable_point_near(vec3(c), radius)))
                if np.all(np.isfinite(q)) and lo[0] <= q[0] <= hi[0] and lo[2] <= q[2] <= hi[2]:
                    return [float(v) for v in q]
        return p if p is not None else c

    def scene_info(self) -> dict[str, Any]:
        house = self.files.house if self.files else None
        if house:
            regions = []
            for room in house["rooms"]:
                r = room["rect"]
                lo, hi = [r["x0"], 0.0, r["z0"]], [r["x1"], house["wallHeight"], r["z1"]]
                regions.append({"id": room["id"], "label": room["label"], "waypoint": self._waypoint(lo, hi),
                                "bounds": {"min": lo, "max": hi}})
            pairs = sorted({tuple(sorted(d["rooms"])) for d in house["doors"]})
            return {"regions": regions, "adjacency": [list(p) for p in pairs]}
        ss = self.sim.semantic_scene
        boxes, labels = {}, {}
        for reg in getattr(ss, "regions", []) or []:
            if reg is None:
                continue
            c, s = np.asarray(reg.aabb.center), np.asarray(reg.aabb.sizes)
            boxes[reg.id] = Box3((c - s / 2).tolist(), (c + s / 2).tolist())
            named = reg.category.name() if reg.category is not None else ""
            cats = [o.category.name() for o in reg.objects if o is not None and o.category is not None]
            labels[reg.id] = named if named and named.lower() not in ("unknown", "") else label_from_objects(cats)
        if not boxes:
            lo, hi = self.sim.pathfinder.get_bounds()
            boxes["house"] = Box3([float(v) for v in lo], [float(v) for v in hi])
            labels["house"] = "house"
        labels = unique_labels(labels)
        return {"regions": [{"id": rid, "label": labels[rid], "waypoint": self._waypoint(b.min, b.max),
                             "bounds": {"min": b.min, "max": b.max}} for rid, b in boxes.items()],
                "adjacency": [list(p) for p in adjacency(boxes)]}

    def navigable_map(self, meters_per_pixel: float):
        pf = self.sim.pathfinder
        lo, _ = pf.get_bounds()
        height = self.pose().position[1] if self.objects is not None else float(lo[1])
        mask = np.asarray(pf.get_topdown_view(meters_per_pixel, height), dtype=bool)
        return mask, (float(lo[0]), float(lo[2]))

    def close(self) -> None:
        if self.sim is not None:
            self.sim.close()
            self.sim = None
