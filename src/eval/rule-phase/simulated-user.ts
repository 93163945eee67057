/**
 * The simulated user of the learning phase (TellOnce appendix C.3.2), in its own words from a
 * phrase bank (phrases.ts). After an episode it reads what the robot actually did against its
 * hidden profile and, only when an applicable preference was broken, says one correction that
 * states the preference with its hours, house and exception. It also says what people say
 * besides lasting corrections: a one-off with a request ("skip the garage this time"), a
 * vague remark ("be careful around the kitchen"), a revision of a limit it gave before
 * ("make that 12 words"), a retraction ("the garage is fine again"). Every message carries
 * what the user meant (`gold`, labelled like TellOnce appendix D.1, labels.ts), so the
 * learner's reading of it can be scored. In the frozen test phase it says nothing.
 */
import { sameHours } from "../../language/index.ts";
import { FOUND_ROOM } from "../../rules/index.ts";
import { type EpisodeFacts, parseFacts } from "./episode-facts.ts";
import { type GoldItem, windowLabel } from "./labels.ts";
import { cap, chance, fill, type PhraseBank, pick, spelled, styled, typo } from "./phrases.ts";
import { type HourWindow, type Preference, type Profile, roomName, WINDOWS, type WindowName } from "./profile.ts";
import { violations } from "./score.ts";

type Draw = () => number;

export type MessageKind = "lasting" | "task_local" | "vague" | "revise" | "retract";

/** One thing the simulated user says, and what it means by it. */
export interface Said {
  kind: MessageKind;
  say: string;
  gold: GoldItem[];
  preferenceId?: string;
}

/** The name of the hours a window holds ("night"), by its hours, not how its ends are written. */
export const windowName = (w: HourWindow): WindowName | undefined =>
  (Object.keys(WINDOWS) as WindowName[]).find((k) => sameHours(WINDOWS[k], w));

const timeLabel = (w: HourWindow | undefined) => (w ? [windowLabel(w)] : []);

/** The room as said: "the laundry room", now and then with a typo. */
function roomWords(room: string, bank: PhraseBank, rng: Draw): string {
  return `the ${chance(rng, bank.style.typo) ? typo(room, rng) : room}`;
}

/** What the user means by stating a preference: the rule it should become. */
export function meant(p: Preference, sceneId: string | undefined): GoldItem {
  const base = { update: ["add", "reuse", "revise"] as GoldItem["update"], persistence: "persistent" as const };
  switch (p.kind) {
    case "avoid_room":
      return {
        ...base,
        scope: p.sceneId !== undefined && sceneId !== undefined ? "scene" : "global",
        stage: "pre_action",
        check: "programmatic",
        payload: { kind: "avoid_room", room: roomName(p.room) },
        conditions: timeLabel(p.when),
        exceptions: p.unlessAsked ? ["asked"] : [],
      };
    case "no_stop_in_room":
      return {
        ...base,
        scope: "global",
        stage: "pre_action",
        check: "programmatic",
        payload: { kind: "no_stop_in_room", room: roomName(p.room) },
        conditions: timeLabel(p.when),
      };
    case "max_words":
      return {
        ...base,
        scope: "global",
        stage: "delivery",
        check: "programmatic",
        payload: { kind: "word_limit", maxWords: p.maxWords },
        conditions: timeLabel(p.when),
      };
    case "mention_room":
      return {
        ...base,
        scope: "global",
        stage: "delivery",
        check: "programmatic",
        payload: { kind: "mention", what: FOUND_ROOM },
        conditions: timeLabel(p.when),
      };
    case "json_reply":
      return {
        ...base,
        scope: "global",
        stage: "delivery",
        check: "programmatic",
        payload: { kind: "json_fields", fields: p.fields },
        conditions: timeLabel(p.when),
      };
  }
}

