/**
 * A ban said word by word, each word stopped for stress, is one clause whether its first word is a
 * verb or a negation ("Never. Go. Into. The. Guest. Room."), and the room's name said over several
 * beats is the room the check holds to. A refusal of a room with no verb ("not the cellar") said
 * with a complaint that it was said before ("how often must I …", "I keep telling you") is a
 * standing instruction said again, so it lasts; alone, or with a word for this time, it does not.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";
import { taught } from "./taught.ts";

const rooms = ["guest room", "cellar", "den", "kitchen"];
const house = { rooms, sceneId: "s1" };

async function added(message: string) {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    const t = await teach(lib, "u", message, { ...house, at: 1 });
    return t.items.filter((i) => i.decision === "add").map((i) => [i.draft?.requirement, i.check?.kind]);
  } finally {
    await lib.close();
  }
}

describe("a ban said word by word", () => {
  it("opening with a negation is one clause, its room checked as said", async () => {
    for (const m of ["Never. Go. Into. The. Guest. Room.", "Do. Not. Enter. The. Guest. Room."])
      assert.deepEqual(await added(m), [[{ kind: "avoid_room", room: "guest room" }, "programmatic"]], m);
  });

  it("two words of no clause stay apart", async () => {
    assert.deepEqual((await taught(house, "Not. Now.")).rules, []);
  });
});

describe("a verbless refusal with a complaint that it was said before", () => {
  it("lasts", async () => {
    for (const [m, room] of [
      ["How often must I repeat it: not the cellar.", "cellar"],
      ["I keep telling you, no den", "den"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence]),
        [[{ kind: "avoid_room", room }, "persistent"]],
        m,
      );
    }
  });

  it("alone, or said for this time, is never kept as lasting", async () => {
    for (const m of ["not the cellar", "how many times, not the den today"]) {
      const { rules } = await taught(house, m);
      assert.ok(!rules.some((r) => r.persistence === "persistent"), `${m}: ${JSON.stringify(rules)}`);
    }
  });
});
