import pytest

from polar_habitat.geodesic_check import compare
from polar_habitat.protocol import Protocol, SimError
from polar_habitat.regions import Box3, adjacency, label_from_objects, unique_labels
from polar_habitat.scenes import find_asset, resolve_scene


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
    assert files.scene == scene and files.dataset_config == cfg and files.house is None
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
