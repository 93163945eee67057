/**
 * Doubt said before a "but" with the speaker excusing the asking or themselves ("not sure if it's
 * too much to ask, but …", "I don't know, maybe it's just me, but …") concedes the asking: the
 * firm request after it is kept. Doubt with no such excuse ("I'm not sure, but maybe …") doubts the
 * request, which is asked back. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { afterConcession } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "garage", "study", "cellar"], sceneId: "s1" };
const windows = (rules: { conditions: { kind: string; fromHour?: number; toHour?: number }[] }[]) =>
  rules.map((r) => r.conditions.map((c) => `${c.fromHour}-${c.toHour}`).join());

describe("doubt conceded before the request", () => {
  it("is cut off only when the speaker excuses the asking or themselves", () => {
    assert.equal(
      afterConcession("dunno, it is probably nothing, but perhaps avoid the cellar at night"),
      "perhaps avoid the cellar at night",
    );
    for (const said of ["i am not sure, but maybe stay out of the garage", "keep out of the garage but not at night"])
      assert.equal(afterConcession(said), said);
  });

  it("leaves a firm request with hours, which is kept", async () => {
    for (const [said, hours] of [
      ["Maybe it's just me being fussy, but could you keep out of the study after 10 pm, perhaps?", "22-6"],
      ["I'm not sure if it's a lot to ask, but maybe skip the kitchen from 2 to 4 in the afternoon?", "14-16"],
    ]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(windows(rules), [hours], `${said}: ${reply}`);
    }
  });

  it("doubt with no excuse is the request's own, asked back", async () => {
    for (const said of [
      "I'm not sure, but maybe stay out of the garage after 9 pm?",
      "I don't know, but maybe avoid the cellar at night",
    ]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(rules, [], `${said}: ${reply}`);
    }
  });
});
