/**
 * A clause said word by word, each word stopped with a period for stress ("keep. away."), is one
 * clause; the room it is about may be said just before it with a word of complaint ("the loft
 * again."). Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize, withoutBeats } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "boiler room", "hall"], sceneId: "s1" };

describe("a clause said word by word", () => {
  it("keeps only the last period of a run that starts with a verb", () => {
    const said = (m: string) =>
      withoutBeats(tokenize(m))
        .map((t) => t.w)
        .join(" ");
    assert.equal(said("keep. away. from the loft"), "keep away from the loft");
    assert.equal(said("Loft. Never."), "loft . never .");
  });

  it("bans the room said just before it", async () => {
    for (const m of ["omg the loft again!! keep. away.", "The boiler room. AGAIN. Stay. Away."]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room: m.includes("loft") ? "loft" : "boiler room" }],
        m,
      );
      assert.equal(rules[0].persistence, "persistent", m);
    }
  });
});