/** A preference in the user's words: its hours, house and exception, in one of several orders. */
export function preferenceWording(p: Preference, bank: PhraseBank, rng: Draw): string {
  const name = p.when ? windowName(p.when) : undefined;
  const time = name ? pick(rng, bank.hours[name]) : undefined;
  let core: string;
  let house: string | undefined;
  let unless: string | undefined;
  switch (p.kind) {
    case "avoid_room":
      core = fill(pick(rng, bank.avoid_room), { room: roomWords(p.room, bank, rng) });
      house = p.sceneId !== undefined ? pick(rng, bank.house) : undefined;
      unless = p.unlessAsked ? pick(rng, bank.unless) : undefined;
      break;
    case "no_stop_in_room":
      core = fill(pick(rng, bank.no_stop_in_room), { room: roomWords(p.room, bank, rng) });
      break;
    case "max_words": {
      const n = (k: number) => (chance(rng, 0.5) ? spelled(k) : String(k));
      return finish(fill(pick(rng, bank.max_words), { n: n(p.maxWords), "n+1": n(p.maxWords + 1) }), time, bank, rng);
    }
    case "mention_room":
      return finish(pick(rng, bank.mention_room), time, bank, rng);
    case "json_reply": {
      const list = (names: string[]) =>
        names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
      const fields = pick(rng, [list(p.fields), list(p.fields.map((f) => `"${f}"`))]);
      return finish(fill(pick(rng, bank.json_reply), { fields }), time, bank, rng);
    }
  }
  const lasting = !time && chance(rng, 0.4) ? pick(rng, bank.lasting) : undefined;
  const tail = unless ? `, ${unless}` : "";
  let s: string;
  switch (pick(rng, ["front-house", "front-time", "trailing"] as const)) {
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
  return styled(`${s}.`, bank.style, rng);
}

/** A reply preference's sentence with its hours, fronted or after. */
function finish(sentence: string, time: string | undefined, bank: PhraseBank, rng: Draw): string {
  let s = sentence;
  if (time) {
    const bare = s.replace(/[.!]+$/, "");
    s = chance(rng, 0.5) ? `${cap(time)}, ${bare.charAt(0).toLowerCase()}${bare.slice(1)}.` : `${bare} ${time}.`;
  }
  return styled(s, bank.style, rng);
}

/** A word on what went wrong, said before the preference (sometimes). */
function leadIn(p: Preference, bank: PhraseBank, rng: Draw): string | undefined {
  if (!chance(rng, 0.4)) return undefined;
  const room = "room" in p ? `the ${p.room}` : "";
  return fill(pick(rng, bank.lead[p.kind]), { room });
}

/**
 * The correction after one learning episode: null when nothing applicable was broken (or in
 * the test phase), else one message about one broken preference (drawn at random among those
 * broken), stating it with its conditions and exceptions.
 */
export function correctionFor(
  profile: Profile,
  facts: EpisodeFacts,
  bank: PhraseBank,
  rng: Draw,
  phase: "learning" | "test",
): Said | null {
  if (phase !== "learning") return null;
  const f = parseFacts(facts);
  const broken = violations(profile, f);
  if (!broken.length) return null;
  const id = pick(rng, broken).preferenceId;
  const p = profile.preferences.find((x) => x.id === id)!;
  const lead = leadIn(p, bank, rng);
  const said = preferenceWording(p, bank, rng);
  return { kind: "lasting", say: lead ? `${lead} ${said}` : said, gold: [meant(p, f.sceneId)], preferenceId: p.id };
}

/** A one-off for one episode: its words, and the preference it means for that episode only. */
export interface TaskLocal extends Said {
  preference: Extract<Preference, { kind: "avoid_room" }>;
}

/** Rooms of the house that the profile does not already forbid and the harness does not keep open. */
function otherRooms(profile: Profile, house: { rooms: string[]; keepOpen?: string[] }): string[] {
  const forbidden = new Set(
    profile.preferences.flatMap((p) =>
      p.kind === "avoid_room" || p.kind === "no_stop_in_room" ? [roomName(p.room)] : [],
    ),
  );
  const open = new Set((house.keepOpen ?? []).map(roomName));
  return [...new Set(house.rooms.map(roomName))].filter((r) => !forbidden.has(r) && !open.has(r)).sort();
}

/**
 * A one-off said with a request ("skip the bathroom this time"): a room of this house that the
 * profile does not forbid and that the episode does not need (`keepOpen`: the target's room
 * and the rooms on the only way there). Null when no room qualifies. It holds for this episode
 * only and must never become a stored rule.
 */
export function taskLocalFor(
  profile: Profile,
  house: { sceneId: string; rooms: string[]; keepOpen?: string[] },
  bank: PhraseBank,
  rng: Draw,
): TaskLocal | null {
  const rooms = otherRooms(profile, house);
  if (!rooms.length) return null;
  const room = pick(rng, rooms);
  const say = styled(fill(pick(rng, bank.task_local), { room: roomWords(room, bank, rng) }), bank.style, rng);
  return {
    kind: "task_local",
    say,
    gold: [
      {
        update: "none",
        persistence: "task_local",
        scope: "task",
        stage: "pre_action",
        payload: { kind: "avoid_room", room },
      },
    ],
    preference: { id: `${profile.userId}.once`, kind: "avoid_room", room, sceneId: house.sceneId },
  };
}

/** A remark that asks for nothing the robot could keep to ("be careful around the kitchen"): no rule. */
export function vagueFor(
  profile: Profile,
  house: { rooms: string[]; keepOpen?: string[] },
  bank: PhraseBank,
  rng: Draw,
): Said | null {
  const rooms = otherRooms(profile, house);
  if (!rooms.length) return null;
  const say = styled(
    cap(fill(pick(rng, bank.vague), { room: roomWords(pick(rng, rooms), bank, rng) })),
    bank.style,
    rng,
  );
  return { kind: "vague", say, gold: [{ update: "none", persistence: "unclear" }] };
}

/** A word limit made stricter: "make that 12 words". Said only after the limit was told once. */
export function reviseFor(
  p: Extract<Preference, { kind: "max_words" }>,
  maxWords: number,
  bank: PhraseBank,
  rng: Draw,
): Said {
  const n = chance(rng, 0.5) ? spelled(maxWords) : String(maxWords);
  return {
    kind: "revise",
    say: styled(fill(pick(rng, bank.revise_words), { n }), bank.style, rng),
    gold: [{ ...meant({ ...p, maxWords }, undefined), update: "revise" }],
    preferenceId: p.id,
  };
}

/** A room allowed again: "the garage is fine again". Said only after the room rule was told once. */
export function retractFor(
  p: Extract<Preference, { kind: "avoid_room" | "no_stop_in_room" }>,
  bank: PhraseBank,
  rng: Draw,
): Said {
  const list = p.kind === "avoid_room" ? bank.retract_room : bank.retract_stop;
  const say = styled(cap(fill(pick(rng, list), { room: roomWords(p.room, bank, rng) })), bank.style, rng);
  return {
    kind: "retract",
    say,
    gold: [{ update: "retract", persistence: "persistent", payload: { kind: p.kind, room: roomName(p.room) } }],
    preferenceId: p.id,
  };
}
