/**
 * Hand-labelled corrections, scored the way TellOnce's appendix D.1 scores its learner: for
 * each message, what should come of it (persistence, scope, check, stage, conditions, payload,
 * library update), field by field, and whether a reading is unsafe: a one-off kept, a
 * condition dropped, a room changed (widened), a rule changed that the user did not ask to
 * change. Harness side: it reads what the layer decided (teach's result, the library), never
 * the other way round.
 *
 * A set is a JSON file (`LabelSet`); each case may first teach some messages (`before`) so
 * updates and retractions have something to act on. The same scoring serves the development
 * set the learner is built against (test/rules/) and the held-out set it is never tuned on
 * (datasets/corrections/heldout.json, scored only by scripts/score-corrections.ts), and the
 * simulated user's messages in `polar eval --rules`.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { canonical, type HourWindow, hoursOf, roomKey } from "../../language/index.ts";
import type { Learner } from "../../rules/index.ts";
import {
  type Condition,
  FOUND_ROOM,
  type Requirement,
  type RuleDraft,
  SqliteRuleLibrary,
  Stage,
  type TeachOptions,
  type TeachResult,
  teach,
} from "../../rules/index.ts";
import { TERMINAL_WIDTH, textTable, wrapLines } from "../report/text-table.ts";

const Update = z.enum(["add", "revise", "retract", "reuse", "none"]);
export type Update = z.infer<typeof Update>;

export const GoldPayload = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("avoid_room"), room: z.string().min(1) }),
  z.strictObject({ kind: z.literal("no_stop_in_room"), room: z.string().min(1) }),
  z.strictObject({ kind: z.literal("word_limit"), maxWords: z.number().int().positive() }),
  z.strictObject({ kind: z.literal("json_fields"), fields: z.array(z.string()) }),
  z.strictObject({ kind: z.literal("mention"), what: z.string().min(1) }),
  z.strictObject({ kind: z.literal("avoid_text"), text: z.string().min(1) }),
  z.strictObject({ kind: z.literal("behavior") }),
]);
export type GoldPayload = z.infer<typeof GoldPayload>;

export const GoldItem = z.strictObject({
  /** what the library should do; several when more than one is right (a repeated correction: add or reuse) */
  update: z.union([Update, z.array(Update).min(1)]),
  persistence: z.enum(["persistent", "task_local", "unclear"]),
  scope: z.enum(["global", "scene", "task"]).optional(),
  stage: Stage.optional(),
  check: z.enum(["programmatic", "semantic", "guidance", "inactive"]).optional(),
  payload: GoldPayload.optional(),
  /** "time:21-6", "text" (a condition only people know), "asked" (unless the user asks) */
  conditions: z.array(z.string()).optional(),
  exceptions: z.array(z.string()).optional(),
});
export type GoldItem = z.infer<typeof GoldItem>;

export const LabelCase = z.strictObject({
  id: z.string().min(1),
  before: z.array(z.string().min(1)).optional(),
  message: z.string().min(1),
  /** false: no correction at all (`expect` is then empty) */
  signal: z.boolean().optional(),
  /** the reply must ask the user something back */
  clarify: z.boolean().optional(),
  expect: z.array(GoldItem),
  /** this case's house, when not the set's ([] for none known) */
  rooms: z.array(z.string()).optional(),
  note: z.string().optional(),
});
export type LabelCase = z.infer<typeof LabelCase>;

export const LabelSet = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  house: z.strictObject({ sceneId: z.string().min(1), rooms: z.array(z.string().min(1)) }),
  items: z.array(LabelCase).min(1),
});
export type LabelSet = z.infer<typeof LabelSet>;

export function loadLabelSet(path: string): LabelSet {
  const r = LabelSet.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`${path}: ${i.path.join(".") || "(root)"}: ${i.message}`);
  }
  return r.data;
}

export const FIELDS = ["persistence", "scope", "check", "stage", "condition", "payload", "update"] as const;
export type Field = (typeof FIELDS)[number];
export const UNSAFE = ["one-off kept", "condition dropped", "room changed", "unasked change"] as const;
export type Unsafe = (typeof UNSAFE)[number];

/** What the learner made of one reading, in the labels' terms. */
export interface Observed {
  update: Update;
  persistence: GoldItem["persistence"];
  scope?: GoldItem["scope"];
  stage?: Stage;
  check?: GoldItem["check"];
  payload?: GoldPayload;
  conditions: string[];
  exceptions: string[];
  /** it changed the library */
  stored: boolean;
}

