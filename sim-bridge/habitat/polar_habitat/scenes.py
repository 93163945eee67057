"""Where the bridge finds its files: HM3D scenes and their dataset config, the sidecar of a
scene exported from the embedded simulator, PInNED object assets. Pure path logic."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .protocol import SimError


@dataclass
class SceneFiles:
    scene: Path
    dataset_config: Path | None
    #: an embedded house exported by sim-bridge/embedded/export-glb.ts: rooms, doors, furniture
    house: dict | None


def find_dataset_config(data_dir: Path) -> Path | None:
    found = sorted(data_dir.glob("scene_datasets/hm3d*/**/*.scene_dataset_config.json"))
    # the annotated config carries the semantic meshes the regions and sensors need
    found.sort(key=lambda p: ("annotated" not in p.name, len(str(p))))
    return found[0] if found else None


def resolve_scene(scene: str, data_dir: Path, dataset_config: Path | None) -> SceneFiles:
    if scene.startswith("seed:"):
        raise SimError("not_found", f'"{scene}" is a procedural house of the embedded simulator; export it with '
                       "sim-bridge/embedded/export-glb.ts and load the .glb", "params.scene")
    path = Path(scene)
    if not path.is_file():
        candidates = []
        for pattern in (f"**/*-{scene}/{scene}.basis.glb", f"**/{scene}.basis.glb", f"**/{scene}.glb"):
            candidates = sorted((data_dir / "scene_datasets").glob(pattern)) if (data_dir / "scene_datasets").is_dir() else []
            if candidates:
                break
        if not candidates:
            raise SimError("not_found", f'scene "{scene}" is neither a file nor an HM3D scene id under '
                           f"{data_dir / 'scene_datasets'}", "params.scene")
        path = candidates[0]
    sidecar = path.with_name(path.name.removesuffix(".glb") + ".house.json")
    house = json.loads(sidecar.read_text()) if sidecar.is_file() else None
    cfg = dataset_config if dataset_config is not None else (None if house else find_dataset_config(data_dir))
    if cfg is not None and not cfg.is_file():
        raise SimError("not_found", f"scene dataset config {cfg} does not exist", "params.scene")
    return SceneFiles(path, cfg, house)


def find_asset(assets: Path | None, object_id: str, category: str) -> Path | None:
    """A PInNED object's asset: `<id>.object_config.json` or `<id>.glb`, directly under the
    assets dir or one folder down (PIN keeps them per category); None when absent."""
    if assets is None or not assets.is_dir():
        return None
    for name in (f"{object_id}.object_config.json", f"{object_id}.glb"):
        for hit in (assets / name, assets / category / name, *assets.glob(f"*/{name}")):
            if hit.is_file():
                return hit
    return None
