/**
 * Simulated users' hidden preference profiles (TellOnce §5.1, appendix C.3.1), in the embodied
 * setting: where the robot may go and stop, how it replies (length, JSON fields, naming the
 * room), each at some hours only, so that no preference applies to every episode; and how the
 * profile changes over the learning phase (a limit made stricter, a room allowed again).
 *
 * Harness side only: the profile is the hidden truth the scorer and the simulated user read.
 * No agent-side part (agent, planning, rules, mllm, memory) may import it; the agent learns a
 * preference only from the words the simulated user says.
 */
import { z } from "zod";
import { inWindow as inHourWindow } from "../../language/index.ts";
import { fnv1a, Rng } from "../../util/index.ts";
import { regionName } from "./region.ts";

/** Local hours [fromHour, toHour), wrapping over midnight when fromHour > toHour. */
export const HourWindow = z.strictObject({
  fromHour: z.number().int().min(0).max(23),
  toHour: z.number().int().min(0).max(24),
});
export type HourWindow = z.infer<typeof HourWindow>;

const when = HourWindow.optional();
export const Preference = z.discriminatedUnion("kind", [
  z.strictObject({
    id: z.string().min(1),
    kind: z.literal("avoid_room"),
    /** a region label of the user's house */
    room: z.string().min(1),
    when,
    /** the one house it holds in ("in this house"); every house when absent */
    sceneId: z.string().min(1).optional(),
    /** does not apply when the instruction itself names the room ("unless I ask you to") */
    unlessAsked: z.boolean().optional(),
  }),
  z.strictObject({ id: z.string().min(1), kind: z.literal("no_stop_in_room"), room: z.string().min(1), when }),
  z.strictObject({ id: z.string().min(1), kind: z.literal("max_words"), maxWords: z.number().int().positive(), when }),
  /** the reply names the room the object was found in, when it was found */
  z.strictObject({ id: z.string().min(1), kind: z.literal("mention_room"), when }),
  z.strictObject({
    id: z.string().min(1),
    kind: z.literal("json_reply"),
    fields: z.array(z.string().min(1)).min(1),
    when,
  }),
]);
export type Preference = z.infer<typeof Preference>;

/** A change of mind during learning, from the episode with ordinal `at` on. */
export const ProfileEvent = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("revise"),
    at: z.number().int().nonnegative(),
    preferenceId: z.string(),
    maxWords: z.number().int().positive(),
  }),
  z.strictObject({ kind: z.literal("retract"), at: z.number().int().nonnegative(), preferenceId: z.string() }),
]);
export type ProfileEvent = z.infer<typeof ProfileEvent>;

export const Profile = z.strictObject({
  /** the simulated user */
  userId: z.string().min(1),
  /** the scenario set's user whose episodes (and memory) it takes part of; its own id when absent */
  of: z.string().min(1).optional(),
  preferences: z.array(Preference).min(1),
  events: z.array(ProfileEvent).optional(),
});
export type Profile = z.infer<typeof Profile>;

/** The preferences in force at episode ordinal k: revisions and retractions said before it applied. */
export function activeAt(profile: Profile, k: number): Profile {
  let prefs = profile.preferences;
  for (const e of profile.events ?? []) {
    if (e.at > k) continue;
    if (e.kind === "retract") prefs = prefs.filter((p) => p.id !== e.preferenceId);
    else
      prefs = prefs.map((p) =>
        p.id === e.preferenceId && p.kind === "max_words" ? { ...p, maxWords: e.maxWords } : p,
      );
  }
  return { ...profile, preferences: prefs };
}

/**
 * One house of a user, as makeProfiles sees it. `need`: for each room label, the share (0–1) of
 * this user's episodes in this house that cannot be done without that room (the target lies in
 * it, or every way from the start to the target passes through it); see houses.ts. A room
 * preference only names rooms that few episodes need, so that complying never makes most tasks
 * impossible. Without `need`, every room counts as free.
 */