/**
 * A window's label by the hours it holds (src/language/hours.ts: [from, to), wrapping past
 * midnight, equal ends the whole day), so ends written differently for the same hours
 * ([0, 24) and [9, 9); [22, 6) and [22, 30)) are one label.
 */
export function windowLabel(w: HourWindow): string {
  const c = canonical(w);
  return `time:${c.fromHour}-${c.toHour % 24}`;
}

/** A label as the hours it names: "time:0-24" and "time:7-7" are one label; other labels are kept. */
export function labelByHours(label: string): string {
  if (!label.startsWith("time:")) return label;
  const ends = label.slice("time:".length).split("-").map(Number);
  if (ends.length !== 2 || !ends.every((n) => Number.isInteger(n) && n >= 0 && n <= 24)) return label;
  return windowLabel({ fromHour: ends[0] % 24, toHour: ends[1] });
}

const condLabel = (c: Condition) =>
  c.kind === "time"
    ? windowLabel({ fromHour: c.fromHour, toHour: c.toHour })
    : c.kind === "instruction_mentions"
      ? "asked"
      : c.kind;

export function payloadOf(q: Requirement): GoldPayload {
  switch (q.kind) {
    case "avoid_room":
    case "no_stop_in_room":
      return { kind: q.kind, room: q.room };
    case "word_limit":
      return { kind: "word_limit", maxWords: q.maxWords };
    case "json_fields":
      return { kind: "json_fields", fields: [...q.fields].sort() };
    case "mention":
      return { kind: "mention", what: q.what === FOUND_ROOM ? FOUND_ROOM : q.what.toLowerCase() };
    case "avoid_text":
      return { kind: "avoid_text", text: q.text.toLowerCase() };
    case "behavior":
      return { kind: "behavior" };
  }
}

