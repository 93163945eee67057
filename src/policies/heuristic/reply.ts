/**
 * The heuristic backbone's reply to the user: a plain-English template filled from what the
 * robot believes happened. It is not a language model, so it never reads the user's rules as
 * text (`guidance`); on a revision it follows only the structured requirements of the
 * violations (a word limit, a text to mention, a JSON object with named fields, a text to
 * avoid), plus what its own previous reply shows it was already asked for.
 *
 * Shortening walks a ladder of ever shorter wordings of the same outcome, each keeping the
 * essential part (found or not, what, where) longer than the details, and takes the longest
 * wording that fits; words are cut only when even the shortest does not.
 */
import { countWords } from "../../language/index.ts";
import type { ReplyInput, ReplyRequirement } from "../../mllm/index.ts";

type Outcome = ReplyInput["outcome"];

export { countWords };

interface Wants {
  maxWords?: number;
  mentions: string[];
  /** undefined: prose */
  jsonFields?: string[];
  avoid: string[];
}

export function heuristicReply(input: ReplyInput): string {
  const o = input.outcome;
  if (!input.revision) return ladder(o)[0];
  const wants = requirementsOf(input.revision.violations.flatMap((v) => (v.requirement ? [v.requirement] : [])));
  carryForward(wants, input.revision.previous, [...ladder(o), ...ladder(o, true)]);
  // a target whose name holds an avoided text is called "it" rather than named with a hole in it
  const unnamed = wants.avoid.some((a) => contains(o.description, a));
  return shape(o, input.instruction, ladder(o, unnamed), wants);
}

function requirementsOf(reqs: ReplyRequirement[]): Wants {
  const wants: Wants = { mentions: [], avoid: [] };
  for (const r of reqs) {
    switch (r.kind) {
      case "max_words":
        wants.maxWords = Math.min(wants.maxWords ?? Number.POSITIVE_INFINITY, r.maxWords);
        break;
      case "mention":
        if (r.text.trim()) wants.mentions.push(r.text.trim());
        break;
      case "json":
        wants.jsonFields = unique([...(wants.jsonFields ?? []), ...r.fields]);
        break;
      case "avoid_text":
        if (r.text.trim()) wants.avoid.push(r.text.trim());
        break;
    }
  }
  wants.mentions = unique(wants.mentions);
  return wants;
}

/**
 * A revision names only the rules the previous reply broke, not the ones an earlier revision
 * already satisfied. So what the previous reply shows it was shaped for is kept: its JSON
 * keys, its length when it was already cut below the full wording, and anything it added after
 * a wording of the ladder (an earlier mention).
 */
function carryForward(wants: Wants, previous: string, wordings: string[]): void {
  const keep = (added: string) => {
    if (added && !wants.mentions.some((m) => contains(added, m))) wants.mentions.push(added);
  };
  const json = parseJsonObject(previous);
  if (json) {
    wants.jsonFields = unique([...Object.keys(json), ...(wants.jsonFields ?? [])]);
    // the message key holds a wording and what was added to it, or only what was added
    for (const [k, v] of Object.entries(json))
      if (MESSAGE_KEYS.includes(normKey(k)) && typeof v === "string") keep(addedTo(v, wordings) ?? v.trim());
    return;
  }
  const n = countWords(previous);
  if (n > 0 && n < countWords(wordings[0])) wants.maxWords = Math.min(wants.maxWords ?? n, n);
  keep(addedTo(previous, wordings) ?? "");
}

/** What a text adds after the longest wording it starts with; undefined when it starts with none. */
function addedTo(text: string, wordings: string[]): string | undefined {
  const base = wordings.filter((w) => text.startsWith(w)).sort((a, b) => b.length - a.length)[0];
  return base === undefined ? undefined : text.slice(base.length).trim();
}

// ---- wordings ---------------------------------------------------------------------------------

interface Target {
  /** "the blue mug" */
  full: string;
  /** "blue mug" */
  bare: string;
  /** "mug" */
  head: string;
}

