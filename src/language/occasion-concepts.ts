/**
 * Occasions as everyday concepts (concepts.ts), each with the paraphrases that name it without
 * its word: an age reached or a cake with candles is a birthday, getting hitched a wedding, the
 * day one left work for good a retirement, walking the stage a graduation, and the day said in a
 * speaker's first language ("mi boda", "el cumpleaños"). A request for a gift given at one is
 * matched with the statement that says it, however either says it.
 */
import type { Concept } from "./concept.ts";

export const OCCASIONS: Concept[] = [
  {
    label: "graduation",
    says: [
      "graduat(?:ion|ed|ing|e)",
      "(?:my |a )?(?:degree|diploma)",
      "finished (?:school|college|university|uni|my studies|my degree)",
      "commencement",
      // qualifying in a profession ends its training: "when I qualified as a nurse"
      "qualif(?:ied|ying)",
      "passed (?:my|the|her|his) (?:finals|bar|boards)",
      "cap and gown",
      "walked (?:the|across the) stage",
    ],
  },
  {
    label: "birthday",
    says: [
      "birthdays?",
      "bday",
      // an age reached is a birthday: "when I turned 40", "for my sixtieth"
      "turn(?:ed|ing|s)? (?:[0-9]+|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ]\\p{L}+)?|eighteen|sixteen|twenty-one|a hundred)",
      // a small age said in words, where the sentence moves on after it ("when she turned six, we…"), not "turned two pages"
      "turn(?:ed|ing|s)? (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|seventeen|nineteen)(?= years? old|$|[.,!?;)]| (?:and|when|that|this|last|in|on|at|so|but|i|we|he|she|they|the user)(?!\\p{L}))",
      "(?:my|our|his|her|their|the user's) (?:[1-9][0-9](?:st|nd|rd|th)|(?:\\p{L}+-)?\\p{L}+ieth|sixteenth|eighteenth|twenty-first|21st)(?= (?:birthday|party|present|gift)|$|[.,!?])",
      // a round age said as its digits spoken: "the big four-oh"
      "(?:the )?big (?:two|three|four|five|six|seven|eight|nine)-? ?oh",
      "birthday (?:cake|candles)",
      // the cake, its candles and the year gone by name the day without naming it
      "(?:the |a |my )?cake and (?:the )?candles",
      "candles on (?:the|a|my|his|her) cake",
      "(?:blew|blow|blowing|blows) out (?:the |my |his |her )?candles",
      "(?:turn(?:ed|ing|s)?|bec(?:a|o)me|got|getting|grew|was|am|being) (?:a|one|another) years? older",
      "(?:cumpleaños|cumple|compleanno|anniversaire|geburtstag|aniversário)",
    ],
  },
  {
    label: "wedding",
    says: [
      "weddings?",
      "marriage",
      "anniversar(?:y|ies)",
      "honeymoon",
      "got married",
      "(?:got|getting|get) (?:hitched|wed)",
      "t(?:ied|ie|ying) the knot",
      "walked down the aisle",
      "(?:our|my|the) (?:big day|nuptials)",
      "(?:when|the day|the year) (?:we|i|me and \\p{L}+|\\p{L}+ and (?:i|me)) (?:married|wed)",
      // the day said in the speaker's first language
      "boda",
      "aniversario",
      "casamento",
      "matrimonio",
      "nozze",
      "hochzeit",
      "mariage",
    ],
  },
  {
    label: "christmas",
    says: [
      "christmas",
      "xmas",
      "yule(?:tide)?",
      "(?:the )?festive (?:season|period)",
      "under the tree",
      "holiday (?:gifts?|presents?)",
      "hanukkah",
      "(?:late|mid-?) ?december",
      "(?:the )?(?:25th|twenty-fifth) of december",
      "december (?:the )?(?:25th|twenty-fifth)",
      "boxing day",
      "under the (?:little |christmas |xmas )?tree",
      "navidad",
      "natale",
      "stocking",
      "santa",
    ],
  },
  {
    // leaving work for good, and the gifts and parties that mark it
    label: "retirement",
    says: [
      "retirement",
      "(?:when|after|since|the day|the year) (?:i|he|she|we|mi|me|they) (?:retired|retire|retiring)",
      "(?:i|he|she|we|mi) retired",
      "(?:leaving|farewell|send-?off) (?:do|party|gift|present|drinks|card|dinner)",
      "(?:when|after|the day) (?:i|he|she|we|mi) (?:left|finished (?:at|with)) (?:the|my|his|her|our) (?:job|firm|company|bank|office|post|works|depot|station|shop|school|practice)",
      "(?:gave up|stopped|finished) work(?:ing)? for good",
      // a trade given up: "when I stopped driving (the cab)", "after she quit nursing"
      "(?:when|after|since|the day|the year) (?:i|he|she|we|mi|they|the user) (?:stopped|quit|gave up) (?:work(?:ing)?|driving|teaching|nursing|farming|fishing|trading|practising|practicing)",
      "(?:my|his|her) (?:last|final) day (?:at|on) (?:work|the job|the office)",
      "(?:jubilaci[oó]n|retraite)",
    ],
  },
  {
    // a step up at work: a promotion, a command taken, a title gained
    label: "promotion",
    says: [
      "promot(?:ion|ions|ed)",
      "(?:took|take|taking|takes|got|given) (?:over )?(?:command|charge)(?: of)?",
      "(?:made|became|become|becoming|was made|got made) (?:a |the )?(?:captain|skipper|manager|boss|head|chief|partner|foreman|forewoman|supervisor|director|principal|head ?teacher|headmaster|headmistress|sergeant|inspector|editor|professor|lead|senior \\p{L}+)",
      "(?:got|get|gets|landed) (?:the|a|my|his|her) (?:promotion|top job|own (?:boat|ship|crew|team|ward|shop|office))",
    ],
  },
  {
    label: "special occasion",
    says: [
      "special[- ]occasions?",
      "(?:fancy|formal|special|big|dressy) (?:events?|occasions?|dinners?|nights?|parties|party|days?)",
      "celebrations?",
      // a party of any kind is an occasion: "the bag I carry to parties" is its occasion bag
      "part(?:y|ies)",
      "dress(?:ing)? up",
      "black tie",
      "galas?",
    ],
  },
];
