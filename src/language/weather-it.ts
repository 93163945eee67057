/**
 * The "it" of the weather and the time of day ("it rains", "it's getting dark", "it was late"):
 * no thing is meant, so a statement writer never reads it as the object the user spoke of.
 */
const WEATHER_VERBS =
  "rains?|rained|raining|pours?|poured|pouring|snows?|snowed|snowing|drizzles?|drizzled|drizzling|hails?|hailed|hailing|thunders?|thundered|freezes|froze|freezing|storms|stormed|storming|sleets?|sleeting";
const STATES =
  "cold|hot|warm|chilly|freezing|dark|light|late|early|wet|dry|sunny|cloudy|windy|humid|muggy|raining|snowing|pouring|drizzling|stormy|foggy|icy";

/** A lookahead for right after "it": true where "it" is the weather's or the hour's. */
export const IMPERSONAL_AFTER_IT = String.raw`(?=\s+(?:(?:${WEATHER_VERBS})\b|(?:is|was|gets|got|turns|turned|'s|s)\s+(?:(?:getting|so|very|really|too|a bit|quite)\s+)?(?:${STATES})\b))`;
