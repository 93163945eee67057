/**
 * A sign's refusal after a room said alone ("Garage — no entry.", "the loft: no access") is a ban
 * on that room, as "<room>: no." is; the sign's noun ("entry") is never read as a room (the
 * entryway). So is a sign whose noun is the robot's visits ("no service") or the robot ("no robots
 * in the den"). A refusal with a clause of when ("loft: stay out while it's raining") is a ban with that
 * condition; one whose "when" is no clause ("during storms") is never kept without it. A sign run
 * into the room with no mark ("loft no entry till 8") is read as one with a mark.
 * Sentences written for this test.
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
  it("of stopping before the room ('no stopping: the loft') bans stopping there, not going in", () => {
    assert.deepEqual(read("No parking: the garage."), [["add", { kind: "no_stop_in_room", room: "garage" }, []]]);
    assert.deepEqual(read("no_waiting: loft @ 21:00-23:00"), [
      ["add", { kind: "no_stop_in_room", room: "loft" }, [[21, 23]]],
    ]);
    // a part of the day naming an occasion at those hours, in brackets, only names them again
    assert.deepEqual(read("no stopping - the entryway, 8 to 9 am (school rush)"), [
      ["add", { kind: "no_stop_in_room", room: "entryway" }, [[8, 9]]],
    ]);
    // …a part of the day the hours are not in says something else, and is asked
    assert.equal(read("no stopping - the entryway, 8 to 9 pm (morning rush)")[0][0], "unclear");
  });

  it("bans that room, with the hours said beside it", () => {
    assert.deepEqual(read("Garage — no entry."), [["add", { kind: "avoid_room", room: "garage" }, []]]);
    assert.deepEqual(read("the loft: no access, thanks"), [["add", { kind: "avoid_room", room: "loft" }, []]]);
    assert.deepEqual(read("guest bedroom - no entry after 10 pm"), [
      ["add", { kind: "avoid_room", room: "guest bedroom" }, [[22, 6]]],
    ]);
  });

  it("a sign whose noun is the robot's visits or the robot itself bans the room", () => {
    assert.deepEqual(read("the loft: no service from 11 pm to 6 am"), [
      ["add", { kind: "avoid_room", room: "loft" }, [[23, 6]]],
    ]);
    assert.deepEqual(read("No robots in the garage from 10 pm to 6 am."), [
      ["add", { kind: "avoid_room", room: "garage" }, [[22, 6]]],
    ]);
    assert.deepEqual(read("no robot inside the guest bedroom from now on"), [
      ["add", { kind: "avoid_room", room: "guest bedroom" }, []],
    ]);
  });

  it("a terse refusal with a clause of when is a ban held then", () => {
    for (const [m, room, cond] of [
      ["loft: stay out while it's raining", "loft", "while it's raining"],
      ["Guest bedroom — out when we have visitors.", "guest bedroom", "when we have visitors"],
      ["garage: keep out when the car is being washed", "garage", "when the car is being washed"],
    ] as const) {
      const items = learn(m, [], ctx).items;
      assert.deepEqual(
        items.map((i) => [
          i.decision,
          i.draft?.requirement,
          i.draft?.conditions.map((c) => c.kind === "text" && c.text),
        ]),
        [["add", { kind: "avoid_room", room }, [cond]]],
        m,
      );
    }
    for (const m of ["loft: out during storms", "garage: keep out whenever the car is being washed"])
      for (const i of learn(m, [], ctx).items)
        assert.ok(i.decision !== "add" || (i.draft?.conditions.length ?? 0) > 0, `${m}: kept without its condition`);
  });

  it("'not' or 'never' with a clause of when, after a room said alone, is a ban held then", () => {
    for (const [m, room, cond] of [
      ["loft — not while the roofers are up there, any other time is fine", "loft", "while the roofers are up there"],
      ["Garage: never when Dad is welding.", "garage", "when Dad is welding"],
    ] as const)
      assert.deepEqual(
        learn(m, [], ctx).items.map((i) => [
          i.decision,
          i.draft?.requirement,
          i.draft?.conditions.map((c) => c.kind === "text" && c.text.toLowerCase()),
        ]),
        [["add", { kind: "avoid_room", room }, [cond.toLowerCase()]]],
        m,
      );
    for (const m of ["loft: not during the storms", "garage — never during band practice"])
      for (const i of learn(m, [], ctx).items)
        assert.ok(i.decision !== "add" || (i.draft?.conditions.length ?? 0) > 0, `${m}: kept without its condition`);
  });

  it("a sign run into the room with no mark, or put on it with '=', bans it with its hours", () => {
    assert.deepEqual(read("garage no access"), [["add", { kind: "avoid_room", room: "garage" }, []]]);
    assert.deepEqual(read("loft no entry till 8am please"), [["add", { kind: "avoid_room", room: "loft" }, [[0, 8]]]]);
    assert.deepEqual(read("guest bedroom no robots after 9pm, we have visitors"), [
      ["add", { kind: "avoid_room", room: "guest bedroom" }, [[21, 6]]],
    ]);
    assert.deepEqual(read("garage 10pm to 6am = no entry"), [
      ["add", { kind: "avoid_room", room: "garage" }, [[22, 6]]],
    ]);
    // a refusal alone, with no sign's noun, leaves open whether it lasts
    assert.deepEqual(
      learn("garage no", [], ctx).items.map((i) => i.decision),
      ["unclear"],
    );
  });

  it("never reads the sign's noun as a room", () => {
    for (const m of ["Garage — no entry.", "loft: no entrance", "no entry to the loft"])
      for (const [, req] of read(m)) assert.notDeepEqual(req, { kind: "avoid_room", room: "entryway" }, m);
    assert.deepEqual(read("keep out of the entryway"), [["add", { kind: "avoid_room", room: "entryway" }, []]]);
  });
});