function target(description: string, unnamed = false): Target {
  if (unnamed) return { full: "it", bare: "it", head: "it" };
  // A description may quote what the user said ('a mug (from: "…")', 'the object meant by: "…"'):
  // that is not the object's name, and a reply cut to a few words would end on a fragment of it
  // with a stray quote. The name is what comes before, less words that cannot end a noun phrase.
  const cleaned = description
    .split(/[(:"\u201c\u201d]/)[0]
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(?:\s+(?:meant|by|of|for|from|like|to|with))+$/i, "")
    .replace(/[.,;\s]+$/, "");
  const owned = /^(?:the )?user's\s+/i.test(cleaned);
  const bare = cleaned.replace(/^(?:(?:a|an|the|some)\s+)?(?:user's\s+)?/i, "").trim() || "object";
  const words = bare.split(" ");
  return { full: `${owned ? "your" : "the"} ${bare}`, bare, head: words[words.length - 1] };
}

/** "kitchen" → "the kitchen"; a label that already has an article keeps it */
const theRoom = (label: string) => (/^(the|a|an)\s/i.test(label) ? label : `the ${label}`);
const bareRoom = (label: string) => label.replace(/^(the|a|an)\s+/i, "");

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const capitalized = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

const sentence = (s: string) => {
  const t = capitalized(s.trim());
  return !t || /[.!?]$/.test(t) ? t : `${t}.`;
};

/** Every wording of the outcome, full first, each shorter than the one before. */
export function ladder(o: Outcome, unnamed = false): string[] {
  const t = target(o.description, unnamed);
  const why = o.note?.trim() ? [sentence(o.note)] : [];
  let out: string[];
  if (o.stopped) {
    const certain = o.certain !== false;
    const r = o.foundRoom?.trim();
    if (r && certain) {
      out = [
        `I found ${t.full} in ${theRoom(r)}.`,
        `Found ${t.full} in ${theRoom(r)}.`,
        `Found ${t.bare} in ${bareRoom(r)}.`,
        `Found ${t.head} in ${bareRoom(r)}.`,
        `${t.head} in ${bareRoom(r)}.`,
        `${bareRoom(r)}.`,
      ];
    } else if (r) {
      out = [
        `I stopped next to what I believe is ${t.full} in ${theRoom(r)}.`,
        `I believe I found ${t.full} in ${theRoom(r)}.`,
        `Probably found ${t.bare} in ${bareRoom(r)}.`,
        `Probably ${t.head} in ${bareRoom(r)}.`,
        `Probably ${bareRoom(r)}.`,
        `${bareRoom(r)}.`,
      ];
    } else if (certain) {
      out = [
        `I found ${t.full}, but I don't know which room this is.`,
        `I found ${t.full}.`,
        `Found ${t.bare}.`,
        `Found ${t.head}.`,
        "Found.",
      ];
    } else {
      out = [
        `I stopped next to what I believe is ${t.full}.`,
        `Probably found ${t.bare}.`,
        `Probably found ${t.head}.`,
        "Probably found.",
      ];
    }
    if (why.length) out.unshift(`${out[0]} ${why.join(" ")}`);
  } else {
    const rooms = o.roomsSearched.map((r) => r.trim()).filter(Boolean);
    const reason = why.length ? why : o.stepsLeft <= 0 ? ["I ran out of steps."] : [];
    const searched = rooms.length
      ? `I couldn't find ${t.full}; I searched ${list(rooms.map(theRoom))}.`
      : `I couldn't find ${t.full}; I didn't get to search any room.`;
    out = [
      [searched, ...reason].join(" "),
      searched,
      ...(rooms.length ? [`Couldn't find ${t.bare}; searched ${list(rooms.map(bareRoom))}.`] : []),
      `I couldn't find ${t.full}.`,
      `Couldn't find ${t.bare}.`,
      `Couldn't find ${t.head}.`,
      "Not found.",
    ];
  }
  // the fullest wording says what the user's rules changed; shorter ones leave it out first
  const ruled = byRules(o);
  if (ruled) out[0] = `${sentence(out[0])} ${ruled}`;
  return unique(out.map(sentence));
}

function byRules(o: Outcome): string {
  const kept = o.byRules?.keptOut.map((r) => theRoom(bareRoom(r))) ?? [];
  const stops = o.byRules?.notStoppedIn.map((r) => theRoom(bareRoom(r))) ?? [];
  return [
    kept.length ? `As you asked, I kept out of ${list(kept)}.` : "",
    stops.length ? `As you asked, I didn't stop in ${list(stops)}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

// ---- shaping to the requirements --------------------------------------------------------------

function shape(o: Outcome, instruction: string, wordings: string[], wants: Wants): string {
  const limit = wants.maxWords ?? Number.POSITIVE_INFINITY;
  // a wording that never said the avoided text reads better than one with it cut out
  const clean = (w: string) => !wants.avoid.some((a) => contains(w, a));
  const levels = wordings.map((w, level) => ({ w, level }));
  const order = [...levels.filter((x) => clean(x.w)), ...levels.filter((x) => !clean(x.w))];
  let last = "";
  for (const { w, level } of order) {
    last = render(o, instruction, w, level, wants);
    if (countWords(last) <= limit) return last;
  }
  return wants.jsonFields ? trimJson(last, limit) : trimProse(o, wordings[wordings.length - 1], wants, limit);
}

/** One wording with its additions (mentions not in it), avoided texts dropped, as prose or JSON. */
function render(o: Outcome, instruction: string, wording: string, level: number, wants: Wants): string {
  if (wants.jsonFields) return JSON.stringify(jsonReply(o, instruction, wording, level, wants));
  return capitalized(drop(withMentions(o, wording, wants.mentions), wants.avoid));
}

function withMentions(o: Outcome, text: string, mentions: string[]): string {
  const missing = mentions.filter((m) => !contains(text, m));
  return [text, ...missing.map((m) => mentionSentence(o, m))].join(" ");
}

/** A missing mention said the way the robot would: a room as where it was or was searched. */
function mentionSentence(o: Outcome, text: string): string {
  const same = (r: string | null | undefined) => !!r && bareRoom(r).toLowerCase() === bareRoom(text).toLowerCase();
  if (o.stopped && same(o.foundRoom)) return `It was in ${theRoom(text)}.`;
  if (o.roomsSearched.some(same)) return `I searched ${theRoom(text)}.`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The shortest wording still too long: the mentions stay whole, the wording's last words go. */
function trimProse(o: Outcome, shortest: string, wants: Wants, limit: number): string {
  const missing = wants.mentions.filter((m) => !contains(shortest, m));
  const extra = drop(missing.map((m) => mentionSentence(o, m)).join(" "), wants.avoid);
  const room = limit - countWords(extra);
  if (room <= 0) return cutWords(extra, limit);
  return capitalized([cutWords(drop(shortest, wants.avoid), room), extra].filter(Boolean).join(" "));
}

function cutWords(text: string, n: number): string {
  const tokens = text.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  let words = 0;
  for (const t of tokens) {
    const isWord = /[\p{L}\p{N}]/u.test(t);
    if (isWord && words === n) break;
    kept.push(t);
    if (isWord) words++;
  }
  const out = kept.join(" ").replace(/[,;:]$/, "");
  return out && !/[.!?]$/.test(out) ? `${out}.` : out;
}

// ---- JSON -------------------------------------------------------------------------------------

type JsonValue = string | number | boolean | null | string[];

/** "answer in JSON" with no keys named: the outcome's essentials */
const DEFAULT_JSON_FIELDS = ["found", "object", "room", "steps"];

function jsonReply(
  o: Outcome,
  instruction: string,
  wording: string,
  level: number,
  wants: Wants,
): Record<string, JsonValue> {
  const t = target(o.description);
  const out: Record<string, JsonValue> = {};
  const fields = wants.jsonFields?.length ? wants.jsonFields : DEFAULT_JSON_FIELDS;
  // a key asked for always holds a value: what the robot does not know it says so ("unknown"), never null
  for (const f of fields) out[f] = fieldValue(f, o, instruction, wording, level < 3 ? t.bare : t.head) ?? UNKNOWN(f, o);
  const text = () =>
    Object.values(out)
      .map((v) => JSON.stringify(v))
      .join(" ");
  const missing = wants.mentions.filter((m) => !contains(text(), m));
  if (missing.length) {
    const key = messageKey(out);
    const prose = typeof out[key] === "string" ? (out[key] as string) : "";
    out[key] = [prose, ...missing.map((m) => mentionSentence(o, m))].filter(Boolean).join(" ");
  }
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === "string") out[k] = drop(v, wants.avoid);
    else if (Array.isArray(v)) out[k] = v.map((s) => drop(s, wants.avoid));
  }
  return out;
}

const normKey = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, "");

const MESSAGE_KEYS = ["message", "reply", "text", "summary", "answer"];

function messageKey(obj: Record<string, JsonValue>): string {
  const existing = Object.keys(obj).find((k) => MESSAGE_KEYS.includes(normKey(k)));
  if (existing) return existing;
  let key = "message";
  for (let i = 2; key in obj; i++) key = `message_${i}`;
  return key;
}

/** What a key holds when the outcome does not say: a room not found is "not found", the rest "unknown". */
const UNKNOWN = (key: string, o: Outcome): string =>
  ["room", "foundroom", "foundin", "location", "where", "place"].includes(normKey(key)) && !o.stopped
    ? "not found"
    : "unknown";

/** A requested key filled from the outcome when its name says what it is; anything else is null. */
function fieldValue(key: string, o: Outcome, instruction: string, wording: string, object: string): JsonValue {
  const k = normKey(key);
  if (["found", "success", "succeeded", "stopped"].includes(k)) return o.stopped;
  if (["room", "foundroom", "foundin", "location", "where", "place"].includes(k))
    return o.stopped && o.foundRoom ? bareRoom(o.foundRoom) : null;
  if (["object", "target", "item", "what", "description", "thing"].includes(k)) return object;
  if (["steps", "stepstaken", "stepcount"].includes(k)) return o.steps;
  if (["stepsleft", "remainingsteps"].includes(k)) return o.stepsLeft;
  if (["rooms", "roomssearched", "searched", "searchedrooms", "visited"].includes(k))
    return o.roomsSearched.map(bareRoom);
  if (MESSAGE_KEYS.includes(k)) return wording;
  if (["note", "reason", "why"].includes(k))
    return o.note?.trim() || (o.stopped ? null : o.stepsLeft <= 0 ? "ran out of steps" : null);
  if (["certain", "confident", "sure"].includes(k)) return o.stopped ? o.certain !== false : null;
  if (k === "instruction" || k === "request") return instruction;
  return null;
}

/** JSON still over the limit: the longest string values lose their last words, one at a time. */
function trimJson(json: string, limit: number): string {
  const obj = JSON.parse(json) as Record<string, JsonValue>;
  const words = () => countWords(JSON.stringify(obj));
  while (words() > limit) {
    const longest = Object.entries(obj)
      .filter(([, v]) => typeof v === "string" && v.includes(" "))
      .sort(([, a], [, b]) => (b as string).length - (a as string).length)[0];
    if (!longest) break;
    const [k, v] = longest as [string, string];
    obj[k] = v.slice(0, v.lastIndexOf(" "));
  }
  return JSON.stringify(obj);
}

/** The JSON object a reply is: the whole reply, or one fenced block (as the rule checks read it). */
function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)```\s*$/.exec(text);
  try {
    const v = JSON.parse((fenced ? fenced[1] : text).trim());
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

// ---- text helpers -----------------------------------------------------------------------------

const contains = (text: string, needle: string) => text.toLowerCase().includes(needle.toLowerCase());

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Removes every occurrence of each text, then the spaces and punctuation it leaves dangling. */
function drop(text: string, avoid: string[]): string {
  let out = text;
  for (const a of avoid) out = out.replace(new RegExp(escapeRegExp(a), "gi"), " ");
  return out
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;:])(?=[.!?])/g, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,.;:]+/, "")
    .trim();
}
