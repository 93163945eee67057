/**
 * Caribbean creole words read in their context: "fi" before its object is "for" ("call yuh fi
 * it"), before a verb after a subject "must"; "mi" opening a clause after its subordinator is its
 * subject ("when mi ask"); "a" between a demonstrative and a wh-word is the copula ("dat a when");
 * "go a yard" is going home, no yard of the house; "out a" before a determiner is "out of"; the
 * Pidgin "am" after a verb of going is its object "it", and "e" opening a clause its subject. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const words = (m: string) =>
  tokenize(m)
    .map((t) => t.w)
    .join(" ");
const house = { rooms: ["pantry", "yard", "veranda"], sceneId: "s1" };

describe("creole words in context", () => {
  it("reads fi, mi and go a yard by what stands around them", () => {
    assert.match(words("when mi send yuh fi it"), /^when i send you for it$/);
    assert.match(words("yuh fi stay off di veranda"), /\bmust stay\b/);
    assert.match(words("mi soon go a yard"), /\bgo home\b/);
    assert.match(words("tell mi when yuh done"), /\btell me\b/);
    assert.match(words("dis a when mi rest"), /^this is when i rest$/);
    assert.match(words("so that a robot can pass"), /\bthat a robot\b/);
    assert.match(words("yuh fi keep out a dat one"), /\bkeep out of that one$/);
    assert.match(words("get out a di pantry"), /\bout of the pantry$/);
    assert.match(words("carry out a plan"), /\bout a plan$/);
    assert.match(words("make you no enter am"), /\benter it$/);
    assert.match(words("leave by nine am"), /\bnine am$/);
    assert.match(words("the pantry, e dey hot"), /, it hot$/);
    assert.match(words("plan e then plan f"), /\bplan e then\b/);
  });

  it("reads the Pidgin object 'am', the subject 'e' and the creole 'out a' so a ban and its reason are heard", async () => {
    const cases = [
      "Abeg, di veranda, make you no go enter am ever, e dey slippery when rain fall.",
      "An di veranda, yuh fi keep out a dat place fi good.",
    ];
    for (const m of cases) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [(r.requirement as { room?: string }).room, r.persistence, r.conditions.length]),
        [["veranda", "persistent", 0]],
        m,
      );
    }
  });

  it("reads a window left out of a permission, past a term of address and a reason said with the copula a", async () => {
    const m =
      "Yuh can use di veranda whenever yuh like, mi dear, but nuh between six an eight inna di evening, dat a when mi rest.";
    const { rules } = await taught(house, m);
    assert.deepEqual(
      rules.map((r) => [
        (r.requirement as { room?: string }).room,
        r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
      ]),
      [["veranda", ["18-20"]]],
    );
  });

  it("keeps a ban that gives way only when the speaker sends for the robot", async () => {
    const m = "Di pantry, yuh can go in deh, nuh problem, but only if mi send yuh fi it. Mi soon go a yard.";
    const { rules } = await taught(house, m);
    assert.deepEqual(
      rules.map((r) => [(r.requirement as { room?: string }).room, r.exceptions.map((e) => e.kind)]),
      [["pantry", ["instruction_mentions"]]],
    );
  });
});
