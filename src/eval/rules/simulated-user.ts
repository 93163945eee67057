/**
 * The simulated user of the learning phase (TellOnce appendix C.3.2): after an episode it reads
 * what the robot actually did against its hidden profile and, only when an applicable
 * preference was broken, says one correction in its own words. The correction states the
 * preference itself, with its hours, its house and its exception, the way a person would
 * ("Please don't go into the garage at night, unless I ask you to."), sometimes after a word on
 * what went wrong. Wording is drawn from many phrasings so that a learner cannot get by on one
 * template. In the frozen test phase it says nothing.
 */
import { type EpisodeFacts, parseFacts } from "./facts.ts";
import { type HourWindow, type Preference, type Profile, roomName, WINDOWS } from "./profile.ts";
import { violations } from "./score.ts";

type Draw = () => number;

function pick<T>(rng: Draw, items: readonly T[]): T {
  return items[Math.min(items.length - 1, Math.floor(rng() * items.length))];
}
const chance = (rng: Draw, p: number) => rng() < p;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"];
const TENS: Record<number, string> = { 2: "twenty", 3: "thirty", 4: "forty", 5: "fifty" };
/** 15 → "fifteen", 25 → "twenty-five"; digits beyond what a person would spell out. */
function spelled(n: number): string {
  if (n <= 10) return SMALL[n];
  if (n < 19) return TEENS[n - 10];
  const t = TENS[Math.floor(n / 10)];
  if (!t || n >= 60) return String(n);
  return n % 10 ? `${t}-${SMALL[n % 10]}` : t;
}

const clock = (h: number) => {
  const x = h % 24;
  if (x === 0) return "midnight";
  if (x === 12) return "noon";
  return x < 12 ? `${x} am` : `${x - 12} pm`;
};

/** How a person says an hour window. */
function hoursWording(w: HourWindow): string[] {
  const same = (a: HourWindow) => a.fromHour === w.fromHour && a.toHour % 24 === w.toHour % 24;
  if (same(WINDOWS.night))
    return [
      "at night",
      "after 9 pm",
      "late in the evening",
      "after dark",
      "during the night",
      "at nighttime",
      "after 9 at night",
      "once it's dark out",
    ];
  if (same(WINDOWS.morning))
    return ["in the morning", "in the mornings", "before noon", "before midday", "between 6 am and noon"];
  if (same(WINDOWS.evening))
    return ["in the evening", "in the evenings", "between 5 and 9 pm", "from 5 to 9 in the evening", "evenings"];
  return [`between ${clock(w.fromHour)} and ${clock(w.toHour)}`, `from ${clock(w.fromHour)} to ${clock(w.toHour)}`];
}

const HOUSE = ["in this house", "here in this house", "in this home", "when you're in this house", "in this place"];
const UNLESS = [
  "unless I ask you to",
  "unless I ask you to go there",
  "unless I send you there",
  "unless I tell you to",
  "except when I ask you to",
  "unless I specifically ask for it",
];

function roomWords(room: string): string {
  return `the ${room}`;
}

/** avoid_room and no_stop_in_room: the room, the hours, the house, the exception, in several orders. */
function roomCorrection(p: Extract<Preference, { kind: "avoid_room" | "no_stop_in_room" }>, rng: Draw): string {
  const R = roomWords(p.room);
  const cores =
    p.kind === "avoid_room"
      ? [
          `don't go into ${R}`,
          `please don't go into ${R}`,
          `stay out of ${R}`,
          `keep out of ${R}`,
          `don't enter ${R}`,
          `stay away from ${R}`,
          `I don't want you going into ${R}`,
          `avoid ${R}`,
          `never go in ${R}`,
          `${R} is off limits`,
        ]
      : [
          `don't stop in ${R}`,
          `please don't park in ${R}`,
          `never come to a stop in ${R}`,
          `don't finish your search standing in ${R}`,
          `I don't want you stopping in ${R}`,
          `you can go through ${R}, but don't stop there`,
          `don't wait around in ${R} when you're done`,
        ];
  const core = pick(rng, cores);
  const time = p.when ? pick(rng, hoursWording(p.when)) : undefined;
  const house = p.kind === "avoid_room" && p.sceneId !== undefined ? pick(rng, HOUSE) : undefined;
  const unless = p.kind === "avoid_room" && p.unlessAsked ? pick(rng, UNLESS) : undefined;
  const lasting = !time && chance(rng, 0.4) ? pick(rng, ["from now on", "ever again", "please"]) : undefined;
  const tail = unless ? `, ${unless}` : "";
  let s: string;
  switch (pick(rng, ["front-house", "front-time", "trailing"])) {
    case "front-house":
      s = house
        ? `${cap(house)}, ${core}${time ? ` ${time}` : ""}${tail}`
        : `${cap(core)}${time ? ` ${time}` : ""}${tail}`;
      break;
    case "front-time":
      s = time
        ? `${cap(time)}, ${core}${house ? ` ${house}` : ""}${tail}`
        : `${cap(core)}${house ? ` ${house}` : ""}${tail}`;
      break;
    default:
      s = `${cap(core)}${house ? ` ${house}` : ""}${time ? ` ${time}` : ""}${tail}`;
  }
  if (lasting === "please") s = `Please, ${s.charAt(0).toLowerCase()}${s.slice(1)}`;
  else if (lasting) s = `${s} ${lasting}`;
  return `${s}.`;
}

