"""The protocol layer over a real WebSocket connection, with the engine replaced at the
Backend boundary (fake_backend.FakeBackend)."""

import asyncio
import io
import json
import threading

import numpy as np
import pytest
from PIL import Image
from websockets.sync.client import connect

from fake_backend import FakeBackend
from polar_habitat.protocol import MAX_MESSAGE_BYTES, Protocol
from polar_habitat.server import run_server

PROTOCOL = Protocol()


@pytest.fixture(scope="module")
def url():
    ready, box = threading.Event(), {}

    def go():
        async def main():
            box["stop"] = asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            await run_server("127.0.0.1", 0, FakeBackend, PROTOCOL,
                             ready=lambda u: (box.__setitem__("url", u), ready.set()), stop=box["stop"])
        asyncio.run(main())

    t = threading.Thread(target=go, daemon=True)
    t.start()
    assert ready.wait(30)
    yield box["url"]
    box["loop"].call_soon_threadsafe(box["stop"].set)
    t.join(5)


class Client:
    def __init__(self, ws):
        self.ws, self.n = ws, 0

    def call(self, verb, params=None):
        self.n += 1
        self.ws.send(json.dumps({"id": self.n, "verb": verb, "params": params or {}}))
        reply = json.loads(self.ws.recv(timeout=30))
        assert reply["id"] == self.n
        frames = []
        if reply["ok"]:
            res = reply["result"]
            images = res.get("images") or res.get("observation", {}).get("images") or []
            frames = [self.ws.recv(timeout=30) for _ in images]
            for h, f in zip(images, frames):
                assert isinstance(f, bytes) and len(f) == h["bytes"]
        else:
            assert not list(PROTOCOL.error.iter_errors(reply["error"]))
        return reply, frames


@pytest.fixture
def client(url):
    with connect(url, max_size=None) as ws:
        yield Client(ws)


OBJECTS = [
    {"id": "mug-1", "category": "mug", "position": [3.0, 0.0, 2.0]},
    {"id": "mug-2", "category": "mug", "position": [8.0, 0.0, 2.0]},
    {"id": "keys-1", "category": "keys", "receptacleId": "table"},
]


def start(client, **kw):
    r, _ = client.call("load_scene", {"scene": "room", "settings": {"stepLength": 0.5, "maxSteps": 5, **kw}})
    assert r["ok"], r
    return r


def test_hello_lists_every_verb(client):
    r, _ = client.call("hello")
    assert r["ok"]
    assert r["result"]["verbs"] == PROTOCOL.verbs
    assert r["result"]["simulator"] == "polar-habitat"


def test_malformed_frames_get_errors_and_the_connection_stays(client):
    ws = client.ws
    ws.send("{not json")
    r = json.loads(ws.recv(timeout=5))
    assert r == {"id": None, "ok": False, "error": r["error"]} and r["error"]["code"] == "bad_json"
    ws.send("[1, 2]")
    assert json.loads(ws.recv(timeout=5))["error"]["code"] == "bad_request"
    ws.send(json.dumps({"id": 7, "verb": "hello", "extra": 1}))
    r = json.loads(ws.recv(timeout=5))
    assert r["id"] == 7 and r["error"]["code"] == "bad_request"
    ws.send(b"\x00\x01")
    assert json.loads(ws.recv(timeout=5))["error"]["code"] == "bad_request"
    ws.send(json.dumps({"id": 8, "verb": "hello", "params": {"pad": "x" * MAX_MESSAGE_BYTES}}))
    assert json.loads(ws.recv(timeout=5))["error"]["code"] == "too_large"
    r, _ = client.call("fly")
    assert r["error"]["code"] == "unknown_verb"
    r, _ = client.call("hello")
    assert r["ok"]


def test_params_are_validated_with_the_offending_path(client):
    start(client)
    r, _ = client.call("reset", {"start": {"position": [1, 0], "heading": 0}})
    assert r["error"]["code"] == "invalid_params" and r["error"]["path"].startswith("params.start.position")
    r, _ = client.call("reset", {"start": {"position": [1, 0, 1], "heading": 0}, "objects": [{"id": "a", "category": "mug"}]})
    assert r["error"] == {"code": "invalid_params", "path": "params.objects.0",
                          "message": "reset: params.objects.0: needs a position or a receptacleId"}
    r, _ = client.call("step", {"action": "JUMP"})
    assert r["error"]["code"] == "invalid_params" and r["error"]["path"] == "params.action"


def test_verbs_out_of_order(client):
    r, _ = client.call("step", {"action": "STOP"})
    assert r["error"]["code"] == "out_of_order"
    start(client)
    r, _ = client.call("metrics")
    assert r["error"]["code"] == "out_of_order"


