/**
 * The preference scorer (TellOnce §5.1 "Metrics", appendix C.5): a user's hidden profile
 * against what actually happened in one episode. It never sees the method, its rules or its
 * verdicts. It shares with the rule layer only the definitions of a word, a room name and a
 * JSON reply (src/rules/check.ts, rooms.ts), so a method is never scored against a different
 * reading of "15 words" than the one it could check itself.
 *
 * The preference violation rate over a set of episodes is the share with at least one
 * violation; every episode stays in the denominator (violationRate).
 */
import { countWords, inHours, mentionsRoom, parseJsonObject } from "../../rules/check.ts";
import { sameRoom } from "../../rules/rooms.ts";
import type { EpisodeFacts } from "./facts.ts";
import type { HourWindow, Preference, Profile } from "./profile.ts";

export interface PreferenceViolation {
  preferenceId: string;
  kind: Preference["kind"];
  detail: string;
}

const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
const inWindow = (w: HourWindow | undefined, hour: number) => !w || inHours(hour, w.fromHour, w.toHour % 24);

/**
 * Whether a preference applies to an episode: its hours, its house, its exception (the
 * instruction names the room), and for mention_room whether there was anything found to name.
 */
export function applicable(p: Preference, f: EpisodeFacts): boolean {
  switch (p.kind) {
    case "avoid_room":
      if (!inWindow(p.when, f.hour)) return false;
      if (p.sceneId !== undefined && p.sceneId !== f.sceneId) return false;
      return !(p.unlessAsked && mentionsRoom(f.instruction, p.room));
    case "no_stop_in_room":
      return inWindow(p.when, f.hour);
    case "max_words":
    case "json_reply":
      return true;
    case "mention_room":
      return f.found && f.foundRoom !== null;
  }
}

const forbiddenHours = (p: { when?: HourWindow }) =>
  p.when ? ` (forbidden ${hh(p.when.fromHour)}–${hh(p.when.toHour % 24)})` : "";

/** The violation of one applicable preference, or null when the episode kept to it. */
function violation(p: Preference, f: EpisodeFacts): PreferenceViolation | null {
  const v = (detail: string): PreferenceViolation => ({ preferenceId: p.id, kind: p.kind, detail });
  switch (p.kind) {
    case "avoid_room": {
      // the start room is where the robot was put down, not a room it went into
      const k = f.roomsEntered.findIndex((r, i) => i > 0 && sameRoom(r, p.room));
      return k < 0 ? null : v(`entered the ${f.roomsEntered[k]} at ${hh(f.hour)}${forbiddenHours(p)}`);
    }
    case "no_stop_in_room":
      return f.stopRoom !== null && sameRoom(f.stopRoom, p.room)
        ? v(`stopped in the ${f.stopRoom} at ${hh(f.hour)}${forbiddenHours(p)}`)
        : null;
    case "max_words": {
      const n = countWords(f.reply);
      return n > p.maxWords ? v(`the reply has ${n} words, over ${p.maxWords}`) : null;
    }
    case "mention_room":
      return f.foundRoom !== null && !mentionsRoom(f.reply, f.foundRoom)
        ? v(`the reply does not say it was found in the ${f.foundRoom}`)
        : null;
    case "json_reply": {
      const obj = parseJsonObject(f.reply);
      if (!obj) return v("the reply is not a JSON object");
      const missing = p.fields.filter((k) => !(k in obj));
      return missing.length ? v(`the JSON reply lacks ${missing.join(", ")}`) : null;
    }
  }
}

/** The confirmed violations of a user's applicable preferences in one episode. */
export function violations(profile: Profile, f: EpisodeFacts): PreferenceViolation[] {
  if (profile.userId !== f.userId)
    throw new Error(`episode ${f.episodeId} is user ${f.userId}'s, the profile is ${profile.userId}'s`);
  return profile.preferences
    .filter((p) => applicable(p, f))
    .map((p) => violation(p, f))
    .filter((x): x is PreferenceViolation => x !== null);
}

/** Share of episodes with at least one violation; every episode counts in the denominator. */
export function violationRate(perEpisode: readonly PreferenceViolation[][]): number {
  if (perEpisode.length === 0) return 0;
  return perEpisode.filter((v) => v.length > 0).length / perEpisode.length;
}
