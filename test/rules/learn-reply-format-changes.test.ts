/**
 * Reply-format rules said tersely or changed: a list of fields labelled as such ("keys = [...]",
 * numbered "1) …, 2) …") is the JSON rule's; going back to plain words ends a JSON rule in force;
 * a limit changed "from N to M" or "N -> M" keeps the new value only. Sentences written for this
 * test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall", "den"], sceneId: "s1" };
const fieldsOf = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : r.requirement.kind));

describe("fields labelled or numbered", () => {
  it("are the JSON rule's fields", async () => {
    for (const m of [
      "answers in json from now on; keys = [item, place]",
      "Always reply as JSON, with precisely these keys: 1) item, 2) place",
      "replies => json. keys: item / place",
    ])
      assert.deepEqual(fieldsOf((await taught(house, m)).rules), [["item", "place"]], m);
  });

  it("keep a name written with an underscore whole", async () => {
    const { rules } = await taught(house, "From now on, json please. fields: item / seen_at");
    assert.deepEqual(fieldsOf(rules), [["item", "seen_at"]]);
  });
});

describe("plain words asked for again", () => {
  it("drop the JSON rule in force", async () => {
    for (const m of [
      "json is over, plain sentences again please",
      "stop the json thing, I want normal words",
      "ok forget the jason stuff and talk to me normally",
    ]) {
      const { rules } = await taught(house, "answer in json with the item and the place", m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("not when the plain words are what is not wanted", async () => {
    const { rules } = await taught(
      house,
      "answer in json with the item and the place",
      "json again please, not plain text",
    );
    assert.deepEqual(fieldsOf(rules), [["item", "place"]]);
  });

  it("a person called Jason is no format", async () => {
    const { rules } = await taught(house, "always tell me if jason's bike is in the hall");
    assert.ok(!rules.some((r) => r.requirement.kind === "json_fields"), JSON.stringify(rules));
  });
});

describe("a limit changed from one value to another", () => {
  it("keeps the new value", async () => {
    for (const [m, want] of [
      ["please move the word limit from 45 words to 20 words", 20],
      ["word limit 45 -> 18", 18],
      ["LENGTH LIMIT. 45 TOO MANY. NOW 11.", 11],
      ["Forty-five words is too generous; fifteen will do.", 15],
    ] as const) {
      const { rules } = await taught(house, "keep your replies to 45 words or fewer", m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "word_limit", target: "reply", maxWords: want }],
        m,
      );
    }
  });
});