function wordsCorrection(p: Extract<Preference, { kind: "max_words" }>, rng: Draw): string {
  const N = chance(rng, 0.5) ? spelled(p.maxWords) : String(p.maxWords);
  return pick(rng, [
    `Keep it short — ${N} words max.`,
    `Please keep your replies to ${N} words or fewer.`,
    `No more than ${N} words in your answers, please.`,
    `Your replies should be at most ${N} words.`,
    `Don't go over ${N} words when you answer me.`,
    `Answer in ${N} words or less.`,
    `I only want a short reply: ${N} words at the most.`,
    `Cap your answers at ${N} words.`,
    `From now on, limit your replies to ${N} words.`,
  ]);
}

function mentionCorrection(rng: Draw): string {
  return pick(rng, [
    "Always tell me which room you found it in.",
    "When you find something, tell me what room it was in.",
    "Please mention the room where you found it.",
    "Tell me the room too, whenever you find something.",
    "I want to know where things were, so say which room.",
    "Next time, name the room you found it in.",
    "Let me know which room it was in when you find it.",
    "Always say what room you found it in.",
  ]);
}

function jsonCorrection(p: Extract<Preference, { kind: "json_reply" }>, rng: Draw): string {
  const list = (names: string[]) =>
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  const F = pick(rng, [list(p.fields), list(p.fields.map((f) => `"${f}"`))]);
  return pick(rng, [
    `Reply in JSON with keys ${F}.`,
    `Answer in JSON, with the fields ${F}.`,
    `Give me your answer as a JSON object with ${F}.`,
    `Please format your replies as JSON with ${F} in it.`,
    `I need your replies as JSON, with ${F}.`,
    `Respond with a JSON object containing ${F}.`,
    `From now on, answer in JSON with the keys ${F}.`,
  ]);
}

/** The user's words for one preference, conditions and exceptions included. */
export function preferenceWording(p: Preference, rng: Draw): string {
  switch (p.kind) {
    case "avoid_room":
    case "no_stop_in_room":
      return roomCorrection(p, rng);
    case "max_words":
      return wordsCorrection(p, rng);
    case "mention_room":
      return mentionCorrection(rng);
    case "json_reply":
      return jsonCorrection(p, rng);
  }
}

/** A word on what went wrong, said before the preference (sometimes). */
function leadIn(p: Preference, rng: Draw): string | undefined {
  if (!chance(rng, 0.45)) return undefined;
  switch (p.kind) {
    case "avoid_room":
      return pick(rng, [
        `You went into the ${p.room}.`,
        `I saw you go through the ${p.room}.`,
        `Why were you in the ${p.room}?`,
      ]);
    case "no_stop_in_room":
      return pick(rng, [`You stopped in the ${p.room}.`, `You ended up in the ${p.room}.`]);
    case "max_words":
      return pick(rng, ["That was too long.", "Too many words.", "I don't need an essay."]);
    case "mention_room":
      return pick(rng, ["You didn't say where it was.", "You found it, but where was it?"]);
    case "json_reply":
      return pick(rng, ["I can't read that.", "That's not the format I want."]);
  }
}

/**
 * The simulated user's correction after one learning episode: null when nothing applicable was
 * broken (or in the test phase), else one message about one broken preference (drawn at random
 * among those broken), stating it with its conditions and exceptions.
 */
export function correctionFor(
  profile: Profile,
  facts: EpisodeFacts,
  rng: Draw,
  phase: "learning" | "test",
): string | null {
  if (phase !== "learning") return null;
  const f = parseFacts(facts);
  const broken = violations(profile, f);
  if (!broken.length) return null;
  const id = pick(rng, broken).preferenceId;
  const p = profile.preferences.find((x) => x.id === id)!;
  const lead = leadIn(p, rng);
  const said = preferenceWording(p, rng);
  return lead ? `${lead} ${said}` : said;
}

/** A task-local instruction: what it says, and the preference it means for that one episode. */
export interface TaskLocal {
  say: string;
  preference: Extract<Preference, { kind: "avoid_room" }>;
}

/**
 * A one-off instruction for a test episode ("skip the bathroom this time"): a room of this
 * house that the user's profile does not already forbid and that the harness does not keep
 * open (`keepOpen`: the target's room and the rooms on the only way there). Null when no room
 * qualifies. It holds for this episode only and must never become a stored rule.
 */
export function taskLocal(
  profile: Profile,
  house: { sceneId: string; rooms: string[]; keepOpen?: string[] },
  rng: Draw,
): TaskLocal | null {
  const forbidden = new Set(
    profile.preferences.flatMap((p) => (p.kind === "avoid_room" || p.kind === "no_stop_in_room" ? [p.room] : [])),
  );
  const open = new Set((house.keepOpen ?? []).map(roomName));
  const rooms = [...new Set(house.rooms.map(roomName))].filter((r) => !forbidden.has(r) && !open.has(r));
  if (!rooms.length) return null;
  const room = pick(rng, rooms.sort());
  const say = pick(rng, [
    `Skip the ${room} this time.`,
    `Just for this one, don't go into the ${room}.`,
    `This time, stay out of the ${room}.`,
    `Leave the ${room} out of it today.`,
    `For now, don't go in the ${room}.`,
  ]);
  return { say, preference: { id: `${profile.userId}.task-local`, kind: "avoid_room", room, sceneId: house.sceneId } };
}

/** taskLocal's words alone. */
export function taskLocalFor(
  profile: Profile,
  house: { sceneId: string; rooms: string[]; keepOpen?: string[] },
  rng: Draw,
): string | null {
  return taskLocal(profile, house, rng)?.say ?? null;
}
