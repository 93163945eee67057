/**
 * Concepts are read with expressions over an explicit Latin letter class when a text's letters
 * and digits are all Latin (they compile in a fraction of the time), and with Unicode property
 * classes otherwise. Both must read every text alike: a non-Latin letter set apart by a space
 * switches a text to the Unicode expressions without changing what it says.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { conceptsIn } from "../../src/language/concepts.ts";

const UNICODE_SWITCH = " ж";

/** Every string of the spent hand-written scenario sets: people's own words, many voices. */
function spentSentences(): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === "string" && v.includes(" ")) out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  for (const set of ["voices", "voices-2", "voices-3", "voices-4", "voices-5"])
    walk(JSON.parse(readFileSync(join("datasets", set, "authored.json"), "utf8")));
  return [...out];
}

test("Latin text reads the same concepts through the Latin and the Unicode expressions", () => {
  const sentences = spentSentences();
  assert.ok(sentences.length > 500, `${sentences.length} sentences`);
  let named = 0;
  for (const s of sentences) {
    const latin = conceptsIn(s);
    if (latin.length) named++;
    assert.deepEqual(conceptsIn(s + UNICODE_SWITCH), latin, s);
  }
  assert.ok(named > sentences.length / 4, `only ${named} sentences name a concept: the comparison says little`);
});

test("a letter glued to an expression hides it, whatever its script; accented Latin words still read", () => {
  assert.deepEqual(conceptsIn("a present from my mom"), ["parent"]);
  assert.deepEqual(conceptsIn("a present from my momé"), [], "accented Latin letter");
  assert.deepEqual(conceptsIn("a present from my mamaмом"), [], "Cyrillic letter after");
  assert.deepEqual(conceptsIn("a present from my мамаmom"), [], "Cyrillic letter before");
  assert.deepEqual(conceptsIn("my fiancée bought it"), conceptsIn("my fiance bought it"));
  assert.ok(conceptsIn("my fiancée bought it").length > 0);
});

test("expressions that name any letter read words in both scripts' paths", () => {
  // "turning thirty-<any word>" and "<word>ieth" are written with a letter class
  for (const s of ["he is turning forty-something next week", "for her seventieth birthday"]) {
    assert.ok(conceptsIn(s).includes("birthday"), s);
    assert.deepEqual(conceptsIn(s + UNICODE_SWITCH), conceptsIn(s), s);
  }
});
