/**
 * The part of the day a clause names elsewhere, for its bare clock times: "in the evening,
 * between 6 and 8" is 18 → 20.
 */
export function partOfDay(clause: string): string | undefined {
  const night = /\b(?:night|nights|week-?nights?|nighttime|tonight|dark|evenings?|afternoons?)\b/i.test(clause);
  const morning = /\bmornings?\b/i.test(clause);
  if (!night && !morning) {
    // a meal says the part of the day its hours are in: "from 7 to 9, we have supper then"
    const meal = /\b(?:(breakfast)|(brunch|lunch|lunchtime|lunch time)|(dinner|supper|tea ?time)(?: ?time)?)\b/i.exec(
      clause,
    );
    if (meal) return meal[1] ? "in the morning" : meal[2] ? "in the afternoon" : "in the evening";
  }
  if (night === morning) return undefined;
  return night ? (/\bnight|dark\b/i.test(clause) ? "at night" : "in the evening") : "in the morning";
}
