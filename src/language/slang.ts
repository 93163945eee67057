/**
 * Words as people type them that stand for other words: contractions without their apostrophe,
 * slang and run-together compounds, and words with their front cut off. The tokenizer reads each
 * as the words it stands for; a newcomer extends the tables here.
 */
import { wordTable } from "./token.ts";

/**
 * Words said with their front cut off and an apostrophe in its place ("go 'head", "'cause it's
 * late", "'til nine"): the apostrophe is no opening quote, and the word is the whole word.
 */
export const FRONT_CUT: Record<string, string> = wordTable({
  head: "ahead",
  cause: "because",
  cos: "because",
  coz: "because",
  til: "until",
  till: "until",
  em: "them",
  bout: "about",
  fore: "before",
  cept: "except",
  nuff: "enough",
  // an "h" dropped, as London and much of England say it ("listen 'ere", "in 'is room")
  ere: "here",
  is: "his",
  ome: "home",
});

/** Apostrophe-less contractions people type, and slang: the words they stand for. */
export const SLANG: Record<string, string> = wordTable({
  dont: "do not",
  doesnt: "does not",
  didnt: "did not",
  cant: "can not",
  cannot: "can not",
  wont: "will not",
  wouldnt: "would not",
  shouldnt: "should not",
  couldnt: "could not",
  mustnt: "must not",
  isnt: "is not",
  arent: "are not",
  wasnt: "was not",
  werent: "were not",
  havent: "have not",
  hasnt: "has not",
  im: "i am",
  ive: "i have",
  youre: "you are",
  youve: "you have",
  youll: "you will",
  thats: "that is",
  whats: "what is",
  theres: "there is",
  lets: "let us",
  outta: "out of",
  // the formal "therein" of a notice or a contract ("nor remain therein") is "in there", a place said before
  therein: "in there",
  outa: "out of",
  u: "you",
  ya: "you",
  yr: "your",
  r: "are",
  pls: "please",
  plz: "please",
  plse: "please",
  pleez: "please",
  thx: "thanks",
  ty: "thanks",
  nite: "night",
  // slips too short to repair by spelling.ts's rule, typed often enough to name
  ths: "this",
  tme: "time",
  rite: "right",
  tonite: "tonight",
  todey: "today",
  tday: "today",
  thru: "through",
  til: "until",
  till: "until",
  b4: "before",
  // "tl;dr", "tldr" ("too long, didn't read"): the short version of a reply
  tldr: "short version",
  // texting's clipped words of when: unread, "btwn 1 and 3" left a ban without its hours
  btwn: "between",
  btwen: "between",
  betwn: "between",
  tmrw: "tomorrow",
  tmrow: "tomorrow",
  tmoro: "tomorrow",
  wknd: "weekend",
  wkend: "weekend",
  wknds: "weekends",
  wkends: "weekends",
  // subordinators typed as they sound: a condition cut off by one would be lost
  wen: "when",
  whn: "when",
  wenever: "whenever",
  wile: "while",
  // "tell me wat room": a wh-word typed as it sounds, else read as a room's name
  wat: "what",
  wut: "what",
  // the words of a one-off in eye dialect, as Caribbean, West African and texted English write
  // them: read as nothing, "dis time" left a ban for this task lasting
  dis: "this",
  dat: "that",
  wunce: "once",
  wance: "once",
  jus: "just",
  jst: "just",
  tym: "time",
  tyme: "time",
  // Jamaican eye dialect's function words: "doan go inna di bathroom", "tell mi which room yuh
  // find dem in" read as nothing, a one-off or a reply rule said in them was lost
  doan: "do not",
  inna: "in",
  di: "the",
  yuh: "you",
  mi: "me",
  dem: "them",
  wid: "with",
  tings: "things",
  // Scots and Northern English negatives in "-nae"/"-na": a ban said in them was read as nothing
  dinnae: "do not",
  dinna: "do not",
  didnae: "did not",
  doesnae: "does not",
  disnae: "does not",
  cannae: "can not",
  canna: "can not",
  willnae: "will not",
  winnae: "will not",
  wullnae: "will not",
  wouldnae: "would not",
  shouldnae: "should not",
  couldnae: "could not",
  mustnae: "must not",
  isnae: "is not",
  wasnae: "was not",
  havenae: "have not",
  nae: "no",
  // Scots and Glaswegian function words: "stay oot the kitchen", "ma room", "go intae it"
  oot: "out",
  aboot: "about",
  intae: "into",
  ontae: "onto",
  tae: "to",
  fae: "from",
  wi: "with",
  yer: "your",
  ye: "you",
  naw: "no",
  dae: "do",
  gonnae: "going to",
  oan: "on",
  efter: "after",
  noo: "now",
  // "i ment the den": taking back typed as it sounds, so what it puts right is read
  ment: "meant",
  // Australian English's parts of the day: "just for this arvo" is this afternoon, for the task at
  // hand; unread, the one-off it marks was kept as a lasting ban
  arvo: "afternoon",
  sarvo: "this afternoon",
  brekkie: "breakfast",
  brekky: "breakfast",
  // the British spellings of the same subordinators
  whilst: "while",
  amongst: "among",
  rn: "right now",
  cuz: "because",
  coz: "because",
  cos: "because",
  bc: "because",
  bcuz: "because",
  wanna: "want to",
  gonna: "going to",
  gotta: "got to",
  lemme: "let me",
  gimme: "give me",
  kinda: "kind of",
  okay: "ok",
  k: "ok",
  kk: "ok",
  abt: "about",
  ans: "answer",
  msg: "message",
  msgs: "messages",
  wrds: "words",
  replys: "replies",
  rm: "room",
  bedrm: "bedroom",
  bathrm: "bathroom",
  livingroom: "living room",
  diningroom: "dining room",
  laundryroom: "laundry room",
  n: "and",
  ppl: "people",
  "&": "and",
  "+": "plus",
  nevermind: "never mind",
  anymore: "any more",
  everytime: "every time",
});

/**
 * "tl;dr": a word of the slang table typed with a semicolon inside it is one word, no sentence's
 * end; its span runs over the whole of it. Two words with a semicolon between ("den;study") stay apart.
 */
export function gluedAcrossSemicolons<T extends { s: string; start: number; end: number }>(raw: T[]): T[] {
  const out: T[] = [];
  for (let k = 0; k < raw.length; k++) {
    const [a, semi, b] = [raw[k], raw[k + 1], raw[k + 2]];
    const joined = b ? `${a.s}${b.s}`.toLowerCase() : "";
    if (semi?.s === ";" && semi.start === a.end && b?.start === semi.end && SLANG[joined] !== undefined) {
      out.push({ ...a, s: joined, end: b.end });
      k += 2;
    } else out.push(a);
  }
  return out;
}
