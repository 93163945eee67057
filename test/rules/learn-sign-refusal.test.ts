/**
 * A sign's refusal after a room said alone ("Garage — no entry.", "the loft: no access") is a ban
 * on that room, as "<room>: no." is; the sign's noun ("entry") is never read as a room (the
 * entryway). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["garage", "loft", "entryway", "guest bedroom"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft?.requirement,
    i.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
  ]);

describe("a sign's refusal after a room", () => {
  it("bans that room, with the hours said beside it", () => {
    assert.deepEqual(read("Garage — no entry."), [["add", { kind: "avoid_room", room: "garage" }, []]]);
    assert.deepEqual(read("the loft: no access, thanks"), [["add", { kind: "avoid_room", room: "loft" }, []]]);
    assert.deepEqual(read("guest bedroom - no entry after 10 pm"), [
      ["add", { kind: "avoid_room", room: "guest bedroom" }, [[22, 6]]],
    ]);
  });

  it("never reads the sign's noun as a room", () => {
    for (const m of ["Garage — no entry.", "loft: no entrance", "no entry to the loft"])
      for (const [, req] of read(m)) assert.notDeepEqual(req, { kind: "avoid_room", room: "entryway" }, m);
    assert.deepEqual(read("keep out of the entryway"), [["add", { kind: "avoid_room", room: "entryway" }, []]]);
  });
});
