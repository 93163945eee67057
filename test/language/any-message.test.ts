/**
 * Every reader of English takes any message a person (or a stuck keyboard) can send without
 * throwing: the learner answers, the extractor and the three groundings return. Messages are drawn
 * from words the readers treat specially (clock forms, numbers out of range, markers of one-offs,
 * words that name JavaScript's own object keys, other scripts, control characters), mixed with
 * random strings; a failure prints the shrunk message.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { tokenize } from "../../src/language/index.ts";
import { extractMemoriesHeuristically } from "../../src/policies/heuristic/extract.ts";
import { groundNone, groundPolar, groundRaw } from "../../src/policies/heuristic/ground.ts";
import { SqliteRuleLibrary, teach } from "../../src/rules/index.ts";
import type { Category } from "../../src/sim/index.ts";

const SPECIAL = [
  ...Object.getOwnPropertyNames(Object.prototype).map((k) => k.toLowerCase()),
  "__proto__",
  "prototype",
  "the",
  "in",
  "kitchen",
  "never",
  "don't",
  "after",
  "before",
  "9",
  "9pm",
  "21:00",
  "0",
  "24",
  "25:99",
  "-3",
  "1e9",
  "99999999999999999999",
  "this",
  "time",
  "only",
  "when",
  "ask",
  "until",
  "midnight",
  "between",
  "and",
  "not",
  "no",
  "'",
  '"',
  "(",
  ")",
  ",",
  ".",
  ":",
  "—",
  "…",
  "?",
  "my",
  "sister",
  "gave",
  "now",
  "anymore",
  "broke",
  "words",
  "json",
  "reply",
  "under",
  "日本",
  "🙂",
  "\u0000",
  "\u202e",
  "\n",
  "a.m.",
  "o'clock",
  "half",
  "quarter",
  "hundred",
  "'s",
  "y",
  "la",
  "na",
  "fi",
];
const message = fc
  .array(
    fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 6 }), fc.string({ maxLength: 3, unit: "grapheme" })),
    {
      maxLength: 25,
    },
  )
  .map((ws) => ws.join(" "));
const rooms = ["kitchen", "bedroom", "living room", "constructor room"];

describe("any message", () => {
  it("is read by every English reader without throwing", async () => {
    await fc.assert(
      fc.asyncProperty(message, message, async (a, b) => {
        tokenize(a);
        const lib = new SqliteRuleLibrary(":memory:");
        try {
          for (const [at, m] of [a, b].entries()) {
            const t = await teach(lib, "u", m, { sceneId: "s", rooms, at: at + 1 });
            assert.equal(typeof t.reply, "string");
          }
        } finally {
          await lib.close();
        }
        const trajectory = {
          success: true,
          steps: 3,
          roomsVisited: [],
          roomsWithoutTarget: [],
          foundInRoom: null,
          text: b,
        };
        const input = {
          userId: "u",
          episodeId: "e",
          instruction: a,
          objectId: "o1",
          category: "cup" as Category,
          trajectory,
        };
        assert.ok(Array.isArray(extractMemoriesHeuristically(input).statements));
        groundNone(a);
        const statements = [{ id: "s1", text: b, timestamp: 1 }];
        const candidate = {
          userId: "u",
          objectId: "o1",
          category: "cup",
          score: 0.5,
          statements,
          instructions: [],
          episodic: [],
        };
        groundPolar(a, [candidate], "s");
        groundRaw(a, [
          { episodeId: "e", timestamp: 1, instruction: b, objectId: "o1", category: "cup", trajectory: a },
        ]);
      }),
      { numRuns: 150, seed: 20261206 },
    );
  });
});
