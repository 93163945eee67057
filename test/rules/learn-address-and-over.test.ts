/**
 * Two word classes a newcomer extends in one place: the verbs of addressing the user ("stop
 * addressing me as …" is a word never to say), and a rule said to be over or finished, ending its
 * clause, is taken back. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "utility"], sceneId: "s1" };

describe("addressing the user", () => {
  it("a form of address the user refuses is a word never to say", async () => {
    for (const [m, word] of [
      ["Kindly stop addressing me as 'ma'am', Joan is perfectly fine.", "ma'am"],
      ["quit referring to me as boss", "boss"],
      ["Please don't speak to me as 'young man', I'm sixty.", "young man"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => (r.requirement.kind === "avoid_text" ? r.requirement.text : r.requirement.kind)),
        [word],
        m,
      );
    }
  });
});

describe("a rule said to be over", () => {
  it("is taken back when the words before it name the rule", async () => {
    const json = await taught(
      house,
      "reply in JSON with the fields object and room",
      "the json is over now, talk normally",
    );
    assert.equal(json.rules.filter((r) => r.requirement.kind === "json_fields").length, 0, json.reply);
    const ban = await taught(house, "keep out of the loft", "the loft business is finished.");
    assert.equal(ban.rules.length, 0, ban.reply);
  });

  it("takes back nothing when what is over is not a rule", async () => {
    const { rules } = await taught(house, "keep out of the utility", "the washing is finished, thanks");
    assert.equal(rules.length, 1);
  });
});
