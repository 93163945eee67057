/**
 * "Found in" names the room the object stands in, not the room the robot stopped in. The robot
 * stops up to a metre and a half from the object, often through a doorway; the room its reply
 * names is where the user will go to look (episodic memory keeps the room it found it from). A real
 * episode (voices-31-test, a spent held-out half) where the robot stops in the kitchen beside
 * headphones standing just inside the bedroom: the house's rooms are the kitchen at z < 3 and the
 * bedroom at z >= 3 (x 3.4–8.8), and the headphones stand at z = 3.42.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { cliEnv, polarSync } from "../cli/helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-found-room-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe("where the robot says it found the object", () => {
  it("is the room the object stands in when the robot stops across the doorway", () => {
    const out = join(tmp, "run");
    const args = ["run", "--dataset", "datasets/voices-31-test", "--episode", "v31h4-a20", "--memory", "none"];
    const r = polarSync([...args, "--out", out], cliEnv(tmp), { timeout: 300_000 });
    assert.equal(r.code, 0, r.err);
    const events = readFileSync(join(out, "events.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const end = events.find((e) => e.type === "episode_end");
    assert.equal(end.success, true, "the episode succeeds (it stops beside the headphones)");
    const lastPose = events.filter((e) => e.type === "pose").at(-1);
    const kitchen = events
      .find((e) => e.type === "scene_graph")
      .rooms.find((x: { label: string }) => x.label === "kitchen");
    assert.equal(lastPose.roomId, kitchen.id, "the robot itself stands in the kitchen");
    assert.match(events.find((e) => e.type === "reply").text, /found the headphones in the bedroom/);
  });
});