export const HouseInput = z.strictObject({
  sceneId: z.string().min(1),
  rooms: z.array(z.string().min(1)).min(1),
  need: z.record(z.string(), z.number().min(0).max(1)).optional(),
});
export type HouseInput = z.infer<typeof HouseInput>;

/** An episode as the profile draw sees it: when, and in which phase (to draw windows that apply in some, not all). */
export const EpisodeSlot = z.strictObject({
  hour: z.number().int().min(0).max(23),
  phase: z.enum(["learning", "test"]),
});
export const UserInput = z.strictObject({
  userId: z.string().min(1),
  of: z.string().min(1).optional(),
  houses: z.array(HouseInput).min(1),
  /** the user's episodes in order; without them windows are drawn without checking where they apply */
  episodes: z.array(EpisodeSlot).optional(),
});
export type UserInput = z.infer<typeof UserInput>;

/** A room needed by more than this share of a house's episodes is never forbidden there. */
export const MAX_NEED = 0.2;

/** The time windows profiles draw from: parts of the day common enough to matter. */
export const WINDOWS = {
  night: { fromHour: 21, toHour: 6 },
  morning: { fromHour: 6, toHour: 12 },
  afternoon: { fromHour: 12, toHour: 17 },
  evening: { fromHour: 17, toHour: 21 },
  day: { fromHour: 6, toHour: 21 },
} as const satisfies Record<string, HourWindow>;
export type WindowName = keyof typeof WINDOWS;

export const WORD_LIMITS = [10, 12, 15, 20, 25];
const JSON_FIELDS = [
  ["found", "room"],
  ["found", "room", "object"],
];

/** A room's name as profiles hold it: the region label itself ("Bedroom 2" → "bedroom"). */
export const roomName = regionName;

export const inWindow = (w: HourWindow | undefined, hour: number) => !w || inHourWindow(hour, w.fromHour, w.toHour);

interface Candidate {
  room: string;
  houses: { sceneId: string; need: number }[];
}

/** Rooms the user's houses have that no house needs often, least needed first. */
function freeRooms(user: UserInput): Candidate[] {
  const byRoom = new Map<string, Candidate>();
  for (const h of user.houses) {
    for (const label of new Set(h.rooms)) {
      const room = roomName(label);
      const need = Math.max(
        ...Object.entries(h.need ?? {})
          .filter(([l]) => roomName(l) === room)
          .map(([, n]) => n),
        0,
      );
      const c = byRoom.get(room) ?? { room, houses: [] };
      const seen = c.houses.find((x) => x.sceneId === h.sceneId);
      if (seen) seen.need = Math.max(seen.need, need);
      else c.houses.push({ sceneId: h.sceneId, need });
      byRoom.set(room, c);
    }
  }
  const worst = (c: Candidate) => Math.max(...c.houses.map((h) => h.need));
  return [...byRoom.values()]
    .filter((c) => c.houses.some((h) => h.need <= MAX_NEED))
    .sort((a, b) => worst(a) - worst(b) || a.room.localeCompare(b.room));
}

/**
 * A window under which the preference applies in some episodes of each phase but not all: in
 * at least one learning episode (so it can be corrected) and in some, not every, test episode.
 * Undefined when none of the windows does (the preference is then not drawn).
 */
function drawWindow(rng: Rng, user: UserInput): HourWindow | undefined {
  const names = rng.shuffle(Object.keys(WINDOWS) as WindowName[]);
  const eps = user.episodes;
  if (!eps?.length) return { ...WINDOWS[names[0]] };
  for (const n of names) {
    const w = WINDOWS[n];
    const learning = eps.filter((e) => e.phase === "learning");
    const test = eps.filter((e) => e.phase === "test");
    const inL = learning.filter((e) => inWindow(w, e.hour)).length;
    const inT = test.filter((e) => inWindow(w, e.hour)).length;
    if (inL >= 1 && inT >= 1 && inT < test.length) return { ...w };
  }
  return undefined;
}

