/**
 * An hour written with "h" ("15h", "9h30", as French, German and Portuguese speakers write it) is
 * that hour on the clock: a ban "from 15h to 18h" holds from three to six in the afternoon, never
 * an open window read from a bare "15" to the morning. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "cellar", "den", "atelier"], sceneId: "s1" };
const windows = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    (r.requirement as { room?: string }).room,
    r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("an hour written with h", () => {
  it("bounds a ban's window at that hour", async () => {
    for (const [m, w] of [
      ["please do not go in the atelier from 14h to 17h, the paint is fresh", "14-17"],
      ["between 9h and 12h no entering the study, I teach then", "9-12"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(windows(rules), [[m.includes("atelier") ? "atelier" : "study", [w]]], m);
    }
  });

  it("is never read wider than said", async () => {
    const { rules } = await taught(house, "dont enter the den from 15h to 18h");
    for (const r of rules)
      for (const c of r.conditions)
        if (c.kind === "time") assert.deepEqual([c.fromHour, c.toHour], [15, 18], JSON.stringify(r.conditions));
  });

  it("reads an hour written with a dot as that time, a price as a price", async () => {
    const { rules } = await taught(house, "no going in the cellar from 20.00 until 22.00 pls, my brother sleeps early");
    assert.deepEqual(windows(rules), [["cellar", ["20-22"]]]);
    const evening = await taught(house, "keep out of the den between 18.30 and 21.00, that's when we eat");
    for (const r of evening.rules)
      for (const c of r.conditions)
        if (c.kind === "time") assert.ok(c.fromHour >= 18 && c.toHour <= 21, JSON.stringify(r.conditions));
  });
});
