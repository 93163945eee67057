/**
 * Rooms as the scorer knows them: the simulator's own region labels, nothing else. A
 * preference names a region label; a room entered is one when its label is that label (case,
 * spacing and a trailing number aside: "Bedroom 2" is a bedroom). No synonyms, no wider room:
 * the scorer shares no room grammar with the rule layer, so a rule stored for the wrong room
 * is a rule that does not keep the preference.
 */

/** A region label as compared: lower case, single spaces, no trailing number. */
export function regionName(label: string): string {
  return label
    .toLowerCase()
    .replace(/[_-]+/g, " ")
    .replace(/\s+\d+$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

export const sameRegion = (a: string, b: string) => regionName(a) === regionName(b);

/** Whether a text names a region label as words ("…in the laundry room." names "laundry room"). */
export function textNames(text: string, label: string): boolean {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const t = words(text);
  const l = words(regionName(label));
  if (!l.length) return false;
  return t.some((_, i) => l.every((w, j) => t[i + j] === w));
}

/** The local hour (0–23) of a timestamp in a time zone, as the scorer reads the clock. */
export function localHour(ms: number, timeZone = "UTC"): number {
  const parts = new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).formatToParts(
    new Date(ms),
  );
  return Number(parts.find((p) => p.type === "hour")?.value ?? "0") % 24;
}
