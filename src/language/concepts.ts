/**
 * Everyday concepts a person names in many ways: "the cold months" and "in the winter", "my
 * closest pal" and "my best friend", "a souvenir from Japan" and "brought back from Kyoto". A
 * small sentence embedder (MiniLM) misses most of these paraphrases, and a request then grounds
 * on the object that shares its wording instead of its meaning.
 *
 * Each concept is a label and the expressions that denote it, written from general knowledge of
 * English (seasons, times, people and relations, places, occasions, activities, countries and
 * their cities, what an object means to someone), never from a scenario set's templates. Text is
 * glossed with the labels of the concepts it names, on both sides of retrieval (statements as
 * they are stored, requests as they are searched), and an object's statements are compared with
 * a request concept by concept.
 *
 * Longer expressions are matched first and take their words, so "my father's sister" is an aunt,
 * not a father and a sister, and "someone at my job" is a coworker, not a workplace.
 */

import type { Concept } from "./concept.ts";
import { COUNTRIES } from "./countries.ts";
import { respelled } from "./informal.ts";
import { kinChainsIn } from "./kin-chains.ts";
import { KIN_WORDS } from "./kin-words.ts";
import { hasNonLatinWordChar, latinClass } from "./latin-class.ts";
import { OCCASIONS } from "./occasion-concepts.ts";
import { PEOPLE } from "./people-concepts.ts";

export type { Concept } from "./concept.ts";

/** cars said by their make, and models whose names are no other English word */
const CAR_MAKES =
  "toyota|honda|ford|[sš]koda|vauxhall|opel|volkswagen|vw|audi|bmw|beemer|merc(?:edes)?|volvo|fiat|renault|peugeot|citro[eë]n|nissan|mazda|subaru|kia|hyundai|tesla|chev(?:y|rolet)|dodge|chrysler|saab|lada|dacia|suzuki|mitsubishi|land ?rover|range ?rover|lexus|porsche|cadillac|buick|gmc|datsun|trabant|proton|perodua|mahindra|maruti";
const CAR_MODELS =
  "corolla|camry|prius|yaris|hilux|rav ?4|land ?cruiser|civic|corsa|astra|octavia|fabia|clio|micra|passat|fiesta|mondeo|f-?150|cortina|hiace|kombi|outback|impreza|navara|qashqai|tucson|sportage|ute";

/** where a day's journey goes, and what it is made in */
const DAILY_END = "(?:work|school|the office|class|uni(?:versity)?|campus)";
const JOURNEY = "(?:trips?|rides?|journeys?|drives?)";

