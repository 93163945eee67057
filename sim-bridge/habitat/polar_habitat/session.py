"""One connection's simulator session: a scene, the current episode, and the protocol's
verbs on top of a Backend. Mirrors sim-bridge/embedded/session.ts so both simulators answer
the same requests the same way (errors, out-of-order rules, metrics definitions)."""

from __future__ import annotations

import io
import math
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
from PIL import Image, ImageDraw

from . import __version__
from .avoid import FEATURES, Avoidance, NavGrid, plan_avoiding, region_at, regions_along, walk_positions
from .backend import DEFAULT_SETTINGS, Backend, PlacedObject, Pose, resolve_settings
from .protocol import ACTIONS, MAX_MESSAGE_BYTES, VIEWS, Protocol, SimError

SIMULATOR_NAME = "polar-habitat"


def encode_image(view: str, rgb: np.ndarray, fmt: str, quality: int) -> tuple[dict[str, Any], bytes]:
    buf = io.BytesIO()
    img = Image.fromarray(np.ascontiguousarray(rgb[..., :3]).astype(np.uint8), "RGB")
    if fmt == "png":
        img.save(buf, "PNG")
    else:
        img.save(buf, "JPEG", quality=int(quality))
    data = buf.getvalue()
    header = {"view": view, "format": fmt, "width": img.width, "height": img.height, "bytes": len(data)}
    return header, data


@dataclass
class Episode:
    start: Pose
    pose: Pose
    objects: list[PlacedObject]
    by_id: dict[str, PlacedObject]
    target_ids: list[str]
    path: list[tuple[float, float]]
    path_length: float = 0.0
    steps: int = 0
    stopped: bool = False
    done: bool = False
    shortest_path: float | None = None
    distance_cache: dict[str, float | None] = field(default_factory=dict)
    # What the semantic sensor calls each object this episode: fresh random ids at every reset,
    # so an agent cannot recognise an instance across episodes by its id. Only metrics speak
    # the reset's object ids (the evaluation harness's verb).
    sensor_ids: dict[str, str] = field(default_factory=dict)


def _sensor_ids(objects: list[PlacedObject]) -> dict[str, str]:
    ids: dict[str, str] = {}
    used: set[str] = set()
    for o in objects:
        sid = f"inst-{secrets.token_hex(4)}"
        while sid in used:
            sid = f"inst-{secrets.token_hex(4)}"
        used.add(sid)
        ids[o.id] = sid
    return ids


def _prefix_path(path: str | None) -> str | None:
    return None if path is None else f"params.{path}"


