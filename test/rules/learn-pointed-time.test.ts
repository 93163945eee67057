/**
 * A time said only by pointing back ("during those hours", "at that time", "in this time") is the
 * one window the clause says elsewhere, often in its reason: neither a condition in the user's
 * words nor, for "this time", a one-off. With no hours said, or two windows, it points at nothing
 * sure and the learner keeps it narrow or asks. A part of the day said bare before the hours
 * ("evening 7 to 9") is those hours. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["library", "workshop", "laundry"], sceneId: "s1" };
const hoursOf = (r: { conditions: { kind: string; fromHour?: number; toHour?: number }[] }) =>
  r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("a time that points back at hours said", () => {
  it("is the one window said beside it, kept as a lasting rule", async () => {
    for (const [m, w] of [
      ["my son revises 1400 to 1700, so keep out of the library during those hours", "14-17"],
      ["Evening 7 to 9 I fold the washing, so no entering the laundry in this time.", "19-21"],
      ["the glue sets from 2 to 4 pm, please stay out of the workshop at that time", "14-16"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(hoursOf(rules[0]), [w], m);
      assert.equal(rules[0].persistence, "persistent", m);
    }
  });

  it("with no hours said, stays narrow: a condition asked about, or this task only", () => {
    const said = learn("keep out of the library during those hours", [], house).items;
    assert.ok(
      said.every((i) => i.decision !== "add" || i.draft?.conditions.some((c) => c.kind === "text")),
      JSON.stringify(said),
    );
    const once = learn("no going into the workshop in this time, thanks", [], house).items;
    assert.ok(once.length > 0 && once.every((i) => i.decision !== "add"), JSON.stringify(once));
  });

  it("with two windows said, is never read as one of them", () => {
    const out = learn("I work evenings and sleep 0900 to 1500, keep out of the library during those hours", [], house);
    for (const i of out.items)
      if (i.decision === "add")
        assert.ok(
          i.draft?.conditions.some((c) => c.kind === "text"),
          JSON.stringify(i),
        );
  });
});