const CONCEPTS: Concept[] = [
  ...PEOPLE,
  // times
  {
    label: "winter",
    says: [
      "winter(?:time|s)?",
      "(?:the )?cold(?:er)? (?:months|season|weather|days|time of year|mornings|nights)",
      // the dark half of the year far north or south
      "(?:the )?dark(?:er)? (?:months|season|days|time of year|part of the year)",
      "(?:when|if) it(?:'s| is| gets| turns) (?:cold|chilly|freezing|snowy)",
      "snow(?:y|s)?",
      "freezing",
      "chilly",
      "frosty",
    ],
  },
  {
    label: "summer",
    says: [
      "summer(?:time|s)?",
      "(?:the )?(?:warm|warmer|hot|hotter) (?:months|season|weather|days|time of year)",
      "(?:when|if) it(?:'s| is| gets| turns) (?:hot|warm|sunny|boiling)",
      "(?:it is|it'?s) (?:hot|roasting|boiling|scorching|sweltering|baking)(?: out)?",
      "(?:roasting|scorching|sweltering|baking) (?:hot|days|weather)",
      "heat ?waves?",
      "sunny days",
    ],
  },
  {
    label: "rain",
    says: [
      "rain(?:s|y|ing|ed|coats?)?",
      "wet (?:days|weather|mornings|season|spells?)",
      "(?:when|if) it(?:'s| is)? ?wet",
      "(?:when|if) it pours",
      "it'?s pouring",
      "pouring (?:down|with rain)",
      "chucking it down",
      "bucketing(?: it)?(?: down)?",
      "downpours?",
      "drizzl(?:e|y|ing)",
      "storm(?:s|y)?",
      // the sky said to open, weep or pour
      "(?:the )?(?:sky|skies|heavens|clouds) (?:is |are |'s |'re )?(?:open(?:s|ed|ing)?(?: up)?|cry(?:ing)?|cries|weep(?:s|ing)?|pour(?:s|ing)?|heavy and pouring)",
    ],
  },
  { label: "spring", says: ["spring(?:time)?"] },
  { label: "autumn", says: ["autumn", "(?:the )?fall (?:season|months)", "in (?:the )?fall"] },
  { label: "weekend", says: ["week-?ends?", "saturdays?", "sundays?"] },
  { label: "night", says: ["nights?", "night-?time", "evenings?", "bed-?time", "before (?:i go to )?(?:bed|sleep)"] },
  { label: "morning", says: ["mornings?", "breakfast", "when i wake up", "early in the day"] },
  ...OCCASIONS,
  // places and activities
  {
    label: "workplace",
    says: ["(?:the )?office", "at work", "to work", "(?:my )?job", "work ?place", "meetings?"],
  },
  {
    label: "commute",
    // the day's journey in, said as one ("my daily ride downtown", "the morning drive in")
    says: [
      "commut(?:e|es|ing|er)",
      "(?:on|for) the (?:train|bus|subway|metro|tube|tram|ferry|underground|s-bahn|u-bahn)",
      `to and from ${DAILY_END}`,
      `(?:daily|morning|weekday|everyday|work) ${JOURNEY}(?: (?:in|into town|downtown|to ${DAILY_END}))?`,
      `(?:${JOURNEY}|way|getting) (?:in)?to ${DAILY_END}`,
      "the (?:journey|ride|drive|trip) in",
    ],
  },
  // a call one is seen on, by its apps' names too ("she'll zoom me"; no zoom lens, no sports teams)
  {
    label: "video call",
    says: [
      "videos? ?(?:calls?|calling|chats?|chatting|conferenc(?:e|es|ing)|meetings?)",
      "(?:screen|online|virtual|remote) (?:calls?|meetings?)",
      "zoom(?:s|ing|ed)?(?! lens)",
      "(?:ms |microsoft )?teams (?:calls?|meetings?)",
      "skyp(?:e|es|ed|ing)",
      "face ?tim(?:e|es|ed|ing)",
      "webcams?",
    ],
  },
  {
    label: "car",
    says: [
      "cars?",
      "glove ?box",
      "back ?seat",
      "front seat",
      "trunk",
      "boot of the car",
      "vehicles?",
      "trucks?",
      "pick-?ups?(?: trucks?)?",
      "vans?",
      // a car said by its body
      "hatchbacks?",
      "saloon cars?",
      "estate cars?",
      "sedans?",
      "station wagons?",
      "minivans?",
      "people carriers?",
      // "motor" for a car (British, West African, South Asian English), only where it is a place
      // one is in: a toy's or a fan's motor is no car
      "motor ?cars?",
      "(?:in|inside|into) (?:the |my |our |his |her |their )?motor(?! ?(?:bikes?|cycles?|boats?|homes?))",
      "lorry",
      "lorries",
      "cabs?",
      "jeeps?",
      "suvs?",
      "driving",
      "road trips?",
      // a car called by its make or a common model's name (names that are also everyday words left out)
      CAR_MAKES,
      CAR_MODELS,
    ],
  },
  {
    // a second home away from the house: a cabin, a cottage, the country place
    label: "cabin",
    says: [
      "cabins?",
      "cottages?",
      "chalets?",
      "shacks?",
      "bothy",
      "dachas?",
      "(?:lake|beach|holiday|summer|weekend|country|vacation|mountain|lakeside|seaside)(?: ?house| ?home| place| cottage| retreat| property)s?",
      "(?:lakeside|country|mountain|weekend|woodland) retreats?",
      "(?:little |wee |small )?(?:wooden|log) (?:house|place|home|hut)s?",
      "(?:our|the|my) (?:little|wee|small) (?:place|house) (?:on|by|at|in|up|out|down)(?= )",
    ],
  },
  {
    label: "travel",
    says: [
      "trips?",
      "travel(?:s|led|ling|ing)?",
      "vacations?",
      "flights?",
      "flying",
      "abroad",
      "souvenirs?",
      "brought (?:it |them )?back from",
      "journeys?",
      "hols",
      "on holiday",
      "(?:summer|beach|package|camping|school) holidays?",
      "excursions?",
      "getaways?",
      "outings?",
    ],
  },
  {
    label: "running",
    says: [
      "runs?",
      "running(?! (?:late|behind|low|out|short|errands?|around after))",
      "jog(?:s|ging)?",
      "laps",
      "marathons?",
      "[0-9]+ ?k races?",
    ],
  },
  { label: "gym", says: ["gym", "work ?outs?", "working out", "exercis(?:e|ing)", "fitness", "weights", "training"] },
  { label: "hiking", says: ["hik(?:e|es|ing)", "trails?", "trek(?:s|king)?", "mountains?", "camping", "outdoors"] },
  {
    label: "beach",
    says: [
      "beach(?:es)?",
      "seaside",
      "the sea",
      "the ocean",
      "the shore",
      "swimming",
      "pool",
      "sun ?loungers?",
      "sun ?beds?",
      "deck ?chairs?",
      "sunbath(?:e|ing)",
    ],
  },
  {
    label: "photography",
    says: ["photo(?:graph)?s?", "photography", "pictures", "pics", "snapshots?", "shoot(?:ing)? (?:photos|pictures)"],
  },
  { label: "reading", says: ["read(?:s|ing)?", "novels?"] },
  { label: "music", says: ["music", "songs?", "listen(?:ing)? to", "playlists?", "podcasts?", "concerts?"] },
  { label: "cooking", says: ["cook(?:ing)?", "bak(?:e|ing)", "recipes?", "meals?"] },
  {
    label: "play",
    says: ["play(?:s|ing|time|ed)?", "games?", "gaming"],
  },
  { label: "school", says: ["school", "class(?:es)?", "homework", "lessons?", "studying"] },
  // what an object means to its owner
  {
    label: "sentimental",
    says: [
      "sentimental",
      "memor(?:y|ies)",
      "means? (?:a lot|so much|the world|everything)",
      "emotional(?:ly)?",
      "keepsakes?",
      "(?:could|can|would|will) never (?:part with|give (?:it |them )?up|throw (?:it |them )?away|let (?:it |them )?go|get rid of)",
      "treasur(?:e|ed|es)",
      "close to my heart",
      "priceless",
    ],
  },
  {
    label: "inherited",
    says: ["handed down", "passed down", "inherit(?:ed)?", "heirlooms?", "(?:a |the )?family piece"],
  },
  {
    label: "favourite",
    says: [
      "favou?rites?",
      "(?:like|love|prefer) (?:it |them )?(?:best|most|the most)",
      "best of all",
      "go-?to",
      "number one",
    ],
  },
  { label: "spare", says: ["spares?", "backups?", "back-?ups?", "extras?", "just in case", "reserve"] },
  { label: "shared", says: ["shar(?:e|es|ed|ing) (?:it |them )?with", "borrow(?:s|ed)?", "lend(?:s)?", "we both use"] },
  { label: "found", says: ["found", "discovered", "came across", "stumbled (?:on|upon)"] },
  {
    label: "second-hand",
    says: [
      "second-? ?hand",
      "flea markets?",
      "thrift (?:stores?|shops?)",
      "thrifted",
      "charity shops?",
      "op shops?",
      "(?:car )?boot sales?",
      "(?:jumble|yard|garage|rummage|estate) sales?",
      "(?:market )?stalls?",
      "antique (?:shops?|stores?|markets?|fairs?)",
      "pre-?(?:owned|loved)",
      "bric-a-brac",
      "haggl(?:e|ed|ing)",
      "bargain(?:ed|ing)? (?:for|over|down)",
    ],
  },
  {
    label: "luck",
    says: [
      "lucky",
      "(?:good )?luck",
      "(?:good )?fortune",
      "talismans?",
      "charms?",
      "amulets?",
      "mascots?",
      "superstitio(?:n|us)",
      "jinx(?:ed)?",
    ],
  },
  // "a brew" is tea to some and coffee or beer to others: left out
  { label: "tea", says: ["tea", "cuppas?", "earl grey", "chai", "herbal infusions?"] },
  {
    label: "coffee",
    says: ["coffee", "espressos?", "lattes?", "cappuccinos?", "flat whites?", "americanos?", "macchiatos?", "mochas?"],
  },
  ...COUNTRIES,
];

