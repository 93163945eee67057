"""Where the bridge finds its files: HM3D scenes and their dataset config, the sidecar of a
scene exported from the embedded simulator, PInNED object assets. Pure path logic."""

from __future__ import annotations

import json
import os
import re
import stat
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


#: scene ids are names, not paths or glob patterns
SCENE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
#: the largest .house.json sidecar read (a generated house is about 50 kB)
MAX_SIDECAR_BYTES = 8 << 20


def _within(root: Path, path: Path) -> bool:
    return path == root or root in path.parents


def _allowed(path: Path, roots: list[Path]) -> Path | None:
    """The real path of `path` when it is a regular file inside one of `roots` (links resolved)."""
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not any(_within(r, real) for r in roots):
        return None
    try:
        if not stat.S_ISREG(real.stat().st_mode):
            return None
    except OSError:
        return None
    return real


def _read_sidecar(path: Path) -> dict | None:
    """A scene's .house.json: a regular file of at most MAX_SIDECAR_BYTES, opened without
    blocking (a FIFO is not waited on); None when there is none."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as e:
        raise SimError("invalid_params", f"cannot read {path.name} ({e.strerror})", "params.scene") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise SimError("invalid_params", f"{path.name} is not a regular file", "params.scene")
        if st.st_size > MAX_SIDECAR_BYTES:
            raise SimError("invalid_params", f"{path.name} is over {MAX_SIDECAR_BYTES} bytes", "params.scene")
        data = f.read(MAX_SIDECAR_BYTES + 1)
    try:
        return json.loads(data)
    except ValueError:
        raise SimError("invalid_params", f"{path.name} is not valid JSON", "params.scene") from None


def resolve_scene(scene: str, data_dir: Path, dataset_config: Path | None,
                  scene_dirs: list[Path] | None = None) -> SceneFiles:
    """The files of a load_scene request. A path is read only when it is a regular file inside
    the data dir or one of `scene_dirs` (links resolved); a scene id is looked up under
    data_dir/scene_datasets. Anything else, existing or not, is not_found naming only the
    request's own string, so a client cannot read or probe the server's other files."""
    if scene.startswith("seed:"):
        raise SimError("not_found", f'"{scene}" is a procedural house of the embedded simulator; export it with '
                       "sim-bridge/embedded/export-glb.ts and load the .glb", "params.scene")
    roots = []
    for d in [data_dir, *(scene_dirs or [])]:
        try:
            roots.append(Path(d).resolve())
        except (OSError, RuntimeError):
            continue
    path: Path | None = None
    if "/" in scene or "\\" in scene or scene.endswith(".glb"):
        raw = Path(scene)
        tries = [raw] if raw.is_absolute() else [*(r / raw for r in roots), Path.cwd() / raw]
        for t in tries:
            path = _allowed(t, roots)
            if path is not None:
                break
    elif SCENE_ID.match(scene) and (data_dir / "scene_datasets").is_dir():
        for pattern in (f"**/*-{scene}/{scene}.basis.glb", f"**/{scene}.basis.glb", f"**/{scene}.glb"):
            for hit in sorted((data_dir / "scene_datasets").glob(pattern)):
                path = _allowed(hit, roots)
                if path is not None:
                    break
            if path is not None:
                break
    if path is None:
        raise SimError("not_found", f'scene "{scene}" is neither a scene file in the bridge\'s data folders nor an '
                       "HM3D scene id under their scene_datasets (--data-dir, --scene-dir)", "params.scene")
    house = _read_sidecar(path.with_name(path.name.removesuffix(".glb") + ".house.json"))
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
