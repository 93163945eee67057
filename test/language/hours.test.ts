/**
 * Hour windows as properties over random windows (a small seeded generator, so a failure names
 * its seed and replays): one membership test, equal ends the whole day, wrapping past midnight,
 * and the algebra a ban with exceptions and a revision rest on.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  covers,
  type HourWindow,
  hoursOf,
  inForce,
  inWindow,
  minus,
  overlap,
  windowsOf,
} from "../../src/language/index.ts";
import { mulberry32 } from "../../src/util/index.ts";
import { randomWindow } from "./windows.ts";

const RUNS = 500;
const hours = Array.from({ length: 24 }, (_, h) => h);
const setOf = (ws: HourWindow[]) => new Set(ws.flatMap((w) => hoursOf(w.fromHour, w.toHour)));

describe("hour windows", () => {
  it("[from, to) wraps past midnight when from is after to, and equal ends are the whole day", () => {
    const next = mulberry32(1);
    for (let k = 0; k < RUNS; k++) {
      const { fromHour: f, toHour: t } = randomWindow(next);
      for (const h of hours) {
        const want = f === t % 24 ? true : f < t % 24 ? h >= f && h < t % 24 : h >= f || h < t % 24;
        assert.equal(inWindow(h, f, t), want, `[${f}, ${t}) at ${h}`);
      }
      if (f === t % 24) assert.equal(hoursOf(f, t).length, 24, `[${f}, ${t}) is the whole day`);
    }
    assert.deepEqual(hoursOf(21, 6), [21, 22, 23, 0, 1, 2, 3, 4, 5]);
    assert.deepEqual(hoursOf(18, 24), [18, 19, 20, 21, 22, 23]);
  });

  it("the fewest windows that hold a set of hours hold exactly them", () => {
    const next = mulberry32(2);
    for (let k = 0; k < RUNS; k++) {
      const picked = hours.filter(() => next() < 0.4);
      const ws = windowsOf(picked);
      assert.deepEqual(
        [...setOf(ws)].sort((a, b) => a - b),
        picked,
        JSON.stringify(ws),
      );
      // a run over midnight is one window, so no two windows touch
      for (const a of ws)
        for (const b of ws) if (a !== b) assert.notEqual(a.toHour % 24, b.fromHour, JSON.stringify(ws));
    }
    const w = randomWindow(mulberry32(3));
    assert.equal(windowsOf(hoursOf(w.fromHour, w.toHour)).length, 1, "one window round-trips to one");
  });

  it("a ban less its exception is exactly the banned hours the exception leaves", () => {
    const next = mulberry32(4);
    for (let k = 0; k < RUNS; k++) {
      const ban = randomWindow(next);
      const exc = randomWindow(next);
      const left = setOf(minus(ban, exc));
      const both = setOf(overlap(ban, exc));
      for (const h of hours) {
        const b = inWindow(h, ban.fromHour, ban.toHour);
        const x = inWindow(h, exc.fromHour, exc.toHour);
        assert.equal(left.has(h), b && !x, `${JSON.stringify({ ban, exc, h })}`);
        assert.equal(both.has(h), b && x);
      }
      assert.deepEqual(
        inForce([ban], [exc]),
        [...left].sort((a, b) => a - b),
      );
      const inBan = new Set(hoursOf(ban.fromHour, ban.toHour));
      assert.equal(
        covers(ban, exc),
        hoursOf(exc.fromHour, exc.toHour).every((h) => inBan.has(h)),
      );
    }
  });
});