// Compiled on first use. V8 compiles each expression twice (interpreted, then native), and with
// Unicode property classes that cost ~0.35 s of CPU per process and thread. Text whose letters and
// digits are all Latin is read over an explicit Latin class instead (same spans, a tenth of the
// CPU); other text takes the Unicode expressions.
type Compiled = { label: string; re: RegExp; length: number }[];
let latinCompiled: Compiled | null = null;
let unicodeCompiled: Compiled | null = null;

function compile(latin: boolean): Compiled {
  const word = latin ? latinClass(/[\p{L}\p{N}]/u) : "[\\p{L}\\p{N}]";
  const letter = latin ? latinClass(/\p{L}/u) : "\\p{L}";
  return (
    CONCEPTS.flatMap((c) =>
      [...c.says, ...(KIN_WORDS[c.label] ?? [])].map((s) => ({
        label: c.label,
        length: s.length,
        re: new RegExp(`(?<!${word})(?:${s.replaceAll("\\p{L}", letter)})(?!${word})`, latin ? "g" : "gu"),
      })),
    )
      // longer expressions take their words first (their length as written: the same order both ways)
      .sort((a, b) => b.length - a.length)
  );
}

function compiledFor(text: string): Compiled {
  if (hasNonLatinWordChar(text)) {
    unicodeCompiled ??= compile(false);
    return unicodeCompiled;
  }
  latinCompiled ??= compile(true);
  return latinCompiled;
}

