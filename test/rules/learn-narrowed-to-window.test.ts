/**
 * A room banned all day, then allowed at some hours and kept out of "only" at others, in one
 * message: the ban is narrowed to the hours it keeps; a following sentence that names no room
 * ("keep out only from …") is about the room named before it. Hours allowed that reach into
 * the hours kept are asked. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["porch", "study", "cellar"], sceneId: "s1" };
const hours = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => ({
    room: (r.requirement as { room?: string }).room,
    when: r.conditions.flatMap((c) => (c.kind === "time" ? [`${c.fromHour}-${c.toHour}`] : [])),
    except: r.exceptions.length,
  }));

describe("a ban narrowed to the hours said with only", () => {
  it("keeps the ban only for its window, and no exception beside it", async () => {
    for (const m of [
      "you are welcome in the study by day from now on. please stay out only from 10 pm to 6 am.",
      "you can enter the study in the daytime now. keep away only between ten in the evening and six.",
    ]) {
      const { rules } = await taught(house, "the study is off limits", "never go into the cellar", m);
      assert.deepEqual(
        hours(rules),
        [
          { room: "study", when: ["22-6"], except: 0 },
          { room: "cellar", when: [], except: 0 },
        ],
        m,
      );
    }
  });

  it("carries the room of the sentence before to a ban that names none", async () => {
    const { rules } = await taught(
      house,
      "stay out of the porch",
      "you may use the porch during the day now. Please keep out only from 10 pm till 5 am.",
    );
    assert.deepEqual(hours(rules), [{ room: "porch", when: ["22-5"], except: 0 }]);
  });

  it("asks when the hours allowed reach into the hours kept", async () => {
    const { rules, reply } = await taught(
      house,
      "the study is off limits",
      "you can go into the study in the evening. keep out of it only from 8 pm to 6 am.",
    );
    assert.deepEqual(hours(rules), [{ room: "study", when: [], except: 0 }]);
    assert.match(reply, /\?/);
  });
});
