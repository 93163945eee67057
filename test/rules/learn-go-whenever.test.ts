/**
 * Permissions said without "you can …" in front of the room: an imperative of going whose when is
 * left to the robot ("come in any time you like") permits the room it is said of, and an exception
 * said with it is the hours a new ban holds; a room fronted before "you can …" is read when a
 * filler ("so", "now") opens the clause. Nothing is permitted where two rooms are said, and no
 * ban is kept where nothing is left out. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "cellar", "workshop", "sunroom"], sceneId: "s1" };
const hours = (r: { conditions: { kind: string }[] }) =>
  r.conditions.flatMap((c) => (c.kind === "time" ? [[(c as never as { fromHour: number }).fromHour]] : []));

describe("an imperative of going left to the robot's when", () => {
  it("with hours left out, bans the room at those hours only", async () => {
    for (const [m, from] of [
      ["Sunroom: go in whenever. Except 2 to 4 pm.", 14],
      ["the workshop - go inside any time you want, just not after 9pm", 21],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, {
        kind: "avoid_room",
        room: m.startsWith("Sun") ? "sunroom" : "workshop",
      });
      assert.deepEqual(hours(rules[0]), [[from]], m);
    }
  });

  it("lifts a ban in force on that room", async () => {
    const { rules } = await taught(house, "keep out of the cellar", "The cellar: go in whenever now.");
    assert.deepEqual(rules, [], JSON.stringify(rules));
  });

  it("keeps no ban and lifts none when no room or two rooms are said", async () => {
    assert.deepEqual((await taught(house, "go in whenever")).rules, []);
    const { rules } = await taught(house, "keep out of the den", "the den and the cellar: go in whenever");
    assert.equal(rules.length, 1, JSON.stringify(rules));
  });
});

describe("a room fronted before a permission, a filler opening the clause", () => {
  it("is the room permitted", async () => {
    for (const m of ["so now the den you can go in again", "ok now cellar you can go again"]) {
      const room = m.includes("den") ? "den" : "cellar";
      const { rules } = await taught(house, `never go in the ${room}`, m);
      assert.deepEqual(rules, [], `${m}: ${JSON.stringify(rules)}`);
    }
  });

  it("is still banned when the clause says not to", async () => {
    const { rules } = await taught(house, "now the den you can't go in");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "den" });
  });
});