const ROOM_KINDS = ["avoid_room", "no_stop_in_room"] as const;
const REPLY_KINDS = ["max_words", "json_reply", "mention_room"] as const;

/**
 * 2–4 preferences per user, each of a different kind: at least one about rooms (when the
 * user's houses have a room few tasks need) and one about replies, each under an hour window
 * that makes it apply in some episodes and not others. A user who will have corrected a word
 * limit may make it stricter halfway through learning; one with a room rule may allow the room
 * again later. Deterministic in the seed and the user's id; another user's profile does not
 * change when a user is added.
 */
export function makeProfiles(users: UserInput[], seed: number): Profile[] {
  const input = z.array(UserInput).safeParse(users);
  if (!input.success) {
    const i = input.error.issues[0];
    throw new Error(`makeProfiles: users[${i.path.join("][")}]: ${i.message}`);
  }
  return input.data.map((user) => {
    const rng = new Rng(fnv1a(`profile:${user.userId}`, seed));
    const prefs: Preference[] = [];
    const next = () => `${user.userId}.p${prefs.length + 1}`;
    const rooms = freeRooms(user);
    const pool = rooms.slice(0, Math.max(2, Math.ceil(rooms.length / 2)));
    const wanted = rng.int(2, 4);
    const roomKinds = pool.length ? rng.shuffle([...ROOM_KINDS]).slice(0, wanted >= 3 && pool.length >= 2 ? 2 : 1) : [];
    const replyKinds = rng.shuffle([...REPLY_KINDS]).slice(0, Math.max(1, wanted - roomKinds.length));
    const usedRooms = new Set<string>();
    for (const kind of roomKinds) {
      const left = pool.filter((x) => !usedRooms.has(x.room));
      if (!left.length) continue;
      const c = rng.pick(left);
      const w = drawWindow(rng, user);
      if (!w) continue;
      usedRooms.add(c.room);
      const free = c.houses.filter((h) => h.need <= MAX_NEED);
      if (kind === "no_stop_in_room") prefs.push({ id: next(), kind, room: c.room, when: w });
      else {
        const p: Preference = { id: next(), kind, room: c.room, when: w };
        if (free.length < c.houses.length || rng.chance(0.3)) p.sceneId = rng.pick(free).sceneId;
        if (rng.chance(0.4)) p.unlessAsked = true;
        prefs.push(p);
      }
    }
    for (const kind of replyKinds) {
      const w = drawWindow(rng, user);
      if (!w) continue;
      if (kind === "max_words") prefs.push({ id: next(), kind, maxWords: rng.pick(WORD_LIMITS), when: w });
      else if (kind === "mention_room") prefs.push({ id: next(), kind, when: w });
      else prefs.push({ id: next(), kind, fields: [...rng.pick(JSON_FIELDS)], when: w });
    }
    const learning = (user.episodes ?? []).filter((e) => e.phase === "learning").length;
    const events: ProfileEvent[] = [];
    const limit = prefs.find((p): p is Extract<Preference, { kind: "max_words" }> => p.kind === "max_words");
    if (limit && learning >= 3 && rng.chance(0.6)) {
      const stricter = WORD_LIMITS.filter((n) => n < limit.maxWords);
      events.push({
        kind: "revise",
        at: Math.ceil(learning / 2),
        preferenceId: limit.id,
        maxWords: stricter.length ? rng.pick(stricter) : Math.max(5, limit.maxWords - 3),
      });
    }
    const room = prefs.find((p) => p.kind === "avoid_room" || p.kind === "no_stop_in_room");
    if (room && learning >= 3 && prefs.length >= 3 && rng.chance(0.4))
      events.push({ kind: "retract", at: Math.ceil((2 * learning) / 3), preferenceId: room.id });
    return Profile.parse({
      userId: user.userId,
      ...(user.of ? { of: user.of } : {}),
      preferences: prefs.length ? prefs : [{ id: `${user.userId}.p1`, kind: "mention_room" }],
      ...(events.length ? { events } : {}),
    });
  });
}