class Session:
    def __init__(self, backend_factory: Callable[[], Backend], protocol: Protocol,
                 defaults: dict[str, Any] | None = None):
        self.backend_factory = backend_factory
        self.backend: Backend | None = None
        self.protocol = protocol
        self.defaults = resolve_settings(DEFAULT_SETTINGS, defaults)
        self.settings: dict[str, Any] | None = None
        self.scene = None
        self.episode: Episode | None = None
        self._reset_scene_caches()

    def _reset_scene_caches(self) -> None:
        #: scene_info of the loaded scene (asked once: Habitat's waypoints are sampled)
        self.info: dict[str, Any] | None = None
        #: avoidRegions grids by floor height, and their distance fields
        self.grids: dict[float, NavGrid] = {}
        self.fields: dict = {}

    def close(self) -> None:
        if self.backend is not None:
            self.backend.close()
            self.backend = None

    # ---- dispatch ------------------------------------------------------------------------------

    def handle(self, verb: str, params: Any) -> tuple[dict[str, Any], list[bytes]]:
        """Validates params, runs the verb, validates the result; returns it with the binary
        payloads it announces."""
        params = self.protocol.check_params(verb, params if params is not None else {})
        result, images = getattr(self, f"verb_{verb}")(params)
        self.protocol.check_result(verb, result)
        return result, images

    def _need_scene(self, verb: str) -> Backend:
        if self.scene is None or self.backend is None:
            raise SimError("out_of_order", f"{verb} before load_scene: load a scene first")
        return self.backend

    def _need_episode(self, verb: str) -> tuple[Backend, Episode]:
        backend = self._need_scene(verb)
        if self.episode is None:
            raise SimError("out_of_order", f"{verb} before reset: start an episode first")
        return backend, self.episode

    # ---- verbs ---------------------------------------------------------------------------------

    def verb_hello(self, _p):
        return {
            "protocol": self.protocol.version,
            "simulator": SIMULATOR_NAME,
            "version": __version__,
            "verbs": list(self.protocol.verbs),
            "actions": list(ACTIONS),
            "views": list(VIEWS),
            "maxMessageBytes": MAX_MESSAGE_BYTES,
            "features": list(FEATURES),
        }, []

    def verb_load_scene(self, p):
        settings = resolve_settings(self.defaults, p.get("settings"))
        if self.backend is None:
            self.backend = self.backend_factory()
        self.scene = None
        self.episode = None
        self._reset_scene_caches()
        try:
            data = self.backend.load_scene(p["scene"], settings)
        except SimError as e:
            raise SimError(e.code, e.message, e.path or "params.scene") from None
        self.scene = data
        self.settings = settings
        return {
            "sceneId": data.scene_id,
            "bounds": {"min": [float(v) for v in data.bounds_min], "max": [float(v) for v in data.bounds_max]},
            "navigableArea": float(data.navigable_area),
            "receptacles": data.receptacles,
            "settings": settings,
        }, []

    def verb_reset(self, p):
        backend = self._need_scene("reset")
        snapped = backend.snap(list(p["start"]["position"]))
        if snapped is None:
            raise SimError("unplaceable", "the scene has no navigable floor", "params.start.position")
        try:
            objects = backend.place_objects(p["objects"]) if "objects" in p else backend.scene_objects()
        except SimError as e:
            raise SimError(e.code, e.message, _prefix_path(e.path)) from None
        by_id = {o.id: o for o in objects}
        target_ids = list(p.get("targetIds") or [])
        for i, tid in enumerate(target_ids):
            if tid not in by_id:
                raise SimError("not_found", f'target "{tid}" is not among the episode\'s objects', f"params.targetIds.{i}")
        start = Pose(snapped, float(p["start"]["heading"]))
        backend.set_pose(start)
        ep = Episode(start=start, pose=start, objects=objects, by_id=by_id, target_ids=target_ids,
                     path=[(snapped[0], snapped[2])], sensor_ids=_sensor_ids(objects))
        self.episode = ep
        if target_ids:
            ds = [self._object_distance(ep, by_id[t]) for t in target_ids]
            finite = [d for d in ds if d is not None]
            ep.shortest_path = min(finite) if finite else None
            ep.distance_cache.clear()
        return self._observe(ep, p.get("views"))

    def verb_step(self, p):
        backend, ep = self._need_episode("step")
        assert self.settings is not None
        if ep.done:
            why = "after STOP" if ep.stopped else f"after the step budget of {self.settings['maxSteps']}"
            raise SimError("out_of_order", f"step {why}: the episode is over; reset to start another")
        action = p["action"]
        collided = False
        if action == "STOP":
            ep.stopped = True
        else:
            before = ep.pose.position
            ep.pose, collided = backend.act(action)
            if action == "MOVE_FORWARD":
                x, _, z = ep.pose.position
                ep.path_length += math.hypot(x - before[0], z - before[2])
                ep.path.append((x, z))
        ep.steps += 1
        ep.done = ep.stopped or ep.steps >= self.settings["maxSteps"]
        ep.distance_cache.clear()
        obs, images = self._observe(ep, p.get("views"))
        return {"observation": obs, "collided": bool(collided), "done": ep.done}, images

    def _observe(self, ep: Episode, views) -> tuple[dict[str, Any], list[bytes]]:
        assert self.backend is not None and self.settings is not None
        order = list(VIEWS) if views is True else list(dict.fromkeys(views)) if isinstance(views, list) else []
        seen = self.backend.observe(order)
        cam = self.settings["camera"]
        headers, payloads = [], []
        for view in order:
            h, data = encode_image(view, seen.rgb[view], cam["format"], cam["quality"])
            headers.append(h)
            payloads.append(data)
        result: dict[str, Any] = {
            "pose": ep.pose.wire(),
            "stepCount": ep.steps,
            "visible": {v: [{**i, "id": ep.sensor_ids.get(i["id"], i["id"])} for i in seen.visible.get(v, [])]
                        for v in VIEWS},
        }
        if headers:
            result["images"] = headers
        return result, payloads

    def _object_distance(self, ep: Episode, obj: PlacedObject) -> float | None:
        if obj.id not in ep.distance_cache:
            assert self.backend is not None
            ep.distance_cache[obj.id] = self.backend.geodesic_to_object(ep.pose.position, obj)
        return ep.distance_cache[obj.id]

    def verb_metrics(self, p):
        _, ep = self._need_episode("metrics")
        assert self.settings is not None
        ids = p.get("objectIds")
        if ids is None:
            ids = [o.id for o in ep.objects]
        distances: dict[str, float | None] = {}
        for i, oid in enumerate(ids):
            obj = ep.by_id.get(oid)
            if obj is None:
                raise SimError("not_found", f'object "{oid}" is not in this episode', f"params.objectIds.{i}")
            distances[oid] = self._object_distance(ep, obj)
        nearest = None
        for obj in ep.objects:
            d = self._object_distance(ep, obj)
            if d is not None and (nearest is None or d < nearest["distance"]):
                nearest = {"id": obj.id, "category": obj.category, "distance": float(d)}
        target_d = [self._object_distance(ep, ep.by_id[t]) for t in ep.target_ids]
        target_d = [d for d in target_d if d is not None]
        success = ep.stopped and bool(target_d) and min(target_d) <= self.settings["successDistance"]
        return {
            "pose": ep.pose.wire(),
            "steps": ep.steps,
            "stopped": ep.stopped,
            "pathLength": float(ep.path_length),
            "shortestPath": ep.shortest_path,
            "distances": distances,
            "targetIds": list(ep.target_ids),
            "success": bool(success),
            "nearestObject": nearest,
        }, []

    def verb_plan_path(self, p):
        backend, ep = self._need_episode("plan_path")
        assert self.settings is not None and self.scene is not None
        regions = self._scene_info()["regions"]
        avoid = p.get("avoidRegions") or []
        known = {r["id"] for r in regions}
        for i, rid in enumerate(avoid):
            if rid not in known:
                some = ", ".join(sorted(known)[:12])
                raise SimError("invalid_params", f'plan_path: params.avoidRegions.{i}: "{rid}" is not a region of this '
                               f"scene (scene_info lists them: {some})", f"params.avoidRegions.{i}")
        goal = list(p["goal"])
        max_actions = int(p.get("maxActions") or self.settings["maxSteps"])
        if avoid:
            here = region_at(regions, ep.pose.position)
            rule = Avoidance(regions, set(avoid), here if here in avoid else None)
            plan = plan_avoiding(self._grid(ep.pose.position[1]), rule, backend.forward, ep.pose, goal,
                                 backend.snap(goal), self.settings, max_actions, self.fields)
        else:
            plan = backend.plan_path(goal, max_actions)
        walk = walk_positions(backend.forward, ep.pose, plan["actions"], float(self.settings["turnAngle"]))
        return {**plan, "regions": regions_along(regions, walk)}, []

    def _scene_info(self) -> dict[str, Any]:
        if self.info is None:
            self.info = self._need_scene("scene_info").scene_info()
        return self.info

    def _grid(self, y: float) -> NavGrid:
        """The avoidRegions grid of the floor at height y (built on first use, kept for the scene)."""
        key = round(float(y), 1)
        if key not in self.grids:
            assert self.scene is not None and self.backend is not None
            self.grids[key] = NavGrid(self.backend.navigable, self.scene.bounds_min, self.scene.bounds_max, float(y))
        return self.grids[key]

    def verb_scene_info(self, _p):
        self._need_scene("scene_info")
        return self._scene_info(), []

    def verb_topdown(self, p):
        backend = self._need_scene("topdown")
        mpp = float(p.get("metersPerPixel", 0.05))
        # refuse an absurd map before the backend allocates it (0.0001 m/px is gigabytes)
        b0, b1 = self.scene.bounds_min, self.scene.bounds_max
        w, h = (b1[0] - b0[0]) / mpp, (b1[2] - b0[2]) / mpp
        if not (w * h <= 16_000_000):
            raise SimError("invalid_params", f"metersPerPixel {mpp} gives a {w:.0f}×{h:.0f} map (limit 16 Mpx)",
                           "params.metersPerPixel")
        mask, origin = backend.navigable_map(mpp)
        if mask.size == 0 or mask.shape[0] * mask.shape[1] > 16_000_000:
            raise SimError("invalid_params", f"metersPerPixel {mpp} gives a {mask.shape[1]}×{mask.shape[0]} map",
                           "params.metersPerPixel")
        # marks: false is the house alone (no agent, path or objects): an onlooker's map that shows no target
        episode = None if p.get("marks", True) is False else self.episode
        rgb = draw_topdown(mask, origin, mpp, episode, p.get("path", True) is not False)
        header, data = encode_image("topdown", rgb, p.get("format", "png"), 90)
        return {"image": header, "metersPerPixel": mpp, "origin": [float(origin[0]), float(origin[1])],
                "images": [header]}, [data]