def test_missing_scene_and_unplaceable_objects_are_errors_and_serving_goes_on(client):
    r, _ = client.call("load_scene", {"scene": "/no/such/scene.glb"})
    assert r["error"]["code"] == "not_found" and r["error"]["path"] == "params.scene"
    start(client)
    bad = [{"id": "far", "category": "ball", "position": [50.0, 0.0, 50.0]}]
    r, _ = client.call("reset", {"start": {"position": [1, 0, 1], "heading": 0}, "objects": bad})
    assert r["error"]["code"] == "unplaceable" and r["error"]["path"] == "params.objects.0"
    r, _ = client.call("reset", {"start": {"position": [1, 0, 1], "heading": 0}, "objects": OBJECTS,
                                 "targetIds": ["nope"]})
    assert r["error"] == {"code": "not_found", "path": "params.targetIds.0",
                          "message": 'target "nope" is not among the episode\'s objects'}
    r, _ = client.call("hello")
    assert r["ok"]


def test_an_episode_with_views_metrics_and_the_step_budget(client):
    start(client, camera={"width": 64, "height": 48, "format": "png"})
    r, frames = client.call("reset", {"start": {"position": [3.0, 0, 4.0], "heading": 0.0}, "objects": OBJECTS,
                                      "targetIds": ["mug-1"], "views": ["left", "front"]})
    assert r["ok"], r
    obs = r["result"]
    assert [h["view"] for h in obs["images"]] == ["left", "front"]
    assert Image.open(io.BytesIO(frames[0])).size == (64, 48)
    # straight ahead, 2 m: the sensor names the category, and an id of its own, new every reset
    front = obs["visible"]["front"]
    assert [v["category"] for v in front] == ["mug"] and front[0]["id"] not in ("mug-1", "mug-2")
    again, _ = client.call("reset", {"start": {"position": [3.0, 0, 4.0], "heading": 0.0}, "objects": OBJECTS,
                                     "targetIds": ["mug-1"]})
    assert again["result"]["visible"]["front"][0]["id"] != front[0]["id"]
    r, _ = client.call("metrics")
    m = r["result"]
    assert m["shortestPath"] == pytest.approx(2.0)
    assert m["distances"]["mug-2"] == pytest.approx(2.0 + 1.0 + 2 ** 0.5 * 0 + (9 + 16) ** 0.5 - 3.0, abs=3)
    assert m["nearestObject"]["id"] == "mug-1" and not m["success"]
    for _ in range(2):
        r, frames = client.call("step", {"action": "MOVE_FORWARD"})
        assert r["ok"] and frames == [] and not r["result"]["collided"]
    assert r["result"]["observation"]["pose"]["position"] == pytest.approx([3.0, 0.0, 3.0])
    r, _ = client.call("step", {"action": "STOP"})
    assert r["result"]["done"]
    r, _ = client.call("metrics")
    assert r["result"]["success"] and r["result"]["pathLength"] == pytest.approx(1.0)
    r, _ = client.call("step", {"action": "TURN_LEFT"})
    assert r["error"]["code"] == "out_of_order" and "after STOP" in r["error"]["message"]


def test_step_budget_ends_the_episode(client):
    start(client, maxSteps=2)
    client.call("reset", {"start": {"position": [1, 0, 1], "heading": 0}})
    client.call("step", {"action": "TURN_LEFT"})
    r, _ = client.call("step", {"action": "TURN_LEFT"})
    assert r["result"]["done"]
    r, _ = client.call("step", {"action": "TURN_LEFT"})
    assert "step budget of 2" in r["error"]["message"]


def test_collisions_are_reported(client):
    start(client)
    client.call("reset", {"start": {"position": [4.8, 0, 3.0], "heading": -1.5707963}})  # facing +x, at the wall
    r, _ = client.call("step", {"action": "MOVE_FORWARD"})
    assert r["result"]["collided"]
    assert r["result"]["observation"]["pose"]["position"] == pytest.approx([4.8, 0, 3.0])


def test_plan_path_scene_info_and_topdown(client):
    start(client)
    client.call("reset", {"start": {"position": [2, 0, 2], "heading": 0}, "objects": OBJECTS, "targetIds": ["mug-2"]})
    r, _ = client.call("plan_path", {"goal": [8.0, 0.0, 2.0], "maxActions": 4})
    assert r["result"]["reachable"] and r["result"]["geodesic"] > 6.0 and len(r["result"]["actions"]) == 4
    r, _ = client.call("scene_info")
    assert {x["label"] for x in r["result"]["regions"]} == {"kitchen", "hallway", "bedroom"}
    r, frames = client.call("topdown", {"metersPerPixel": 0.1})
    img = Image.open(io.BytesIO(frames[0]))
    assert img.format == "PNG" and img.size == (100, 80) == (r["result"]["image"]["width"], r["result"]["image"]["height"])
    # marks: false is the house alone: no agent, no target ringed (an onlooker's map shows no ground truth)
    _, plain = client.call("topdown", {"metersPerPixel": 0.1, "marks": False})
    marked = np.asarray(img.convert("RGB"))
    house = np.asarray(Image.open(io.BytesIO(plain[0])).convert("RGB"))
    assert house.shape == marked.shape and (house != marked).any()
    target_red = np.all(house == [220, 40, 40], axis=-1)
    assert np.all(marked == [220, 40, 40], axis=-1).any() and not target_red.any()
    r, _ = client.call("topdown", {"metersPerPixel": 0.0001})
    assert r["error"]["code"] == "invalid_params" and r["error"]["path"] == "params.metersPerPixel"
