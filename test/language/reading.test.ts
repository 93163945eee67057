/**
 * The language part's own readings: a clause's mood (only a clause that asks something of the
 * robot can become a rule) and the repair of typos in the words the grammar leans on.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { actOf, directs, mood, repaired, SHAPES, sentences, tokenize } from "../../src/language/index.ts";

describe("mood", () => {
  it("tells a clause that asks something of the robot from one that says how things are", () => {
    const asks = [
      "dont park by the sofa",
      "never open the shed",
      "no rolling over the rug",
      "could u not beep at night",
      "I'd rather you took the long way round",
      "you must not touch the oven",
      "ok so just leave the cat alone",
      "be quieter",
    ];
    const says = ["the sink leaks", "it scratches the floor", "my sister visits on fridays", "we eat at eight"];
    for (const s of asks) assert.ok(directs(mood(s)), `${s}: ${mood(s)}`);
    for (const s of says) assert.equal(mood(s), "statement", s);
    assert.equal(mood("where is the remote"), "question");
  });
});

describe("speech acts", () => {
  it("every shape in the table reads its own example as its act", () => {
    for (const s of SHAPES) assert.equal(actOf(s.example), s.act, s.example);
  });

  it("reads clauses in other words by their shape", () => {
    const cases: [string, string][] = [
      ["perhaps skip the shed, i dunno", "hedge"],
      ["scrap the shed rule", "retract"],
      ["only this once, avoid the shed", "one-off"],
      ["you're allowed in the shed again", "permit"],
      ["quit rolling into the shed", "prohibit"],
      ["please never beep after dark", "prohibit"],
      ["I would prefer quieter replies", "prefer"],
      ["always name the room", "require"],
      ["the shed has sharp tools in it", "reason"],
      ["cheers, that was great", "not-a-correction"],
    ];
    for (const [clause, act] of cases) assert.equal(actOf(clause), act, clause);
  });
});

describe("typos in the grammar's words", () => {
  it("repairs swapped or dropped letters in a closed vocabulary, and nothing else", () => {
    assert.equal(repaired("tiem"), "time");
    assert.equal(repaired("thsi"), "this");
    assert.equal(repaired("serch"), "search");
    assert.equal(repaired("evenign"), "evening");
    // another word, or too short to tell: left as typed
    for (const w of ["thus", "tie", "form", "trips", "tim"]) assert.equal(repaired(w), undefined, w);
  });

  it("the tokenizer reads the repaired word and keeps the user's characters", () => {
    const msg = "just thsi tiem";
    const t = tokenize(msg);
    assert.deepEqual(
      t.map((x) => x.w),
      ["just", "this", "time"],
    );
    assert.equal(msg.slice(t[2].start, t[2].end), "tiem");
  });

  it('reads "\'s grand" as "is grand" only with a word of change after it', () => {
    const words = (m: string) => tokenize(m).map((x) => x.w);
    assert.deepEqual(words("the den's grand again"), ["the", "den", "is", "grand", "again"]);
    assert.deepEqual(words("the den's grand piano"), ["the", "den", "'s", "grand", "piano"]);
  });
});

describe("sentences", () => {
  it("splits on the library's boundaries, drops end marks, and reads an empty text as none", () => {
    assert.deepEqual(sentences("Dr. Lee left at 5 p.m. today. Find his mug!"), [
      "Dr. Lee left at 5 p.m. today",
      "Find his mug",
    ]);
    assert.deepEqual(sentences("   "), []);
  });
});
