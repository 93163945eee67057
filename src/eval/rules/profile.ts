/**
 * Simulated users' hidden preference profiles (TellOnce §5.1, appendix C.3.1), in the embodied
 * setting: where the robot may go and stop (rooms, at certain hours, in one house, unless the
 * user asks for the room), and how it replies (length, format, what to mention).
 *
 * Harness side only: the profile is the hidden truth the scorer and the simulated user read.
 * No agent-side part (agent, planning, rules, mllm, memory) may import it; the agent learns a
 * preference only from the words the simulated user says.
 */
import { z } from "zod";
import { canonicalRoom } from "../../rules/rooms.ts";
import { fnv1a, Rng } from "../../util/random.ts";

/** Local hours [fromHour, toHour), wrapping over midnight when fromHour > toHour. */
export const HourWindow = z.strictObject({
  fromHour: z.number().int().min(0).max(23),
  toHour: z.number().int().min(0).max(24),
});
export type HourWindow = z.infer<typeof HourWindow>;

export const Preference = z.discriminatedUnion("kind", [
  z.strictObject({
    id: z.string().min(1),
    kind: z.literal("avoid_room"),
    room: z.string().min(1),
    when: HourWindow.optional(),
    /** the one house it holds in ("in this house"); every house when absent */
    sceneId: z.string().min(1).optional(),
    /** does not apply when the instruction itself names the room ("unless I ask you to") */
    unlessAsked: z.boolean().optional(),
  }),
  z.strictObject({
    id: z.string().min(1),
    kind: z.literal("no_stop_in_room"),
    room: z.string().min(1),
    when: HourWindow.optional(),
  }),
  z.strictObject({ id: z.string().min(1), kind: z.literal("max_words"), maxWords: z.number().int().positive() }),
  /** the reply names the room the object was found in, when it was found */
  z.strictObject({ id: z.string().min(1), kind: z.literal("mention_room") }),
  z.strictObject({ id: z.string().min(1), kind: z.literal("json_reply"), fields: z.array(z.string().min(1)).min(1) }),
]);
export type Preference = z.infer<typeof Preference>;

export const Profile = z.strictObject({ userId: z.string().min(1), preferences: z.array(Preference).min(1) });
export type Profile = z.infer<typeof Profile>;

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
export const UserInput = z.strictObject({ userId: z.string().min(1), houses: z.array(HouseInput).min(1) });
export type UserInput = z.infer<typeof UserInput>;

/** A room needed by more than this share of a house's episodes is never forbidden there. */
export const MAX_NEED = 0.2;

/** The time windows profiles draw from, and how often: windows common enough to matter. */
export const WINDOWS = {
  night: { fromHour: 21, toHour: 6 },
  morning: { fromHour: 6, toHour: 12 },
  evening: { fromHour: 17, toHour: 21 },
} as const satisfies Record<string, HourWindow>;
const WINDOW_DRAW: (keyof typeof WINDOWS | undefined)[] = ["night", "night", "morning", "evening", undefined];

const WORD_LIMITS = [10, 12, 15, 20, 25];
const JSON_FIELDS = [
  ["found", "room"],
  ["found", "room", "object"],
];

/** A room's name as profiles hold it: the canonical room ("Bedroom 2" → "bedroom"). */
export const roomName = (label: string) => canonicalRoom(label) ?? label.trim().toLowerCase();

interface Candidate {
  room: string;
  /** the houses that have it, with the room's need there */
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
 * A room preference on one of the free rooms: scoped to a house when the room is needed in
 * another of the user's houses (or, sometimes, by choice), with an hour window and the
 * "unless I ask" exception drawn at random.
 */
function roomPreference(rng: Rng, id: string, c: Candidate, kind: "avoid_room" | "no_stop_in_room"): Preference {
  const free = c.houses.filter((h) => h.need <= MAX_NEED);
  const w = rng.pick(WINDOW_DRAW);
  const when = w ? { ...WINDOWS[w] } : undefined;
  if (kind === "no_stop_in_room") return { id, kind, room: c.room, ...(when ? { when } : {}) };
  const scoped = free.length < c.houses.length || rng.chance(0.35);
  const p: Preference = { id, kind, room: c.room };
  if (when) p.when = when;
  if (scoped) p.sceneId = rng.pick(free).sceneId;
  if (rng.chance(0.5)) p.unlessAsked = true;
  return p;
}

/**
 * 2–4 preferences per user, mixing the kinds: one or two about rooms (when the user's houses
 * have a room few tasks need) and one to three about replies. Deterministic in the seed and the
 * user's id; another user's profile does not change when a user is added.
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
    // the least-needed rooms first, one of the first few at random
    const pool = rooms.slice(0, Math.max(2, Math.ceil(rooms.length / 2)));
    if (pool.length) {
      const first = rng.pick(pool);
      prefs.push(roomPreference(rng, next(), first, rng.chance(0.7) ? "avoid_room" : "no_stop_in_room"));
      const others = pool.filter((c) => c !== first);
      if (others.length && rng.chance(0.35)) prefs.push(roomPreference(rng, next(), rng.pick(others), "avoid_room"));
    }
    const reply = rng.shuffle(["max_words", "mention_room", "json_reply"] as const);
    const wanted = Math.min(4, Math.max(2, prefs.length + rng.int(1, 2))) - prefs.length;
    for (const kind of reply.slice(0, Math.max(1, wanted))) {
      if (kind === "max_words") prefs.push({ id: next(), kind, maxWords: rng.pick(WORD_LIMITS) });
      else if (kind === "mention_room") prefs.push({ id: next(), kind });
      else prefs.push({ id: next(), kind, fields: [...rng.pick(JSON_FIELDS)] });
    }
    return Profile.parse({ userId: user.userId, preferences: prefs });
  });
}