def draw_topdown(mask: np.ndarray, origin: tuple[float, float], mpp: float, ep: Episode | None,
                 with_path: bool) -> np.ndarray:
    """Navigable floor light, the rest dark; objects (targets in red), the path and the agent."""
    h, w = mask.shape
    rgb = np.where(mask[..., None], np.array([236, 232, 224], np.uint8), np.array([60, 60, 66], np.uint8))
    img = Image.fromarray(rgb.astype(np.uint8), "RGB")
    if ep is None:
        return np.asarray(img)
    draw = ImageDraw.Draw(img)
    px = lambda x, z: ((x - origin[0]) / mpp, (z - origin[1]) / mpp)  # noqa: E731
    if with_path and len(ep.path) > 1:
        draw.line([px(x, z) for x, z in ep.path], fill=(40, 110, 220), width=2)
    r = max(2, int(0.15 / mpp))
    for o in ep.objects:
        cx, cy = px(o.position[0], o.position[2])
        color = (220, 40, 40) if o.id in ep.target_ids else (240, 160, 30)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=color)
    ax, ay = px(ep.pose.position[0], ep.pose.position[2])
    hx, hz = -math.sin(ep.pose.heading), -math.cos(ep.pose.heading)
    s = max(4, int(0.35 / mpp))
    tip = (ax + hx * s, ay + hz * s)
    left = (ax - hz * s * 0.5, ay + hx * s * 0.5)
    right = (ax + hz * s * 0.5, ay - hx * s * 0.5)
    draw.polygon([tip, left, right], fill=(30, 150, 60))
    return np.asarray(img)
