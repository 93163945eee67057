/**
 * Someone's doing told with the very hours a ban points back at ("Grandad dozes from two to four,
 * keep out of the …") is what those hours are, never a condition beside them: the ban is checked by
 * the window alone. Said without hours, or as a when-lead, it stays in the user's words. Sentences
 * written for this test, not taken from a set.
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

describe("a doing told with the hours", () => {
  it("is their description, with a kin word as its subject", () => {
    assert.deepEqual(
      conds("Grandad dozes from two to four in the afternoon, so stay out of the box room those hours"),
      [["add", { kind: "avoid_room", room: "box room" }, ["time:14-16"]]],
    );
    assert.deepEqual(conds("gran sews from 10 to 12, keep out of the workshop during those hours"), [
      ["add", { kind: "avoid_room", room: "workshop" }, ["time:10-12"]],
    ]);
  });

  it("without hours, or as a when-lead, stays a condition in the user's words", () => {
    assert.deepEqual(conds("when grandad dozes from two to four, keep out of the box room"), [
      ["add", { kind: "avoid_room", room: "box room" }, ["time:14-16", "text"]],
    ]);
    const bare = conds("Grandad naps, keep out of the box room");
    assert.ok(!bare.some((g) => g[0] === "add" && (g[2] as string[]).length === 0), JSON.stringify(bare));
  });
});
