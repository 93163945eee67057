/**
 * The learner on a whole phrase bank, not only on what a run happened to make the simulated
 * users say: every simulated user's preferences stated several times in the bank's words, and
 * its one-offs, vague remarks, revisions and retractions, each read on a library holding what
 * the message is about, scored field by field against what the user meant (labels.ts). Offline
 * (the deterministic learner) it costs no model call; the model path is measured on the run's
 * messages only.
 */
import type { Learner } from "../../rules/index.ts";
import { type Condition, FOUND_ROOM, type RuleDraft, SqliteRuleLibrary, sceneScope, teach } from "../../rules/index.ts";
import { fnv1a, mulberry32 } from "../../util/index.ts";
import type { SimUser } from "../rules-eval.ts";
import { type CaseResult, judge, type SetScore, summarize } from "./labels.ts";
import type { PhraseBank } from "./phrases.ts";
import { type Preference, WORD_LIMITS } from "./profile.ts";
import {
  meant,
  preferenceWording,
  retractFor,
  reviseFor,
  type Said,
  taskLocalFor,
  vagueFor,
} from "./simulated-user.ts";

/** A stored rule as the user meant it, built by the harness (for a revision or a retraction to act on). */
export function draftFor(p: Preference, sceneId: string): RuleDraft {
  const said = "(set up by the harness)";
  const when: Condition[] = p.when
    ? [{ kind: "time", fromHour: p.when.fromHour, toHour: p.when.toHour, quote: said }]
    : [];
  const base = {
    statement: said,
    quotes: [said],
    persistence: "persistent" as const,
    conditions: when,
    clear: true,
    source: { message: said, at: 0 },
  };
  switch (p.kind) {
    case "avoid_room":
      return {
        ...base,
        requirement: { kind: "avoid_room", room: p.room },
        scope: p.sceneId ? sceneScope(sceneId) : "global",
        exceptions: p.unlessAsked ? [{ kind: "instruction_mentions", room: p.room, quote: said }] : [],
        stage: "pre_action",
      };
    case "no_stop_in_room":
      return {
        ...base,
        requirement: { kind: "no_stop_in_room", room: p.room },
        scope: "global",
        exceptions: [],
        stage: "pre_action",
      };
    case "max_words":
      return {
        ...base,
        requirement: { kind: "word_limit", target: "reply", maxWords: p.maxWords },
        scope: "global",
        exceptions: [],
        stage: "delivery",
      };
    case "mention_room":
      return {
        ...base,
        requirement: { kind: "mention", target: "reply", what: FOUND_ROOM },
        scope: "global",
        exceptions: [],
        stage: "delivery",
      };
    case "json_reply":
      return {
        ...base,
        requirement: { kind: "json_fields", target: "reply", fields: p.fields },
        scope: "global",
        exceptions: [],
        stage: "delivery",
      };
  }
}

export interface SweepUser {
  user: SimUser;
  sceneId: string;
  rooms: string[];
}

/** Every kind of message of each simulated user, `draws` times, read by the learner; scored per bank. */
export async function sweep(
  users: SweepUser[],
  banks: Record<string, PhraseBank>,
  opts: { learner?: Learner; draws?: number; seed?: number } = {},
): Promise<SetScore[]> {
  const draws = opts.draws ?? 3;
  const byBank = new Map<string, CaseResult[]>();
  for (const { user, sceneId, rooms } of users) {
    const bank = banks[user.bank];
    if (!bank) continue;
    const results = byBank.get(user.bank) ?? [];
    byBank.set(user.bank, results);
    const read = async (s: Said, prepared?: RuleDraft) => {
      const lib = new SqliteRuleLibrary(":memory:");
      try {
        if (prepared)
          await lib.apply("u", [
            { op: "add", rule: prepared, check: { kind: "guidance", reason: "set up by the harness" } },
          ]);
        const before = new Map((await lib.snapshot("u")).rules.map((r) => [r.ruleId, r.rule]));
        const t = await teach(
          lib,
          "u",
          s.say,
          { sceneId, rooms, at: 1 },
          opts.learner ? { learner: opts.learner } : {},
        );
        results.push(judge({ id: `${user.id}:${s.kind}`, message: s.say, expect: s.gold }, t, before));
      } finally {
        await lib.close();
      }
    };
    for (let d = 0; d < draws; d++) {
      const rng = mulberry32(fnv1a(`${user.id}|sweep|${d}`, opts.seed ?? 0));
      for (const p of user.profile.preferences)
        await read({ kind: "lasting", say: preferenceWording(p, bank, rng), gold: [meant(p, sceneId)] });
      const house = { sceneId, rooms, keepOpen: [] };
      const once = taskLocalFor(user.profile, house, bank, rng);
      if (once) await read(once);
      const vague = vagueFor(user.profile, house, bank, rng);
      if (vague) await read(vague);
      for (const p of user.profile.preferences) {
        if (p.kind === "max_words") {
          const stricter = WORD_LIMITS.filter((n) => n < p.maxWords);
          await read(
            reviseFor(p, stricter.length ? stricter[0] : Math.max(5, p.maxWords - 3), bank, rng),
            draftFor(p, sceneId),
          );
        }
        if (p.kind === "avoid_room" || p.kind === "no_stop_in_room")
          await read(retractFor(p, bank, rng), draftFor(p, sceneId));
      }
    }
  }
  return [...byBank].sort(([a], [b]) => a.localeCompare(b)).map(([name, rs]) => summarize(name, rs));
}