/** The readings of one taught message, with the rules it retracted looked up in the library before. */
export function observed(t: TeachResult, before: Map<string, RuleDraft>): Observed[] {
  return t.items.map((it): Observed => {
    const d = it.draft ?? (it.decision === "retract" && it.ruleId ? before.get(it.ruleId) : undefined);
    const update: Update =
      it.decision === "add"
        ? "add"
        : it.decision === "revise" || it.decision === "replace"
          ? "revise"
          : it.decision === "retract"
            ? "retract"
            : it.decision === "reuse"
              ? "reuse"
              : "none";
    const persistence: Observed["persistence"] =
      it.decision === "task_local"
        ? "task_local"
        : it.decision === "unclear" ||
            it.decision === "defer" ||
            it.decision === "nothing_to_retract" ||
            it.decision === "none"
          ? "unclear"
          : "persistent";
    return {
      update,
      persistence,
      ...(d && update !== "retract"
        ? { scope: d.scope.startsWith("scene:") ? "scene" : (d.scope as "global" | "task"), stage: d.stage }
        : {}),
      ...(it.check ? { check: it.check.kind } : {}),
      ...(d ? { payload: payloadOf(d.requirement) } : {}),
      conditions: d && update !== "retract" ? d.conditions.map(condLabel).sort() : [],
      exceptions: d && update !== "retract" ? d.exceptions.map(condLabel).sort() : [],
      stored: update === "add" || update === "revise" || update === "retract",
    };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/**
 * A room as the robot's rule gate reads it (language/rooms.ts `roomKey`: case, apostrophes,
 * punctuation, an article): "jakes room" stored for the house's "Jake's room" is that room. Only
 * this reduction, never the gate's head-room match, so a label widened to its kind still differs.
 */
const sameRoomWord = (a: string, b: string) => roomKey(a) === roomKey(b);
const norm = (p: GoldPayload): GoldPayload =>
  p.kind === "json_fields"
    ? { ...p, fields: [...p.fields].sort() }
    : p.kind === "avoid_text"
      ? { ...p, text: p.text.toLowerCase() }
      : "room" in p
        ? { ...p, room: roomKey(p.room) }
        : p;
/** Labelled conditions in the observations' terms: time windows by their hours, sorted. */
const wanted = (labels: string[] | undefined) => (labels ?? []).map(labelByHours).sort();
const updates = (g: GoldItem) => (Array.isArray(g.update) ? g.update : [g.update]);

/** Whether each labelled field of a gold item holds in an observation; undefined for fields the label leaves open. */
export function fieldsOf(g: GoldItem, o: Observed | undefined): Partial<Record<Field, boolean>> {
  const out: Partial<Record<Field, boolean>> = {};
  out.persistence = o?.persistence === g.persistence;
  out.update = o !== undefined && updates(g).includes(o.update);
  if (g.scope) out.scope = o?.scope === g.scope;
  if (g.stage) out.stage = o?.stage === g.stage;
  if (g.check) out.check = o?.check === g.check;
  if (g.payload) out.payload = o?.payload !== undefined && same(norm(o.payload), norm(g.payload));
  // a reading that is a rule (stored or for this task) has its conditions scored, none labelled = none wanted
  const isRule = g.payload !== undefined && !updates(g).includes("retract") && g.persistence !== "unclear";
  if (isRule || g.conditions || g.exceptions)
    out.condition =
      o !== undefined && same(wanted(g.conditions), o.conditions) && same(wanted(g.exceptions), o.exceptions);
  return out;
}

/** The hours a window label holds ("time:6-9"); undefined for other labels. */
function labelHours(label: string): Set<number> | undefined {
  const byHours = labelByHours(label);
  if (!byHours.startsWith("time:")) return undefined;
  const [from, to] = byHours.slice("time:".length).split("-").map(Number);
  return Number.isInteger(from) && Number.isInteger(to) ? new Set(hoursOf(from, to)) : undefined;
}

/**
 * Whether a stored rule holds at more than its label says: a labelled condition is missing and no
 * stored condition narrows it in its place. A condition read as text instead of hours is narrower,
 * not dropped (the checker cannot compute it); so is a window within the labelled one's hours
 * (a ban said for the morning "until eight" stored as 06–08 where the label says 00–08): the rule holds at
 * fewer hours than said, never more.
 */
export function conditionDropped(want: readonly string[], got: readonly string[]): boolean {
  const spare = got.filter((x) => !want.includes(x));
  for (const w of want) {
    if (got.includes(w)) continue;
    const outer = labelHours(w);
    const k = spare.findIndex((y) => {
      if (y === "text") return true;
      const inner = labelHours(y);
      return outer !== undefined && inner !== undefined && [...inner].every((h) => outer.has(h));
    });
    if (k < 0) return true;
    spare.splice(k, 1);
  }
  return false;
}

const score = (f: Partial<Record<Field, boolean>>) => Object.values(f).filter(Boolean).length;

export interface CaseResult {
  id: string;
  message: string;
  ok: boolean;
  fields: Partial<Record<Field, boolean>>[];
  unsafe: Unsafe[];
  problems: string[];
  reply: string;
}

/**
 * Which observed reading each label is judged against: the closest pairs first over the whole
 * message, so a rule that is exactly a later label is never spent on an earlier label it barely
 * resembles (two labels, one stored rule that is the second: the first is missed, not "changed").
 * Ties go to the earlier label and the earlier reading.
 */
export function pairing(expect: readonly GoldItem[], obs: readonly Observed[]): (number | undefined)[] {
  const pairs = expect.flatMap((g, k) => obs.map((o, i) => ({ k, i, s: score(fieldsOf(g, o)) })));
  pairs.sort((x, y) => y.s - x.s || x.k - y.k || x.i - y.i);
  const out: (number | undefined)[] = expect.map(() => undefined);
  const used = new Set<number>();
  for (const p of pairs) {
    if (out[p.k] !== undefined || used.has(p.i)) continue;
    out[p.k] = p.i;
    used.add(p.i);
  }
  return out;
}

/** One message against its labels. */
export function judge(c: LabelCase, t: TeachResult, before: Map<string, RuleDraft>): CaseResult {
  const obs = observed(t, before);
  const problems: string[] = [];
  const unsafe = new Set<Unsafe>();
  const free = new Set(obs.map((_, i) => i));
  const fields: Partial<Record<Field, boolean>>[] = [];
  const pairedWith = pairing(c.expect, obs);
  for (const [k, g] of c.expect.entries()) {
    const best = pairedWith[k];
    const o = best === undefined ? undefined : obs[best];
    if (best !== undefined) free.delete(best);
    const f = fieldsOf(g, o);
    fields.push(f);
    const wrong = Object.entries(f)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (wrong.length) problems.push(`${wrong.join(", ")} wrong: got ${JSON.stringify(o ?? null)}`);
    if (o?.stored) {
      if (g.persistence !== "persistent") unsafe.add("one-off kept");
      else if (!updates(g).includes(o.update) && !(o.update === "revise" && updates(g).includes("add")))
        unsafe.add("unasked change");
      if (o.update !== "retract" && conditionDropped(wanted(g.conditions), o.conditions))
        unsafe.add("condition dropped");
      if (o.update !== "retract" && o.exceptions.some((x) => !wanted(g.exceptions).includes(x)))
        unsafe.add("condition dropped");
      const gp = g.payload;
      const op = o.payload;
      if (gp && op && "room" in gp && (!("room" in op) || !sameRoomWord(op.room, gp.room))) unsafe.add("room changed");
    }
  }
  for (const i of free) {
    const o = obs[i];
    if (!o.stored) continue;
    unsafe.add(c.expect.some((g) => g.persistence === "task_local") ? "one-off kept" : "unasked change");
    problems.push(`an unlabelled change: ${JSON.stringify(o)}`);
  }
  const wantSignal = c.signal ?? true;
  if (t.signal !== wantSignal) problems.push(`signal ${t.signal}, labelled ${wantSignal}`);
  if (c.clarify && !t.reply.includes("?")) problems.push(`no question back: "${t.reply}"`);
  return {
    id: c.id,
    message: c.message,
    ok: problems.length === 0 && unsafe.size === 0,
    fields,
    unsafe: [...unsafe],
    problems,
    reply: t.reply,
  };
}

export interface SetScore {
  name: string;
  cases: number;
  ok: number;
  /** per field: right / labelled */
  fields: Record<Field, { right: number; of: number }>;
  unsafe: Record<Unsafe, string[]>;
  results: CaseResult[];
}

export function summarize(name: string, results: CaseResult[]): SetScore {
  const fields = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, of: 0 }])) as SetScore["fields"];
  const unsafe = Object.fromEntries(UNSAFE.map((u) => [u, [] as string[]])) as SetScore["unsafe"];
  for (const r of results) {
    for (const f of r.fields)
      for (const [k, v] of Object.entries(f)) {
        fields[k as Field].of++;
        if (v) fields[k as Field].right++;
      }
    for (const u of r.unsafe) unsafe[u].push(r.id);
  }
  return { name, cases: results.length, ok: results.filter((r) => r.ok).length, fields, unsafe, results };
}

