/**
 * Kin words from other languages that people keep when they speak English ("my abuela", "my tío
 * Jorge", "Oma's clock"): each under the concept it names, so a request in English ("my
 * father's brother") finds what was said with the borrowed word, and the other way round.
 *
 * Only words that name one relation wherever they are borrowed from and are not also an English
 * word or a common given name: "amma" (a grandmother in Icelandic, a mother in Tamil), "nana" (a
 * grandmother in English, a grandfather in Hindi), "teta" (a grandmother in Arabic, an aunt in Czech), "lola", "tito" and
 * "didi" (also given names), "ate" and "imo" (English words) are left out.
 * Each is written with and without its accents, since people type both.
 */
import { wordTable } from "./token.ts";

export const KIN_WORDS: Readonly<Record<string, readonly string[]>> = wordTable({
  grandparent: [
    "abuel(?:a|o|ita|ito)s?",
    "nonn(?:a|o|ina|ino)",
    "oma",
    "opa",
    "omi",
    "bubb(?:e|ie|y)",
    "zayde",
    "zaide",
    "yiayia",
    "yaya",
    "pap(?:p)?ou",
    "halmeoni",
    "halmoni",
    "harabeoji",
    "obaa(?:chan|san)",
    "ojii(?:chan|san)",
    "babcia",
    "dziadek",
    "mormor",
    "morfar",
    "farmor",
    "farfar",
    "bebia",
    "babushka",
    "dedushka",
    "av[óô]",
    "vov[óô]",
    "grand-?m[èe]re",
    "grand-?p[èe]re",
    "dadi",
    "nani ?ji",
    "dadi ?ji",
    "nai ?nai",
    "lao ?lao",
    "jiddo",
  ],
  "aunt or uncle": [
    "t[íi]os?",
    "t[íi]as?",
    "zio",
    "zia",
    "tante",
    "onkel",
    "oncle",
    "chach[ai]",
    "mausi",
    "khala",
    "samchon",
    "gomo",
  ],
  parent: ["mam[áã]", "pap[áà]", "mãe", "maman", "mutti", "vati", "eomma", "appa"],
  sibling: [
    "herman[ao]s?",
    "hermanit[ao]s?",
    "sorella",
    "fratello",
    "unnie",
    "oppa",
    "noona",
    "hyung",
    "kuya",
    "bhaiya",
    "bhai",
  ],
  child: ["hij[ao]s?", "mij[ao]", "figli[ao]"],
  "spouse or partner": ["espos[ao]", "marido", "moglie", "marito"],
});
