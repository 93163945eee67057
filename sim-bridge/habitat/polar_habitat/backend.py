"""The boundary between the protocol session and a simulator engine. The session keeps the
episode bookkeeping (steps, budget, path length, targets, success); a backend only answers
questions about its world. HabitatBackend implements it with habitat_sim; the tests drive
the session through a small pure-Python backend at this same boundary."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

Vec3 = list  # [x, y, z], metres, y up

# Polar's defaults (paper §3.3, configs/default.yaml); load_scene's settings override them.
DEFAULT_SETTINGS: dict[str, Any] = {
    "stepLength": 1.0,
    "turnAngle": 30.0,
    "agentRadius": 0.18,
    "agentHeight": 1.5,
    "successDistance": 2.0,
    "maxSteps": 700,
    "camera": {"width": 320, "height": 240, "hfov": 90.0, "format": "jpeg", "quality": 80},
}

# yaw of each view relative to the heading: left and right are turned ±90° about +y
VIEW_YAW = {"front": 0.0, "left": math.pi / 2, "right": -math.pi / 2}


def resolve_settings(base: dict[str, Any], override: dict[str, Any] | None) -> dict[str, Any]:
    out = {**base, "camera": dict(base["camera"])}
    for k, v in (override or {}).items():
        if k == "camera":
            out["camera"].update(v)
        else:
            out[k] = v
    return out


@dataclass
class Pose:
    position: list[float]
    heading: float

    def wire(self) -> dict[str, Any]:
        return {"position": [float(c) for c in self.position], "heading": float(self.heading)}


@dataclass
class PlacedObject:
    id: str
    category: str
    position: list[float]
    attributes: dict[str, Any] | None = None
    receptacleId: str | None = None
    regionId: str | None = None


@dataclass
class SceneData:
    scene_id: str
    bounds_min: list[float]
    bounds_max: list[float]
    navigable_area: float
    receptacles: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Observed:
    """Visible instances for every view, and RGB pixels (H×W×3 uint8) for the views asked for."""

    visible: dict[str, list[dict[str, Any]]]
    rgb: dict[str, np.ndarray]


class Backend(Protocol):
    def load_scene(self, scene: str, settings: dict[str, Any]) -> SceneData: ...

    def snap(self, position: list[float]) -> list[float] | None:
        """The nearest navigable point, or None when the scene has none."""

    def place_objects(self, specs: list[dict[str, Any]]) -> list[PlacedObject]:
        """Inserts an episode's objects (replacing the previous episode's); SimError with a
        path relative to params (e.g. "objects.2.receptacleId") when one cannot be placed."""

    def scene_objects(self) -> list[PlacedObject]:
        """The objects an episode gets when reset sends none."""

    def set_pose(self, pose: Pose) -> None: ...

    def act(self, action: str) -> tuple[Pose, bool]:
        """Runs MOVE_FORWARD / TURN_LEFT / TURN_RIGHT; returns the new pose and whether it collided."""

    def navigable(self, position: list[float]) -> bool:
        """Whether the agent may stand at this point (plan_path's avoidRegions grid, avoid.py)."""

    def forward(self, pose: Pose) -> list[float]:
        """Where MOVE_FORWARD from `pose` would put the agent, with the motion act() uses; the agent
        does not move (avoid.py simulates walks with it)."""

    def geodesic(self, a: list[float], b: list[float]) -> float | None: ...

    def geodesic_to_object(self, a: list[float], obj: PlacedObject) -> float | None: ...

    def observe(self, render: list[str]) -> Observed: ...

    def plan_path(self, goal: list[float], max_actions: int) -> dict[str, Any]:
        """{actions, reachable, geodesic} from the current pose (greedy geodesic follower)."""

    def scene_info(self) -> dict[str, Any]: ...

    def navigable_map(self, meters_per_pixel: float) -> tuple[np.ndarray, tuple[float, float]]:
        """A bool image of the navigable floor (rows along +z, columns along +x) and the world
        [x, z] of its top-left pixel."""

    def close(self) -> None: ...
