/**
 * Words of French and Spanish (and a few of Swahili) said inside English, as households that speak them beside English
 * mix them in ("keep out of la sala, porque I nap", "the den, là, you may enter, mais not
 * after supper", "tu y vas pas"): the grammar reads English, so each such word is read as the English
 * word it stands for, by word class (joining, negation, how often, fillers, articles, the parts of
 * the day, the numbers of a clock), and a French negated verb of going is read as the English
 * clause it says. The room nouns are in rooms.ts. Words that are English words too ("once",
 * "car", "sale") are left as typed; a word whose reading depends on its neighbours is read only
 * beside them ("y" is "and" before a Spanish word, "la" is "the" before a word).
 */
import { isWord, type Reading, readAsEnglish, type Token, wordTable } from "./token.ts";

/** Words read as one English word, or none (""): fillers and particles that say only the speaker's stance. */
const AS_ENGLISH: Record<string, string> = wordTable({
  // joining, contrast, reason
  pis: "and",
  puis: "and",
  mais: "but",
  pero: "but",
  porque: "because",
  // negation and how often
  jamais: "never",
  nunca: "never",
  pas: "not",
  siempre: "always",
  toujours: "always",
  et: "and",
  // prepositions of place and time
  entre: "between",
  dans: "in",
  après: "after",
  avant: "before",
  desde: "from",
  hasta: "until",
  // Swahili said inside Kenyan English: yes and no, being fine, and the parts of the day
  hapana: "no",
  sawa: "ok",
  iko: "is",
  usiku: "at night",
  mchana: "in the day",
  // parts of the day
  nuit: "night",
  noche: "night",
  soir: "evening",
  matin: "morning",
  jour: "day",
  // hours and their numbers, as a clock is read
  heures: "oclock",
  heure: "oclock",
  horas: "oclock",
  deux: "two",
  trois: "three",
  quatre: "four",
  cinq: "five",
  huit: "eight",
  neuf: "nine",
  dix: "ten",
  onze: "eleven",
  douze: "twelve",
  dos: "two",
  tres: "three",
  cuatro: "four",
  cinco: "five",
  seis: "six",
  siete: "seven",
  ocho: "eight",
  nueve: "nine",
  diez: "ten",
  doce: "twelve",
  // the same, said of a rule before
  mismo: "same",
  misma: "same",
  // a verb of entering, said after its negation ("no entres")
  entres: "go",
  entras: "go",
  entrar: "go",
  entren: "go",
  vayas: "go",
  vayan: "go",
  // fillers, vocatives and particles of stance
  là: "",
  tsé: "",
  tse: "",
  pues: "",
  bueno: "",
  oye: "",
  mijo: "",
  mija: "",
  porfa: "please",
});

/** Room nouns that are English words too ("a hair salon"): read as the room only after an article of their language. */
const ROOM_AFTER_ARTICLE: Record<string, string[]> = wordTable({ salon: ["living", "room"], sala: ["living", "room"] });

/** Articles read as "the" before a word. */
const ARTICLES = new Set(["la", "le", "les", "el", "los", "las", "lo"]);

/** French subjects, verbs of going and words of negation, for "tu y vas pas". */
const FR_SUBJECT = new Set(["tu", "vous", "on"]);
const FR_GO = new Set(["vas", "va", "allez", "entres", "entrez", "rentres", "rentrez"]);
const FR_NOT = new Set(["pas", "pu", "plus", "jamais"]);

/** "tu y vas pas", "vous entrez jamais": the clause it says in English, and the tokens it spans. */
function frenchNegatedGoing(tokens: readonly Token[], k: number): { words: string[]; last: number } | undefined {
  if (!FR_SUBJECT.has(tokens[k].w)) return undefined;
  let j = k + 1;
  const there = tokens[j]?.w === "y";
  if (there) j++;
  if (!FR_GO.has(tokens[j]?.w ?? "")) return undefined;
  j++;
  let never = false;
  let negated = false;
  while (FR_NOT.has(tokens[j]?.w ?? "")) {
    negated = true;
    never ||= tokens[j].w === "jamais";
    j++;
  }
  if (!negated) return undefined;
  const words = ["you", ...(never ? ["never"] : ["do", "not"]), "go", ...(there ? ["in", "there"] : [])];
  return { words, last: j - 1 };
}

/** The words a French or Spanish word says beside its neighbours, and how many tokens they span. */
function inContext(tokens: readonly Token[], k: number): Reading | undefined {
  const w = tokens[k].w;
  const next = tokens[k + 1]?.w;
  const fr = frenchNegatedGoing(tokens, k);
  if (fr) return { words: fr.words, span: fr.last - k + 1 };
  // "por favor", "y lo mismo", "no entres al baño": read only beside the words that make them Spanish
  if (w === "por" && next === "favor") return { words: ["please"], span: 2 };
  if (w === "y" && next !== undefined && (ARTICLES.has(next) || next in AS_ENGLISH)) return { words: ["and"], span: 1 };
  if (w === "a" && ARTICLES.has(next ?? "") && AS_ENGLISH[tokens[k - 1]?.w ?? ""] === "go")
    return { words: ["in"], span: 1 };
  // "l'après-midi", "après-midi": the afternoon, said as a part of the day is
  if (/^l?apr[eè]s$/.test(w) && next === "midi") return { words: ["in", "the", "afternoon"], span: 2 };
  const room = ROOM_AFTER_ARTICLE[next ?? ""];
  if (ARTICLES.has(w) && room) return { words: ["the", ...room], span: 2 };
  if (ARTICLES.has(w) && isWord(next) && (w !== "la" || !/^(?:la|lah)$/.test(next ?? "")))
    return { words: ["the"], span: 1 };
  // ", là, …": a filler set off by commas leaves one comma
  if (AS_ENGLISH[w] === "" && tokens[k - 1]?.w === "," && next === ",") return { words: [], span: 2 };
  return undefined;
}

/** The tokens with the French and Spanish words read as the English they stand for. */
export const otherTongues = (tokens: readonly Token[]): Token[] => readAsEnglish(tokens, inContext, AS_ENGLISH);