/** Teaches every case of a set, each on a fresh library, and scores it. */
export async function scoreSet(
  set: LabelSet,
  opts: { learner?: Learner; model?: TeachOptions } = {},
): Promise<SetScore> {
  const results: CaseResult[] = [];
  for (const c of set.items) {
    const lib = new SqliteRuleLibrary(":memory:");
    try {
      const ctx = { sceneId: set.house.sceneId, rooms: c.rooms ?? set.house.rooms, at: 1 };
      const teachOpts: TeachOptions = { ...(opts.model ?? {}), ...(opts.learner ? { learner: opts.learner } : {}) };
      for (const b of c.before ?? []) await teach(lib, "u", b, ctx, teachOpts);
      const before = new Map((await lib.snapshot("u")).rules.map((r) => [r.ruleId, r.rule]));
      const t = await teach(lib, "u", c.message, { ...ctx, at: 2 }, teachOpts);
      results.push(judge(c, t, before));
    } finally {
      await lib.close();
    }
  }
  return summarize(set.name, results);
}

const pct = (r: number, of: number) => (of ? `${r}/${of} (${((100 * r) / of).toFixed(0)}%)` : "—");

/** A set's score as a small markdown table, with the unsafe readings and the misses. */
/** The same, for a terminal: plain text within 100 columns, without the misses. */
export function scoreText(s: SetScore): string {
  const table = textTable({
    head: [...FIELDS],
    body: [FIELDS.map((f) => pct(s.fields[f].right, s.fields[f].of))],
    keys: 0,
  });
  return [
    ...wrapLines([`${s.name}: every field right for ${pct(s.ok, s.cases)} of cases`], TERMINAL_WIDTH),
    "",
    table,
    "",
    ...wrapLines([unsafeLine(s)], TERMINAL_WIDTH),
  ].join("\n");
}

function unsafeLine(s: SetScore): string {
  return `Unsafe readings: ${UNSAFE.map((u) => `${u} ${s.unsafe[u].length}${s.unsafe[u].length ? ` (${s.unsafe[u].join(", ")})` : ""}`).join("; ")}`;
}

export function scoreTable(s: SetScore, misses = true): string {
  const lines = [
    `**${s.name}**: every field right for ${pct(s.ok, s.cases)} of cases`,
    "",
    `| ${FIELDS.join(" | ")} |`,
    `|${FIELDS.map(() => "---").join("|")}|`,
    `| ${FIELDS.map((f) => pct(s.fields[f].right, s.fields[f].of)).join(" | ")} |`,
    "",
    unsafeLine(s),
  ];
  if (misses) {
    const bad = s.results.filter((r) => !r.ok);
    if (bad.length) {
      lines.push("", "Misses:");
      for (const r of bad)
        lines.push(`- ${r.id} "${r.message}": ${[...r.unsafe.map((u) => `UNSAFE ${u}`), ...r.problems].join("; ")}`);
    }
  }
  return lines.join("\n");
}
