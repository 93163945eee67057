/**
 * The category a request names is a constraint for grounding whenever memory holds an object of
 * it: retrieval keeps such an object among its candidates even when objects of other categories
 * outrank it on the request's other words. Scene and phrasings written for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { retrieveDetailed } from "../../src/memory/retrieve.ts";
import { DAY, tellingMemory } from "./helpers.ts";

const { open, tell, embedder } = tellingMemory("polar-named-category-");

test("an object of the named category joins the candidates when the top k hold none", async () => {
  const store = open();
  await tell(store, 1, "phone_1", "cellphone", "My childhood friend rings me on this phone every Sunday evening.");
  await tell(store, 2, "watch_1", "watch", "My childhood friend and I bought matching watches on Sunday.");
  await tell(store, 3, "book_1", "book", "The paperback Joan lent me.");
  const ask = (k: number) =>
    retrieveDetailed(store, embedder, "u", "the book from my childhood friend, the Sunday one", {
      k,
      now: 10 * DAY,
    });
  const r = await ask(1);
  assert.ok(
    r.candidates.some((c) => c.objectId === "book_1"),
    r.candidates.map((c) => c.objectId).join(", "),
  );
  assert.equal(r.candidates[0].objectId === "book_1" ? 1 : r.candidates.length, 2, "it joins, it takes no place");
  // a request naming no category keeps the top k as they are
  const plain = await retrieveDetailed(store, embedder, "u", "what my childhood friend gave me on Sunday", {
    k: 1,
    now: 10 * DAY,
  });
  assert.equal(plain.candidates.length, 1);
});
