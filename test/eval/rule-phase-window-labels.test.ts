/**
 * The rule phase's labels compare hour windows by the hours they hold (src/language/hours.ts:
 * [from, to), wrapping past midnight, equal ends the whole day), never by how their ends are
 * written: a learner that writes the whole day as [0, 24) and a label or a profile that writes it
 * [9, 9) or "time:0-24" mean the same condition, and the simulated user's gold says it the way the
 * scorer reads a learned rule.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  conditionDropped,
  fieldsOf,
  labelByHours,
  type Observed,
  pairing,
  windowLabel,
} from "../../src/eval/rule-phase/labels.ts";
import type { Preference } from "../../src/eval/rule-phase/profile.ts";
import { meant, windowName } from "../../src/eval/rule-phase/simulated-user.ts";
import { hoursOf } from "../../src/language/index.ts";

const obs = (conditions: string[]): Observed => ({
  update: "add",
  persistence: "persistent",
  scope: "global",
  stage: "pre_action",
  check: "programmatic",
  payload: { kind: "avoid_room", room: "garage" },
  conditions,
  exceptions: [],
  stored: true,
});
const gold = (conditions: string[]) => ({
  update: "add" as const,
  persistence: "persistent" as const,
  payload: { kind: "avoid_room" as const, room: "garage" },
  conditions,
});

describe("hour windows in the rule phase's labels", () => {
  it("a labelled whole day matches the learner's whole day however its ends are written", () => {
    for (const label of ["time:0-24", "time:9-9", "time:0-0", "time:23-23"])
      assert.equal(fieldsOf(gold([label]), obs([windowLabel({ fromHour: 0, toHour: 24 })])).condition, true, label);
  });

  it("two windows get one label exactly when they hold the same hours", () => {
    const end = fc.integer({ min: 0, max: 24 });
    const start = fc.integer({ min: 0, max: 23 });
    fc.assert(
      fc.property(start, end, start, end, (a, b, c, d) => {
        const x = new Set(hoursOf(a, b));
        const y = new Set(hoursOf(c, d));
        const same = x.size === y.size && [...x].every((h) => y.has(h));
        const la = windowLabel({ fromHour: a, toHour: b });
        assert.equal(la === windowLabel({ fromHour: c, toHour: d }), same);
        assert.equal(labelByHours(`time:${a}-${b}`), la);
      }),
      { numRuns: 2000 },
    );
  });

  it("a different window is still a wrong condition", () => {
    assert.equal(fieldsOf(gold(["time:21-6"]), obs([windowLabel({ fromHour: 22, toHour: 6 })])).condition, false);
    assert.equal(fieldsOf(gold(["time:21-6"]), obs([windowLabel({ fromHour: 21, toHour: 6 })])).condition, true);
  });

  it("the simulated user's gold for a whole-day window is the label of the learner's whole day", () => {
    const p = (fromHour: number, toHour: number): Preference => ({
      id: "p1",
      kind: "avoid_room",
      room: "garage",
      when: { fromHour, toHour },
    });
    const learned = windowLabel({ fromHour: 0, toHour: 24 });
    for (const [f, t] of [
      [9, 9],
      [0, 24],
      [0, 0],
    ])
      assert.deepEqual(meant(p(f, t), undefined).conditions, [learned], `[${f}, ${t})`);
  });

  it("a window is named by its hours", () => {
    assert.equal(windowName({ fromHour: 21, toHour: 6 }), "night");
    assert.equal(windowName({ fromHour: 17, toHour: 21 }), "evening");
    assert.equal(windowName({ fromHour: 9, toHour: 9 }), undefined);
    assert.equal(windowName({ fromHour: 20, toHour: 6 }), undefined);
  });
});

describe("rooms in the rule phase's labels", () => {
  const withRoom = (room: string): Observed => ({ ...obs([]), payload: { kind: "avoid_room", room } });
  const wants = (room: string) => ({ ...gold([]), payload: { kind: "avoid_room" as const, room } });

  it("a room stored without the house label's apostrophe, case or article is that room", () => {
    for (const [label, stored] of [
      ["Nan's flat", "nans flat"],
      ["the Box Room", "box room"],
      ["kids’ room", "kids room"],
    ])
      assert.equal(fieldsOf(wants(label), withRoom(stored)).payload, true, `${label} / ${stored}`);
  });

  it("a room widened to its kind, or another room, is still a different room", () => {
    assert.equal(fieldsOf(wants("upstairs bathroom"), withRoom("bathroom")).payload, false);
    assert.equal(fieldsOf(wants("nan's flat"), withRoom("nans room")).payload, false);
  });
});

describe("what the scorer calls a dropped condition", () => {
  it("a labelled window missing with nothing in its place is dropped: the rule holds at more hours than said", () => {
    assert.equal(conditionDropped(["time:0-9"], []), true);
    assert.equal(conditionDropped(["time:21-6"], ["time:20-7"]), true, "a wider window is no narrowing");
    assert.equal(conditionDropped(["time:21-6", "text"], ["time:21-6"]), true);
  });
  it("a window within the labelled one, or text in its place, narrows the rule and drops nothing", () => {
    assert.equal(conditionDropped(["time:0-9"], ["time:6-9"]), false);
    assert.equal(conditionDropped(["time:22-6"], ["time:23-5"]), false, "across midnight");
    assert.equal(conditionDropped(["time:0-9"], ["text"]), false);
    assert.equal(conditionDropped(["time:0-9"], ["time:0-9"]), false);
  });
  it("one stored window narrows one labelled window, not two", () => {
    assert.equal(conditionDropped(["time:0-9", "time:12-14"], ["time:6-9"]), true);
  });
  it("a window that only overlaps the labelled one is no narrowing, checked over random windows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 23 }),
        (a, la, b, lb) => {
          const want = `time:${a}-${(a + la) % 24}`;
          const got = `time:${b}-${(b + lb) % 24}`;
          const inside = hoursOf(b, (b + lb) % 24).every((h) => hoursOf(a, (a + la) % 24).includes(h));
          assert.equal(conditionDropped([want], [got]), !inside);
        },
      ),
    );
  });

  it("each label is judged against the reading closest to it over the whole message", () => {
    const limit: Observed = {
      ...obs([]),
      stage: "delivery",
      payload: { kind: "word_limit", maxWords: 12 },
    };
    const wantLimit = {
      ...gold([]),
      stage: "delivery" as const,
      payload: { kind: "word_limit" as const, maxWords: 12 },
    };
    // a ban not read and a length rule read: the length rule is the second label's, and the ban is missed
    assert.deepEqual(pairing([gold([]), wantLimit], [limit]), [undefined, 0]);
    assert.deepEqual(pairing([wantLimit, gold([])], [limit]), [0, undefined]);
    // both read, in the other order
    assert.deepEqual(pairing([gold([]), wantLimit], [limit, obs([])]), [1, 0]);
    // a reading left over still pairs with a label that has none closer
    assert.deepEqual(pairing([gold(["time:21-6"])], [obs(["time:22-6"])]), [0]);
  });
});