/** The labels of the concepts a text names, in the order of the concept list. */
export function conceptsIn(text: string): string[] {
  let rest = respelled(text).toLowerCase().replace(/[’‘]/g, "'");
  const found = new Set<string>();
  // a chain of kin words names the relation it composes into, not each word's ("mum's mum")
  for (const { a, b, relation } of kinChainsIn(rest)) {
    found.add(relation);
    rest = rest.slice(0, a) + " ".repeat(b - a) + rest.slice(b);
  }
  for (const { label, re } of compiledFor(rest)) {
    re.lastIndex = 0;
    if (!re.test(rest)) continue;
    found.add(label);
    re.lastIndex = 0;
    rest = rest.replace(re, (m) => " ".repeat(m.length));
  }
  return CONCEPTS.map((c) => c.label).filter((l) => found.has(l));
}

/** The text as the embedder reads it: its informal spellings spelt out, with the labels of the concepts it names, when it names any. */
export function glossed(text: string): string {
  const standard = respelled(text);
  const labels = conceptsIn(standard);
  return labels.length ? `${standard} (${labels.join(", ")})` : standard;
}

/**
 * How much of what a request names an object's statements name too: the share of the request's
 * concepts found among the statements' (0 when the request names none).
 */
export function conceptCoverage(request: readonly string[], statements: readonly string[]): number {
  if (request.length === 0) return 0;
  const held = new Set(statements.flatMap(conceptsIn));
  return request.filter((c) => held.has(c)).length / request.length;
}
