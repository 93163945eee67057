/**
 * Instruction text. Acquisition instructions name the target by its looks and state the
 * context explicitly; evaluation instructions only allude to the context with paraphrases,
 * never naming the category or the looks.
 */
import type { ObjectAttributes } from "../../sim/index.ts";
import type { QueryConstraint } from "../scenario-schema.ts";
import { contextValue } from "./contexts.ts";
import type { PlanAcquisition, PlanObject } from "./plan.ts";
import type { Rng } from "./rng.ts";

/** "blue striped mug", "brown leather wallet". */
export function looks(o: { category: string; attributes: ObjectAttributes }): string {
  const a = o.attributes;
  const texture = a.pattern && a.pattern !== "plain" ? a.pattern : (a.material ?? "");
  return [a.color, texture, o.category].filter(Boolean).join(" ");
}

/** Three descriptions of an instance's looks, like PInNED's objects_descriptions. */
export function describe(o: { category: string; attributes: ObjectAttributes }): [string, string, string] {
  const a = o.attributes;
  const patterned = a.pattern && a.pattern !== "plain";
  const art = /^[aeiou]/.test(a.size) ? "an" : "a";
  return [
    cap(
      `${art} ${a.size} ${a.color} ${o.category}${patterned ? ` with a ${a.pattern} pattern` : ""}${a.material ? `, made of ${a.material}` : ""}.`,
    ),
    `${cap(a.color)} ${a.material ?? ""} ${o.category}${patterned ? `, ${a.pattern}` : ", plain"}; ${a.size} in size.`.replace(
      /\s+/g,
      " ",
    ),
    `The ${o.category} is ${a.color}${patterned ? ` and ${a.pattern}` : ""}, ${a.size}${a.material ? `, ${a.material}` : ""}.`,
  ];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const ASK = [
  (t: string) => `Please bring me the ${t}.`,
  (t: string) => `Can you find the ${t}?`,
  (t: string) => `Go to the ${t}, please.`,
  (t: string) => `I need the ${t}. Could you get it for me?`,
  (t: string) => `Take me to the ${t}.`,
];

/** The explicit instruction of an acquisition episode. */
export function explicitInstruction(
  rng: Rng,
  a: PlanAcquisition,
  byId: Map<string, PlanObject>,
): { instruction: string; said: string } {
  const target = byId.get(a.targetId) as PlanObject;
  const v = contextValue(a.fact.dimension, a.fact.value);
  const said = rng.pick(v.explicit);
  if (a.update?.kind === "context_change" && a.update.previousValue) {
    const old = rng.pick(contextValue(a.fact.dimension, a.update.previousValue).explicit);
    const instruction = `Things have changed: the ${looks(target)} is no longer the one ${old}. Now it is the one ${said}. Please bring it to me.`;
    return { instruction, said };
  }
  if (a.update?.kind === "referent_change" && a.update.previousObjectId) {
    const before = byId.get(a.update.previousObjectId) as PlanObject;
    const instruction = `From now on, the one ${said} is the ${looks(target)}, not the ${looks(before)} anymore. Please bring me the ${looks(target)}.`;
    return { instruction, said };
  }
  return { instruction: rng.pick(ASK)(`${looks(target)} ${said}`), said };
}

const ALLUDE = [
  (r: string) => `Could you bring me the one ${r}?`,
  (r: string) => `I'm looking for the thing ${r}. Can you find it?`,
  (r: string) => `Please go to the item ${r}.`,
  (r: string) => `Where is the one ${r}? Take me to it.`,
  (r: string) => `Can you fetch the one ${r} for me?`,
];

/** The implicit instruction of an evaluation episode: paraphrases of the query's contexts only. */
export function implicitInstruction(rng: Rng, query: QueryConstraint[]): string {
  const refs = query.map((q) => rng.pick(contextValue(q.dimension, q.value).implicit));
  const ref = refs.length === 1 ? refs[0] : `${refs.slice(0, -1).join(", ")} and ${refs[refs.length - 1]}`;
  return rng.pick(ALLUDE)(ref);
}
