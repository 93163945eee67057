/**
 * A room set off as the topic, then the permitting predicate alone, its copula and subject left
 * out ("the garage: fine once I have asked you"): the permission is the topic room's, and the
 * ban in force gives way only when it says. A negated predicate, or one that says no when,
 * permits nothing. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-topic", rooms: ["garage", "pantry", "cellar", "den"] };
const shape = (r: Awaited<ReturnType<typeof taught>>["rules"][number]) => ({
  room: "room" in r.requirement ? r.requirement.room : undefined,
  except: r.exceptions.map((x) => (x.kind === "time" ? `${x.fromHour}-${x.toHour}` : x.kind)),
});

describe("a topic room with a bare permitting predicate", () => {
  it("lets the ban on that room give way when the permission says", async () => {
    for (const [before, said, room, except] of [
      ["Keep out of the garage.", "garage, allowed when I tell you to", "garage", "instruction_mentions"],
      ["Stay out of the pantry.", "the pantry, ok between 7 and 9 in the morning", "pantry", "7-9"],
    ]) {
      const { rules } = await taught(house, before, said);
      assert.deepEqual(rules.map(shape), [{ room, except: [except] }], said);
    }
  });

  it("permits nothing when negated or said without when", async () => {
    for (const said of ["the cellar, not ok when I call you", "the cellar, ok"]) {
      const { rules } = await taught(house, "Never go into the cellar.", said);
      assert.deepEqual(rules.map(shape), [{ room: "cellar", except: [] }], said);
    }
  });
});
