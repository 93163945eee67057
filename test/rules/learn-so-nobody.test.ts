/**
 * A consequence after "so" whose subject is "no one" and whose verb is one of going in ("… so
 * nobody goes in there") is a ban on everyone, the robot among them, not a reason cut off; hours
 * said before it and pointed back at ("those hours") are its window. "so nobody trips" still says
 * why, and "no one but you" still asks. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["nursery", "workshop", "box room"], sceneId: "s1" };
const conds = (m: string) =>
  learn(m, [], house).items.map((i) => [
    i.decision,
    i.draft?.requirement ?? null,
    (i.draft?.conditions ?? []).map((c) => (c.kind === "time" ? `time:${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("a ban on everyone after 'so'", () => {
  it("keeps the ban, with the hours pointed back at", () => {
    assert.deepEqual(conds("the twins nap from 1 to 3 so nobody goes in the nursery those hours"), [
      ["add", { kind: "avoid_room", room: "nursery" }, ["time:13-15"]],
    ]);
    assert.deepEqual(
      conds(
        "my lodger works in the box room from ten till four so no one comes into the box room those hours, you too",
      ),
      [["add", { kind: "avoid_room", room: "box room" }, ["time:10-16"]]],
    );
  });

  it("with no hours, is a lasting ban", () => {
    assert.deepEqual(conds("Dad keeps his saws in the workshop so nobody goes in there"), [
      ["add", { kind: "avoid_room", room: "workshop" }, []],
    ]);
  });

  it("a consequence of no going in is still a reason", () => {
    const got = conds("I left the light on in the workshop so nobody trips");
    assert.ok(!got.some((g) => g[0] === "add"), JSON.stringify(got));
  });

  it("letting the robot in is still asked", () => {
    const got = conds("the workshop is being painted so nobody goes in except you");
    assert.ok(!got.some((g) => g[0] === "add"), JSON.stringify(got));
  });
});
