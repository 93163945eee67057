/**
 * The preference scorer (TellOnce §5.1 "Metrics", appendix C.5): a user's hidden profile
 * against what actually happened in one episode. It never sees the method, its rules or its
 * verdicts, and it shares no code with the rule layer: its own word count (words as a reader
 * counts them, keys and values of a JSON reply included), its own JSON reading (a field must
 * hold a value: `{"room": null}` names no room), its own room names (the simulator's region
 * labels, region.ts) and its own clock. A reply the layer passes can still be a violation here.
 *
 * The preference violation rate over a set of episodes is the share with at least one
 * violation; every episode stays in the denominator (violationRate).
 */
import type { EpisodeFacts } from "./episode-facts.ts";
import { type HourWindow, inWindow, type Preference, type Profile } from "./profile.ts";
import { sameRegion, textNames } from "./region.ts";

export interface PreferenceViolation {
  preferenceId: string;
  kind: Preference["kind"];
  detail: string;
}

const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;

/** Words as a reader counts them: runs of letters or digits, an inner apostrophe or hyphen kept in one. */
export function readerWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
}

/** A reply that is one JSON object (bare, or in one ```json fence): its fields; undefined otherwise. */
export function jsonFields(reply: string): Record<string, unknown> | undefined {
  let body = reply.trim();
  const fence = /^```[a-z]*\s*\n?([\s\S]*?)\n?```$/i.exec(body);
  if (fence) body = fence[1].trim();
  if (!body.startsWith("{")) return undefined;
  try {
    const v: unknown = JSON.parse(body);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const holdsValue = (v: unknown) => v !== null && v !== undefined && !(typeof v === "string" && v.trim() === "");

/**
 * Whether a preference applies to an episode: its hours, its house, its exception (the
 * instruction names the room), and for mention_room whether there was anything found to name.
 */
export function applicable(p: Preference, f: EpisodeFacts): boolean {
  if (!inWindow(p.when, f.hour)) return false;
  switch (p.kind) {
    case "avoid_room":
      if (p.sceneId !== undefined && p.sceneId !== f.sceneId) return false;
      return !(p.unlessAsked && textNames(f.instruction, p.room));
    case "no_stop_in_room":
    case "max_words":
    case "json_reply":
      return true;
    case "mention_room":
      return f.found && f.foundRoom !== null;
  }
}

const hours = (w: HourWindow | undefined) => (w ? ` (applies ${hh(w.fromHour)}–${hh(w.toHour % 24)})` : "");

/** The violation of one applicable preference, or null when the episode kept to it. */
function violation(p: Preference, f: EpisodeFacts): PreferenceViolation | null {
  const v = (detail: string): PreferenceViolation => ({ preferenceId: p.id, kind: p.kind, detail });
  switch (p.kind) {
    case "avoid_room": {
      // the start room is where the robot was put down, not a room it went into
      const k = f.roomsEntered.findIndex((r, i) => i > 0 && sameRegion(r, p.room));
      return k < 0 ? null : v(`entered the ${f.roomsEntered[k]} at ${hh(f.hour)}${hours(p.when)}`);
    }
    case "no_stop_in_room":
      return f.stopRoom !== null && sameRegion(f.stopRoom, p.room)
        ? v(`stopped in the ${f.stopRoom} at ${hh(f.hour)}${hours(p.when)}`)
        : null;
    case "max_words": {
      const n = readerWords(f.reply);
      return n > p.maxWords ? v(`the reply has ${n} words, over ${p.maxWords}`) : null;
    }
    case "mention_room":
      return f.foundRoom !== null && !textNames(f.reply, f.foundRoom)
        ? v(`the reply does not say it was found in the ${f.foundRoom}`)
        : null;
    case "json_reply": {
      const obj = jsonFields(f.reply);
      if (!obj) return v("the reply is not a JSON object");
      const missing = p.fields.filter((k) => !holdsValue(obj[k]));
      return missing.length ? v(`the JSON reply has no value for ${missing.join(", ")}`) : null;
    }
  }
}

/** The confirmed violations of a user's applicable preferences in one episode. */
export function violations(profile: Profile, f: EpisodeFacts): PreferenceViolation[] {
  const owner = profile.of ?? profile.userId;
  if (owner !== f.userId) throw new Error(`episode ${f.episodeId} is user ${f.userId}'s, the profile is ${owner}'s`);
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
