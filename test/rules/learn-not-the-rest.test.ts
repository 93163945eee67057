/**
 * A permission said with when it holds, then the ban said again of the rest ("…, but not
 * otherwise", "and never at other times"): the rest restates the ban, so the rule in force gives
 * way only then. Beside a plain ban the same words say nothing it has, and are asked. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-rest", rooms: ["garage", "pantry", "cellar", "den"] };
const shape = (r: Awaited<ReturnType<typeof taught>>["rules"][number]) => ({
  room: "room" in r.requirement ? r.requirement.room : undefined,
  except: r.exceptions.map((x) => (x.kind === "time" ? `${x.fromHour}-${x.toHour}` : x.kind)),
  when: r.conditions.map((x) => x.kind),
});

describe("a permission with the rest of the time refused", () => {
  it("keeps the ban in force, giving way only when the permission holds", async () => {
    for (const [before, said, room, except] of [
      [
        "Keep out of the garage.",
        "you are allowed in the garage when I say so, but not otherwise",
        "garage",
        "instruction_mentions",
      ],
      [
        "Keep out of the cellar.",
        "the cellar is fine if I call you down, but not otherwise",
        "cellar",
        "instruction_mentions",
      ],
    ]) {
      const { rules } = await taught(house, before, said);
      assert.deepEqual(rules.map(shape), [{ room, except: [except], when: [] }], said);
    }
  });

  it("asks when no permission said when it holds", async () => {
    const { rules, reply } = await taught(house, "never go in the cellar, but not otherwise");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });
});
