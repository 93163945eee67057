/**
 * The names a request uses, read strictly for grounding by facts: capitalised names in a text
 * typed with capitals, and unknown lower-case words only where the whole text is typed in lower
 * case (its sentences' first letters and "I" aside). Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { capitalisedNamesIn } from "../../src/language/index.ts";

test("a capitalised giver is a name", () => {
  assert.deepEqual([...capitalisedNamesIn("Fetch the scarf Okonkwo knitted me, the winter one.")], ["okonkwo"]);
});

test("in a text typed in lower case, an unknown word is taken for a name", () => {
  assert.ok(capitalisedNamesIn("Grab the lamp priyanka gave me. I need it.").has("priyanka"));
  assert.ok(capitalisedNamesIn("grab the lamp priyanka gave me").has("priyanka"));
});

test("beside capitalised names, an unknown lower-case word is not one", () => {
  const names = capitalisedNamesIn("Which mug did Tomasz give me, vale? Bring it.");
  assert.ok(names.has("tomasz"));
  assert.ok(!names.has("vale"));
});

test("a name of God said in an oath or a blessing names no one", () => {
  const names = capitalisedNamesIn("Find the brooch Auntie Ifeoma gave me, Lord have mercy, I need it.");
  assert.ok(names.has("ifeoma"));
  assert.ok(!names.has("lord"));
  assert.ok(!capitalisedNamesIn("Bring my Bible case, God willing I'll make the service.").has("god"));
});

test("in a text partly in another language, its unknown words are not names", () => {
  // Swahili mixed into English, typed in lower case: the borrowed words are no one's names
  assert.deepEqual([...capitalisedNamesIn("nipe the torch ninayotumia sasa hivi kwa kazi ya usiku")], []);
  // one unknown word among English ones is still taken for a name
  assert.ok(capitalisedNamesIn("fetch the blanket wanjiru sewed for the baby").has("wanjiru"));
});

test("a pidgin or other-language small word is never a name, typed with capitals or not", () => {
  const names = capitalisedNamesIn("Oya find the cap wey Chidi dey wear. Abeg quick.");
  assert.deepEqual([...names], ["chidi"]);
  assert.deepEqual([...capitalisedNamesIn("find the torch wey chidi uses at night")], ["chidi"]);
  assert.ok(!capitalisedNamesIn("Find the shawl ni lola po, sige.").has("po"));
});
