import os

import pytest

from polar_habitat.geodesic_check import compare
from polar_habitat.protocol import Protocol, SimError
from polar_habitat.regions import Box3, adjacency, label_from_objects, unique_labels
from polar_habitat.scenes import MAX_SIDECAR_BYTES, find_asset, resolve_scene


def test_rooms_are_labelled_by_their_strongest_cues():
    assert label_from_objects(["bed", "chair", "nightstand"]) == "bedroom"
    assert label_from_objects(["sink", "toilet"]) == "bathroom"
    assert label_from_objects(["sink", "stove", "refrigerator"]) == "kitchen"
    assert label_from_objects(["Sofa", "tv"]) == "living room"
    assert label_from_objects(["lamp"]) == "room"
    assert unique_labels({"r2": "bedroom", "r1": "bedroom", "r3": "kitchen"}) == {
        "r1": "bedroom", "r2": "bedroom 2", "r3": "kitchen"}


def test_adjacency_needs_touching_footprints_on_the_same_floor():
    boxes = {"a": Box3([0, 0, 0], [4, 2.5, 4]), "b": Box3([4.1, 0, 0], [8, 2.5, 4]),
             "c": Box3([9, 0, 0], [12, 2.5, 4]), "up": Box3([0, 3, 0], [4, 5.5, 4])}
    assert adjacency(boxes) == [("a", "b")]


def test_the_result_check_catches_a_malformed_result():
    p = Protocol()
    with pytest.raises(SimError) as e:
        p.check_result("plan_path", {"actions": ["FLY"], "reachable": True, "geodesic": 1})
    assert e.value.code == "internal"


def test_scene_and_asset_lookup(tmp_path):
    with pytest.raises(SimError) as e:
        resolve_scene("TEEsavR23oF", tmp_path, None)
    assert e.value.code == "not_found" and e.value.path == "params.scene"
    with pytest.raises(SimError):
        resolve_scene("seed:3", tmp_path, None)
    scene = tmp_path / "scene_datasets/hm3d/val/00800-TEEsavR23oF/TEEsavR23oF.basis.glb"
    scene.parent.mkdir(parents=True)
    scene.write_bytes(b"glTF")
    cfg = tmp_path / "scene_datasets/hm3d/hm3d_annotated_basis.scene_dataset_config.json"
    cfg.write_text("{}")
    files = resolve_scene("TEEsavR23oF", tmp_path, None)
    assert files.scene == scene.resolve() and files.dataset_config == cfg and files.house is None
    (tmp_path / "objects/mug").mkdir(parents=True)
    (tmp_path / "objects/mug/m7.object_config.json").write_text("{}")
    assert find_asset(tmp_path / "objects", "m7", "mug").name == "m7.object_config.json"
    assert find_asset(tmp_path / "objects", "m8", "mug") is None


def test_agreement_figures():
    pairs = [{"a": [0, 0, 0], "b": [1, 0, 0], "geodesic": 10.0}, {"a": [0, 0, 0], "b": [1, 0, 0], "geodesic": 2.0}]
    r = compare(pairs, [10.6, 2.5], 0.05, 0.15)
    assert r["within_tolerance"] == 1 and r["worst"][0]["habitat"] == 2.5
    r = compare(pairs, [None, 2.0], 0.05, 0.15)
    assert r["unreachable_in_habitat"] == 1 and r["fraction_within"] == 0.5


def _refused(scene, data_dir, scene_dirs=None, code="not_found"):
    with pytest.raises(SimError) as e:
        resolve_scene(scene, data_dir, None, scene_dirs)
    assert e.value.code == code, e.value.message
    assert "root:" not in e.value.message
    return e.value


def test_scene_paths_outside_the_data_folders_are_refused_unread(tmp_path):
    data = tmp_path / "data"
    outside = tmp_path / "outside"
    extra = tmp_path / "extra"
    for d in (data, outside, extra):
        d.mkdir()
    (outside / "secret.glb").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (data / "link.glb").symlink_to(outside / "secret.glb")
    (data / "linkdir").symlink_to(outside)
    (extra / "house.glb").write_bytes(b"glTF")
    (data / "folder.glb").mkdir()
    for scene in ("/etc/passwd", "/dev/zero", str(outside / "secret.glb"), "link.glb", str(data / "link.glb"),
                  "linkdir/secret.glb", "../outside/secret.glb", str(data / "../outside/secret.glb"),
                  "folder.glb", "*", "**/secret", "../outside"):
        e = _refused(scene, data)
        assert e.path == "params.scene" and scene in e.message
    # a scene file in a --scene-dir folder loads, by absolute path or relative to the folder
    _refused(str(extra / "house.glb"), data)
    assert resolve_scene(str(extra / "house.glb"), data, None, [extra]).scene == (extra / "house.glb").resolve()
    assert resolve_scene("house.glb", data, None, [extra]).scene == (extra / "house.glb").resolve()


def test_a_scene_sidecar_must_be_a_small_regular_file(tmp_path):
    (tmp_path / "h.glb").write_bytes(b"glTF")
    os.mkfifo(tmp_path / "h.house.json")
    e = _refused("h.glb", tmp_path, code="invalid_params")
    assert "regular file" in e.message
    os.remove(tmp_path / "h.house.json")
    with open(tmp_path / "h.house.json", "wb") as f:
        f.truncate(MAX_SIDECAR_BYTES + 1)
    assert "bytes" in _refused("h.glb", tmp_path, code="invalid_params").message
    (tmp_path / "h.house.json").write_text("root:x:0:0")
    assert "not valid JSON" in _refused("h.glb", tmp_path, code="invalid_params").message
    (tmp_path / "h.house.json").write_text('{"rooms": []}')
    assert resolve_scene("h.glb", tmp_path, None).house == {"rooms": []}


def test_json_without_nan_or_infinity_and_coordinates_within_bounds():
    p = Protocol()
    for lit in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(SimError) as e:
            p.parse_request(f'{{"id": 1, "verb": "plan_path", "params": {{"goal": [{lit}, 0, 0]}}}}')
        assert e.value.code == "bad_json"
        assert Protocol.readable_id(f'{{"id": 1, "x": {lit}}}') is None
    for goal in ([1e400, 0, 0], [0, 0, 1e15], [1e308, 0, 1e308], [-1e5, 0, 0]):
        with pytest.raises(SimError) as e:
            p.check_params("plan_path", {"goal": goal})
        assert e.value.code == "invalid_params" and e.value.path.startswith("params.goal"), e.value.message
    with pytest.raises(SimError) as e:
        p.check_params("reset", {"start": {"position": [0, 0, 1e15], "heading": 0}})
    assert e.value.path.startswith("params.start.position")
    assert p.check_params("plan_path", {"goal": [9999.5, 0, -9999.5]})
    with pytest.raises(SimError) as e:
        p.parse_request("[" * 100_000 + "]" * 100_000)
    assert e.value.code == "bad_json"
