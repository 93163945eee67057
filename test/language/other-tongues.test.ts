/**
 * French and Spanish words said inside English are read as the English they stand for, by word
 * class; English words that look like them stay as typed. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const words = (s: string) => tokenize(s).map((t) => t.w);
const house = { rooms: ["kitchen", "lounge", "laundry", "bathroom", "hair salon", "study"], sceneId: "s1" };

describe("words of French and Spanish inside English", () => {
  it("are read by class: joining, negation, fillers, articles, clock numbers", () => {
    assert.deepEqual(words("la cocina pis the study"), ["the", "cocina", "and", "the", "study"]);
    assert.deepEqual(words("jamais, tsé"), ["never", ","]);
    assert.deepEqual(words("entre trois heures"), ["between", "three", "oclock"]);
    assert.deepEqual(words("vous y allez pas"), ["you", "do", "not", "go", "in", "there"]);
  });

  it("leave English words and particles that look like them as typed", () => {
    assert.deepEqual(words("go once"), ["go", "once"]);
    assert.deepEqual(words("why y not"), ["why", "y", "not"]);
    assert.deepEqual(words("ok la, fine"), ["ok", "la", ",", "fine"]);
  });

  it("make a ban said partly in them a ban on the room they name, with its hours", async () => {
    const cases: [string, string, number | undefined][] = [
      ["Por favor no entres a la cocina after 10 pm, mi amor.", "kitchen", 22],
      ["The study, là, tu y vas pas, tsé, it is a mess.", "study", undefined],
      ["Keep out of le salon entre deux heures et trois heures, merci.", "lounge", 14],
      ["la buanderie is off limits the evening, mais the bathroom is fine", "laundry", undefined],
    ];
    for (const [m, room, from] of cases) {
      const { rules, reply } = await taught(house, m);
      const ban = rules.find((r) => "room" in r.requirement && r.requirement.room === room);
      assert.ok(ban, `${m}: ${JSON.stringify(rules)} ${reply}`);
      const t = ban.conditions.find((c) => c.kind === "time");
      if (from !== undefined) assert.equal(t?.kind === "time" ? t.fromHour : undefined, from, m);
    }
  });

  it("never read a salon alone as the living room", async () => {
    const { rules } = await taught(house, "Stay out of the salon, the dryers are hot.");
    assert.deepEqual(
      rules.map((r) => ("room" in r.requirement ? r.requirement.room : "")),
      ["hair salon"],
    );
  });
});
