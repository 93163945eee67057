/**
 * A room said to be closed, now or from now on (a present copula, or a label line's colon), is
 * closed to the robot: a ban for the hours said with it. "was closed", "is not closed", "closed
 * the door" and "keep the door closed" say no such thing. Sentences written for this test, not
 * taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["scullery", "music room", "loft"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], house).items.map((i) => ({
    d: i.decision,
    req: i.draft?.requirement ?? null,
    when: (i.draft?.conditions ?? []).map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  }));

describe("a room said to be closed", () => {
  it("bans it, with the hours said", () => {
    assert.deepEqual(read("* music room: closed 3-5 pm (lessons)"), [
      { d: "add", req: { kind: "avoid_room", room: "music room" }, when: ["15-17"] },
    ]);
    assert.deepEqual(read("The scullery is closed after ten at night."), [
      { d: "add", req: { kind: "avoid_room", room: "scullery" }, when: ["22-6"] },
    ]);
  });

  it("in the past, negated, or as a verb with its object, bans nothing", () => {
    for (const m of [
      "the loft was closed when you came by",
      "the scullery is not closed any longer",
      "closed the loft hatch behind you?",
      "keep the music room door closed please",
    ])
      for (const { d } of read(m)) assert.notEqual(d, "add", m);
  });
});
