/**
 * Words of other languages that English speakers at home mix in, for the few things the robot
 * must read whatever the language: what an object is called, and that something holds now rather
 * than before. Only words no English word is spelt like ("portable", "casque", "handy", "bone" are
 * left out), written without accents (contentWords drops them). A newcomer adds a language here, in
 * one place; nothing else needs to know which language a word came from.
 */

import { singular } from "./bag-of-words.ts";
import { wordTable } from "./token.ts";

const NAMES: Readonly<Record<string, readonly string[]>> = wordTable({
  // Spanish, French, Portuguese, Italian, German, Tagalog, Hindi-Urdu and Punjabi, in that order where each has one
  backpack: ["mochila", "zaino"],
  bag: ["bolsa", "bolso", "sacoche", "borsa", "tasche", "thaila", "thaili", "jhola"],
  ball: ["pelota", "balon", "ballon", "balle", "bola", "palla", "pallone"],
  book: ["libro", "cuaderno", "livre", "cahier", "livro", "caderno", "quaderno", "buch", "kitab", "kitaab", "pustak"],
  camera: ["camara", "fotocamera", "kamera"],
  cellphone: ["celular", "movil", "telefono", "cellulaire", "telephone", "cellulare", "telefonino"],
  eyeglasses: [
    ...["lentes", "gafas", "anteojos", "lunettes", "oculos", "occhiali", "brille", "salamin"],
    ...["chashma", "chasma", "ainak"],
  ],
  hat: ["sombrero", "gorra", "gorro", "chapeau", "casquette", "chapeu", "cappello", "mutze", "sumbrero", "topi"],
  headphones: ["audifonos", "auriculares", "ecouteurs", "fones", "cuffie", "kopfhorer"],
  keys: [
    ...["llave", "llaves", "cle", "cles", "clef", "clefs", "chave", "chaves", "chiave", "chiavi"],
    ...["schlussel", "susi", "chabi", "chaabi", "chabhi", "chaabhi"],
  ],
  laptop: ["computadora", "portatil", "ordenador", "ordinateur", "computador"],
  mug: ["taza", "tazon", "tasse", "caneca", "tazza", "becher", "tasa"],
  shoes: [
    ...["zapato", "zapatos", "tenis", "botas", "chaussure", "chaussures", "soulier", "souliers", "bottes"],
    ...["sapato", "sapatos", "tenis", "scarpa", "scarpe", "schuh", "schuhe", "stiefel"],
    ...["joota", "joote", "jootay", "juta", "jutti", "juttis", "chappal", "chappals"],
  ],
  "teddy bear": ["peluche", "osito", "nounours", "doudou", "pelucia", "orsacchiotto"],
  toy: ["juguete", "jouet", "brinquedo", "giocattolo", "spielzeug", "laruan", "khilona", "khilone"],
  wallet: [
    ...["billetera", "cartera", "monedero", "portefeuille", "carteira", "portafoglio", "geldborse"],
    ...["pitaka", "batua", "batwa"],
  ],
  watch: ["reloj", "montre", "relogio", "orologio", "uhr", "relo", "ghadi", "ghari"],
});

/** Each category's names in other languages, with the singular contentWords reads them as. */
export const BORROWED_CATEGORY_NAMES: Readonly<Record<string, readonly string[]>> = wordTable(
  Object.fromEntries(
    Object.entries(NAMES).map(([c, names]) => [c, [...new Set(names.flatMap((n) => [n, singular(n)]))]]),
  ),
);

/**
 * "Now" against before, in the same languages: a request or a statement saying one marks a change
 * as "these days" does ("the mug I use ahora").
 */
export const BORROWED_NOW = [
  "ahora",
  "maintenant",
  "desormais",
  "dorenavant",
  "agora",
  "adesso",
  "jetzt",
  "ngayon",
  "abhi",
  "aajkal",
  "ajkal",
];

/**
 * The small words of the pidgins and languages English speakers mix in: particles, pronouns,
 * copulas, function words (Nigerian Pidgin, Tagalog, Hindi-Urdu, Scots). The English lexicon
 * lacks them, so a request typed without capitals took them for names, and an object whose
 * statements the same user worded the same way matched the request on them. They are never a
 * name; they still count as another language's words (names.ts).
 */
export const BORROWED_SMALL_WORDS: ReadonlySet<string> = new Set([
  ...["wey", "dey", "don", "dem", "una", "abeg", "pikin", "oga", "sabi", "wetin", "sef", "sha", "oya", "jare"],
  ...["abi", "shey", "comot", "waka", "wahala", "ehen", "ehn"],
  ...["po", "naman", "sige", "talaga", "lang", "kasi", "yung", "ba", "ito", "iyan", "sa", "ng", "mga"],
  ...["yaar", "hai", "nahi", "nahin", "kya", "bhi", "toh", "accha", "acha", "haan", "kahan", "mera", "meri"],
  ...["dinnae", "cannae", "wouldnae", "didnae", "isnae", "wasnae", "doesnae", "youse", "aye"],
]);
