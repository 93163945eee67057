/**
 * Words said with a sound dropped: a final "g" left off ("workin", "evenin'") and a front cut
 * off behind an apostrophe ("'cause", "go 'head"). The learner reads the whole word, so a window
 * said in the evening is kept as one and an apostrophe opens no quotation that would turn the
 * rest of the message into quoted text. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const words = (m: string) => tokenize(m).map((t) => t.w);
const rooms = ["study", "kitchen", "workshop", "spare room"];
const ctx = { rooms, sceneId: "s1", at: 1 };

describe("clipped words", () => {
  it("a dropped g, with or without its apostrophe, is the -ing word; words ending in -in stay", () => {
    assert.deepEqual(words("I'm workin in the study of an evenin"), [
      "i",
      "am",
      "working",
      "in",
      "the",
      "study",
      "of",
      // "of an evening" is read as the Northern "of a evening" (every evening: regional-words.ts)
      "a",
      "evening",
    ]);
    assert.deepEqual(words("stop lookin' in the cabin"), ["stop", "looking", "in", "the", "cabin"]);
    assert.deepEqual(words("the robin and the margin"), ["the", "robin", "and", "the", "margin"]);
  });

  it("a dropped g on a verb whose -ing form the lexicon lacks is still the -ing word", () => {
    // ("quit" before a gerund is "stop": src/language/quit-gerund.ts)
    assert.deepEqual(words("quit loiterin' by the kitchen"), ["stop", "loitering", "by", "the", "kitchen"]);
    // a word in -in whose stem is no verb stays as typed
    assert.deepEqual(words("the lampin by the bassin"), ["the", "lampin", "by", "the", "bassin"]);
    const out = learn("you're not to be loiterin about in the workshop, mind", [], ctx);
    const draft = out.items.find((i) => i.decision === "add")?.draft;
    assert.equal(draft?.requirement.kind, "no_stop_in_room");
  });

  it("a front cut behind an apostrophe is the whole word, and opens no quotation", () => {
    assert.deepEqual(words("'cause it's late"), ["because", "it", "is", "late"]);
    assert.deepEqual(words("wait 'til ten"), ["wait", "until", "ten"]);
    assert.ok(!tokenize("go 'head, the workshop's fine").some((t) => t.quoted));
    // a real quotation still is one
    assert.ok(tokenize("never call me 'boss' again").some((t) => t.w === "boss" && t.quoted));
  });

  it("a ban said with dropped g's keeps its hours", () => {
    const out = learn("no comin in the workshop from 6 till 8 in the evenin, I'm weldin then", [], ctx);
    const draft = out.items.find((i) => i.decision === "add")?.draft;
    assert.equal(draft?.requirement.kind, "avoid_room");
    assert.deepEqual(
      draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[18, 20]],
    );
  });

  it("a go-ahead with nothing banned stores no rule", () => {
    const out = learn("go 'head and tidy the spare room", [], ctx);
    assert.ok(!out.items.some((i) => i.decision === "add"), JSON.stringify(out.items));
  });
});
