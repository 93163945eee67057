/**
 * The hour-window algebra against a brute-force reading of [from, to) over the 24 hours, as
 * fast-check properties: random windows, windows that wrap past midnight, windows that end at 24
 * and windows with equal ends (the whole day) are all drawn, and a failure shrinks to the
 * smallest windows that break a law. The reference walks the clock from `from` to `to` and never
 * calls the code under test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  covers,
  type HourWindow,
  hoursOf,
  inForce,
  inWindow,
  minus,
  overlap,
  windowLength,
  windowsOf,
} from "../../src/language/index.ts";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The hours of [from, to) by walking the clock: equal ends go all the way round. */
function reference(w: HourWindow): Set<number> {
  const end = w.toHour % 24;
  const out = new Set([w.fromHour]);
  for (let h = (w.fromHour + 1) % 24; h !== end && h !== w.fromHour; h = (h + 1) % 24) out.add(h);
  return out;
}

const hoursIn = (ws: readonly HourWindow[]) => new Set(ws.flatMap((w) => [...reference(w)]));
const sorted = (s: Iterable<number>) => [...s].sort((a, b) => a - b);

const hour = fc.integer({ min: 0, max: 23 });
/** Any window the types allow, and the kinds a uniform draw would seldom hit, each often. */
const window: fc.Arbitrary<HourWindow> = fc.oneof(
  fc.record({ fromHour: hour, toHour: fc.integer({ min: 0, max: 24 }) }),
  // equal ends: [9, 9), [0, 0) and [0, 24) are the whole day
  hour.chain((f) => fc.constantFrom({ fromHour: f, toHour: f }, { fromHour: f, toHour: f === 0 ? 24 : f })),
  // past midnight: from after to
  fc
    .tuple(fc.integer({ min: 1, max: 23 }), hour)
    .filter(([f, t]) => t < f)
    .map(([f, t]) => ({ fromHour: f, toHour: t })),
  // to midnight at the end of the day
  hour.map((f) => ({ fromHour: f, toHour: 24 })),
);
const hourSets = fc.uniqueArray(hour, { maxLength: 24 });

/** Runs of consecutive hours on the circular clock (the fewest windows that can hold a set). */
function runs(on: Set<number>): number {
  if (on.size === 24) return 1;
  return HOURS.filter((h) => on.has(h) && !on.has((h + 23) % 24)).length;
}

/** No two windows of a result touch or share an hour: each run of hours is one window. */
function apart(ws: readonly HourWindow[]): boolean {
  const seen = ws.flatMap((w) => [...reference(w)]);
  return (
    new Set(seen).size === seen.length && ws.every((a) => ws.every((b) => a === b || a.toHour % 24 !== b.fromHour))
  );
}

describe("hour windows, as properties", () => {
  it("inWindow and hoursOf hold exactly the hours from `from` up to `to`, wrapping, equal ends the whole day", () => {
    fc.assert(
      fc.property(window, (w) => {
        const want = reference(w);
        for (const h of HOURS) assert.equal(inWindow(h, w.fromHour, w.toHour), want.has(h), `hour ${h}`);
        const got = hoursOf(w.fromHour, w.toHour);
        assert.deepEqual(sorted(got), sorted(want));
        assert.equal(got.length, want.size, "no hour twice");
        assert.equal(windowLength(w.fromHour, w.toHour), want.size);
        // in clock order from the start
        got.forEach((h, i) => {
          assert.equal(h, (w.fromHour + i) % 24);
        });
        if (w.fromHour === w.toHour % 24) assert.equal(want.size, 24);
      }),
    );
  });

  it("windowsOf holds exactly the hours given, in the fewest windows, and a window round-trips", () => {
    fc.assert(
      fc.property(hourSets, (hs) => {
        const ws = windowsOf(hs);
        assert.deepEqual(sorted(hoursIn(ws)), sorted(hs));
        assert.equal(ws.length, runs(new Set(hs)));
        assert.ok(apart(ws), JSON.stringify(ws));
      }),
    );
    fc.assert(
      fc.property(window, (w) => {
        const back = windowsOf(hoursOf(w.fromHour, w.toHour));
        assert.equal(back.length, 1);
        assert.deepEqual(sorted(reference(back[0])), sorted(reference(w)));
      }),
    );
  });

  it("minus holds exactly the hours of a not in b, overlap exactly the common ones", () => {
    fc.assert(
      fc.property(window, window, (a, b) => {
        const inA = reference(a);
        const inB = reference(b);
        const less = minus(a, b);
        const both = overlap(a, b);
        assert.deepEqual(sorted(hoursIn(less)), sorted([...inA].filter((h) => !inB.has(h))));
        assert.deepEqual(sorted(hoursIn(both)), sorted([...inA].filter((h) => inB.has(h))));
        assert.ok(apart(less) && apart(both));
        // overlap does not care which comes first; a less b and their overlap are a, split
        assert.deepEqual(sorted(hoursIn(both)), sorted(hoursIn(overlap(b, a))));
        assert.equal(hoursIn(less).size + hoursIn(both).size, inA.size);
      }),
    );
  });

  it("covers(a, b) exactly when every hour of b is in a", () => {
    fc.assert(
      fc.property(window, window, (a, b) => {
        const inA = reference(a);
        assert.equal(
          covers(a, b),
          [...reference(b)].every((h) => inA.has(h)),
        );
        assert.equal(covers(a, b), minus(b, a).length === 0);
      }),
    );
  });

  it("inForce is the hours in every condition and in no exception", () => {
    const some = fc.array(window, { maxLength: 3 });
    fc.assert(
      fc.property(some, some, (conditions, exceptions) => {
        const lifted = hoursIn(exceptions);
        const want = HOURS.filter((h) => conditions.every((c) => reference(c).has(h)) && !lifted.has(h));
        assert.deepEqual(inForce(conditions, exceptions), want);
      }),
    );
  });

  it("an exception lifts a ban at its own hours and nowhere else", () => {
    fc.assert(
      fc.property(window, fc.array(window, { maxLength: 2 }), window, (ban, kept, exc) => {
        const before = new Set(inForce([ban], kept));
        const after = new Set(inForce([ban], [...kept, exc]));
        const named = reference(exc);
        for (const h of HOURS) {
          // never bans an hour the rule did not ban
          if (after.has(h)) assert.ok(before.has(h), `hour ${h} newly banned`);
          // never permits an hour it does not name
          if (before.has(h) && !named.has(h)) assert.ok(after.has(h), `hour ${h} lifted, not named`);
        }
        // the ban left in force is the ban less each exception in turn (how the learner writes it)
        let left: HourWindow[] = [ban];
        for (const x of [...kept, exc]) left = left.flatMap((w) => minus(w, x));
        assert.deepEqual(sorted(hoursIn(left)), sorted(after));
      }),
    );
  });

  it("a revision of one condition's window changes the rule's hours only through that window", () => {
    fc.assert(
      fc.property(window, window, window, fc.array(window, { maxLength: 2 }), (old, now, other, exceptions) => {
        const was = new Set(inForce([old, other], exceptions));
        const is = new Set(inForce([now, other], exceptions));
        const lifted = hoursIn(exceptions);
        const inOther = reference(other);
        for (const h of HOURS) {
          // hours the revision does not reach (outside the other condition, or excepted) stay as they were
          if (!inOther.has(h) || lifted.has(h)) assert.equal(is.has(h), was.has(h), `hour ${h}`);
          // elsewhere the rule holds exactly at the new window's hours
          else assert.equal(is.has(h), reference(now).has(h), `hour ${h}`);
        }
      }),
    );
  });
});
