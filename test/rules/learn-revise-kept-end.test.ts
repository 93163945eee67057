/**
 * Updates that act on the rule in force: one end of its hours moved with the other said to stay
 * ("same finish time", "end unchanged") changes only that end; a room put right with "the … one"
 * (the kind of the room named beside it) moves the ban to the room meant, when the two words make
 * one of the house's labels. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = {
  rooms: ["cellar", "upstairs bathroom", "guest bathroom", "front porch", "back porch"],
  sceneId: "s1",
};

describe("an update to the rule in force", () => {
  it("moves one end of the hours and keeps the end said to stay", async () => {
    for (const m of [
      "The cellar rule begins at 8 in the evening, not 11, same finish time.",
      "cellar: start from 8pm instead of 11, end unchanged",
    ]) {
      const { rules } = await taught(house, "Don't go in the cellar from 11pm to 7am.", m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "cellar" }, m);
      assert.deepEqual(
        rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
        [[20, 7]],
        m,
      );
    }
  });

  it("moves an end said as a command with the rule its object, or with 'stop', and keeps the other", async () => {
    for (const [ban, m, want] of [
      [
        "Don't go in the cellar from 11pm to 7am.",
        "the cellar rule, have it stop at 9 in the morning rather than 7",
        [23, 9],
      ],
      [
        "Don't go in the cellar from 11pm to 7am.",
        "Cellar ban. End it at 8, not 7. The start stays at eleven.",
        [23, 8],
      ],
      [
        "Keep off the front porch from 1pm to 4pm.",
        "front porch: finish that at 5pm instead. the beginning of it stays the same",
        [13, 17],
      ],
      [
        "Keep off the front porch from 1pm to 4pm.",
        "the front porch one, start it at noon, the end stays at 4",
        [12, 16],
      ],
      ["Never stop on the back porch from 9am to 5pm.", "back porch rule: make it stop at 6 not 5", [9, 18]],
    ] as const) {
      const { rules } = await taught(house, ban, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(
        rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
        [want],
        m,
      );
    }
  });

  it("an end put at an hour of the morning moves that end, never makes the rule that one hour", async () => {
    const m = "the cellar one, make it stop at 8am not 7";
    const { rules } = await taught(house, "Don't go in the cellar from 11pm to 7am.", m);
    assert.deepEqual(
      rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[23, 8]],
    );
  });

  it("puts the room right when 'one' takes the kind of the room named beside it", async () => {
    for (const [ban, m, meant] of [
      [
        "Please keep out of the guest bathroom.",
        "oops, I meant the upstairs bathroom, not the guest one",
        "upstairs bathroom",
      ],
      ["Never go on the back porch.", "sorry, meant the front porch and not the back one", "front porch"],
    ]) {
      const { rules } = await taught(house, ban, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room: meant }],
        m,
      );
    }
  });

  it("hours said fine before a ban at other hours are no condition of the ban", async () => {
    for (const before of [[], ["Keep out of the cellar."]]) {
      const m = "the cellar: in the morning it's ok now, but keep out from 8 to 11 at night.";
      const { rules } = await taught(house, ...before, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(
        rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
        [[20, 23]],
        m,
      );
    }
  });

  it("hours said fine that the ban beside them holds are asked about, and nothing changes", async () => {
    const m = "cellar: in the evening it's fine, just stay out from 7 to 9 pm";
    assert.deepEqual((await taught(house, m)).rules, []);
    const { rules } = await taught(house, "Keep out of the cellar.", m);
    assert.deepEqual(rules[0].conditions, []);
  });

  it("a word that makes no label with the kind names no room", async () => {
    const { rules } = await taught(
      house,
      "Please keep out of the guest bathroom.",
      "i meant the upstairs bathroom not the other one",
    );
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "guest bathroom" }],
    );
  });
});
