/**
 * A role that passes to another object: when this episode's words take a fact off another of the
 * user's objects of its kind and give it to this one ("the grey one's strap snapped, so the red
 * backpack is my gym bag now"), what the old object was for is this object's now, in the words
 * the user first said it in. The new message often names the role more briefly than the old one
 * did ("my gym bag" for "the one I take to the pool on Saturdays"), and a later request worded
 * like the first description found only the old object, whose superseded fact still ranks at
 * half, above the new object's shorter one. The old fact is
 * carried to this object without its looks words (they told the old instance apart), in its own
 * words otherwise (the two objects share a category, so its name fits both; named as "it", a
 * carried fact sat closer to every "the one I …" request than the object's own facts); a carried
 * fact this episode already says is not written twice.
 */
import { randomUUID } from "node:crypto";
import { glossed, withoutLooks } from "../language/index.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { dot } from "./embedders/embedder.ts";
import { readStatement, type StatementKind } from "./statement-kind.ts";
import type { EpisodeWrite, MemoryStore } from "./store.ts";

/**
 * What an object is for, when and how the user likes it: what passes with a role. Who gave it,
 * whose it is, the occasion it came from and where it is kept stay the old object's ("not the
 * metal one" moved a giver's fact when it only told two watches apart).
 */
const ROLES: ReadonlySet<StatementKind> = new Set(["routine", "season", "preference"]);

export interface CarriedRole {
  id: string;
  text: string;
  embedding: Float32Array;
  /** the statement it was carried from; `id` is the same when its words carry over unchanged */
  from: string;
}

/**
 * The facts `invalidate` takes off the user's other objects of `object`'s category, as new
 * statements for it; `said` are the vectors of what this episode states (a carried fact that close to one is skipped).
 */
export async function carriedRoles(
  store: MemoryStore,
  embedder: Embedder,
  userId: string,
  object: { id: string; category: string | null },
  invalidate: NonNullable<EpisodeWrite["invalidate"]>,
  said: readonly Float32Array[],
  dedupThreshold: number,
): Promise<CarriedRole[]> {
  const others = invalidate.filter((i) => i.objectId !== null && i.objectId !== object.id);
  if (others.length === 0 || object.category === null) return [];
  const from = [...new Set(others.map((i) => i.objectId as string))];
  // only another instance of the same kind passes its role on: a fact moved across categories is
  // a value the two objects shared, and what else the old one was for is not the new one's
  const texts = new Map<string, string>();
  const alike = new Set<string>();
  for (const m of await store.objectMemories(userId, from)) {
    if (m.object.category !== object.category) continue;
    alike.add(m.object.objectId);
    for (const s of m.statements) texts.set(s.id, s.text);
  }
  const moved = others.filter((i) => alike.has(i.objectId as string));
  const roles = [...new Set(moved.map((i) => i.id))].flatMap((id) => {
    const said = texts.get(id) ?? "";
    const text = withoutLooks(said);
    const kind = readStatement(said, object.category).kind;
    return text && kind !== null && ROLES.has(kind) ? [{ from: id, text, same: text === said }] : [];
  });
  if (roles.length === 0) return [];
  const vectors = await embedder.embed(roles.map((r) => glossed(r.text)));
  const kept: CarriedRole[] = [];
  for (const [i, r] of roles.entries()) {
    const v = vectors[i];
    if ([...said, ...kept.map((k) => k.embedding)].some((s) => dot(s, v) >= dedupThreshold)) continue;
    // a fact with no looks in it is the same fact: its node gets an edge from this object too
    kept.push({ id: r.same ? r.from : `st-${randomUUID()}`, text: r.text, embedding: v, from: r.from });
  }
  return kept;
}
