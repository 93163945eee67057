/**
 * People and the relations between them as everyday concepts (concepts.ts): kin said in one
 * word or in a phrase, partners, friends, colleagues, neighbours, the people one lives with and
 * guests. Kin said as a chain of words ("my mother's mother") is composed in kin-chains.ts first.
 */
import type { Concept } from "./concept.ts";

const PEOPLE_AT_WORK =
  "(?:someone|somebody|people|person|a guy|a friend|the team|my team|folks|(?:the )?(?:crew|gang|lads|boys|girls|guys|staff|others|everyone))";
/** a man, in everyday and slang words */
const GUY = "(?:guy|guys|bloke|blokes|chap|chaps|fella|fellas|fellow|dude|dudes|oke|okes|geezer|lad|lads|gent)";
const MY = "(?:my|our|the)";
const PARENT = "(?:father|dad|daddy|da|pa|papa|pop|mother|mom|mum|mam|mammy|mommy|mummy|ma|mama|parent)";

/** before places: "someone at my job" is a person */
export const PEOPLE: Concept[] = [
  {
    label: "aunt or uncle",
    says: [`${PARENT}'?s (?:brother|sister|sibling)`, "uncle", "aunt", "auntie", "aunty"],
  },
  { label: "cousin", says: [`${PARENT}'?s (?:nephew|niece)`, "cousins?"] },
  {
    label: "grandparent",
    says: [
      `${PARENT}'?s (?:father|dad|mother|mom|mum|parents?)`,
      "grand(?:ma|pa|mother|father|parents?|dad|mum|mom)",
      "granny",
      "grandad",
      "nann?a",
      "nan",
      "gran",
    ],
  },
  {
    label: "grandchild",
    says: [
      "grand(?:son|daughter|kids?|children|child)",
      `${MY} (?:son|daughter|kid|child)'?s (?:son|daughter|kids?|children)`,
    ],
  },
  {
    label: "spouse or partner",
    says: [
      "wife",
      "husband",
      "spouse",
      "hubby",
      "missus",
      "fianc[ée]e?",
      "(?:boy|girl)friend",
      "(?:my )?(?:other|better) half",
      "significant other",
      "partner",
      "(?:my )?sweetheart",
      "(?:the )?love of my life",
    ],
  },
  {
    label: "child",
    says: [
      "sons?",
      "daughters?",
      "kids?",
      "kiddos?",
      "children",
      "child",
      "little ones?",
      "toddlers?",
      // "my eldest" is a child; "my oldest buddy" is a friend, "my youngest sister" a sibling
      "bairns?",
      "weans?",
      // "our lass" is a daughter; "the lad's" a son's, where "the lad" alone is anyone
      "(?:my|our) (?:lad|lass|laddie|lassie)",
      "the (?:lad|lass|laddie|lassie)'s",
      `${MY} (?:boy|girl|boys|girls|youngest|eldest|oldest)(?! (?:friends?|pals?|buddy|buddies|mates?|chums?|sisters?|brothers?|cousins?|colleagues?|neighbou?rs?|aunts?|uncles?))`,
    ],
  },
  {
    label: "parent",
    // "ma" and "da" alone are left out: "ma" is also a spoken "my"
    says: ["parents?", "father", "dad", "daddy", "mother", "mom", "mum", "mam", "mammy", "mommy", "mummy"],
  },
  { label: "sibling", says: ["siblings?", "brothers?", "sisters?", "bro", "sis", "twin"] },
  // what a chain of kin words composes into (kin-chains.ts) when no one word names it
  { label: "nephew or niece", says: ["nephews?", "nieces?"] },
  { label: "in-law", says: ["in-laws?", "(?:mother|father|sister|brother|son|daughter)s?-in-law"] },
  {
    label: "coworker",
    says: [
      "co-?workers?",
      "colleagues?",
      "workmates?",
      "boss",
      "manager",
      "(?:my )?team at work",
      `${PEOPLE_AT_WORK} (?:at|from) (?:my |the |our |the user's )?(?:job|work|office|workplace|(?:\\p{L}+ )?(?:company|firm))`,
      "(?:the )?office (?:party|gift|secret santa)",
    ],
  },
  {
    label: "friend",
    says: [
      "(?:best |closest |oldest |good |dear )?friends?",
      "pals?",
      "buddy",
      "buddies",
      "bestie",
      "bff",
      "chums?",
      "mates?",
    ],
  },
  {
    label: "roommate",
    says: [
      "room-?mates?",
      "flat-?mates?",
      "house-?mates?",
      // the people one shares a home with, however they are called
      `(?:person|people|${GUY}|girl|girls|lass|woman|man|folks?|one|ones|someone|somebody) (?:(?:who|that) )?(?:i|we) (?:live|share (?:a|the|my|our) (?:flat|house|apartment|place|home)) with`,
    ],
  },
  {
    label: "neighbour",
    // the people one lives beside, said by where they live
    says: [
      "neighbou?rs?",
      "next door",
      "(?:across|over) the (?:fence|hedge|road|street|hall|landing|way)(?! from)",
      "(?:beside|next to) (?:us|me|ours|mine)",
      "(?:two|three|a few) doors (?:down|up|along)",
    ],
  },
  {
    label: "guests",
    says: [
      "guests?",
      "visitors?",
      "(?:folk|folks|people|anyone|anybody|someone|somebody|friends) (?:who|that) (?:calls?|drops?|pops?|comes?) (?:in|round|by|over|to visit)",
      "(?:when|if) (?:people|folk|folks|friends|anyone|anybody|someone|somebody|they) (?:calls?|drops?|pops?|comes?) (?:in|round|by|over)",
      "(?:when|if) (?:people|folk|folks|friends|they) visit",
      "company (?:comes|is coming|over)",
      // those who stay the night
      "(?:who|that|whoever|when (?:people|folks?|friends|anyone|someone|they)) (?:sleeps?|stays?) (?:over|the night)",
      "(?:sleeps?|sleeping) on the (?:sofa|couch|sofa ?bed|futon|air ?bed)",
      "sofa ?beds?",
      "(?:spare|guest) (?:rooms?|beds?|bedrooms?)",
      "sleep-?overs?",
    ],
  },
];
