/**
 * Places far away, by country, with the cities people name instead ("a souvenir from Kyoto" names
 * Japan): concepts (concepts.ts) like any other, kept apart as a list of their own.
 */
export const COUNTRIES: { label: string; says: string[] }[] = [
  { label: "japan", says: ["japan(?:ese)?", "kyoto", "tokyo", "osaka", "nara", "hokkaido", "okinawa"] },
  { label: "france", says: ["france", "french", "paris(?:ian)?", "lyon", "marseille", "provence"] },
  { label: "italy", says: ["ital(?:y|ian)", "rome", "venice", "florence", "milan", "naples", "tuscany", "sicily"] },
  { label: "spain", says: ["spain", "spanish", "madrid", "barcelona", "seville", "ibiza"] },
  {
    label: "united kingdom",
    says: ["england", "english", "britain", "british", "uk", "london", "scotland", "edinburgh"],
  },
  { label: "germany", says: ["germany", "german", "berlin", "munich", "hamburg"] },
  { label: "mexico", says: ["mexic(?:o|an)", "cancun", "oaxaca"] },
  { label: "china", says: ["china", "chinese", "beijing", "shanghai", "hong kong"] },
  { label: "india", says: ["india(?:n)?", "delhi", "mumbai", "goa"] },
  { label: "greece", says: ["greece", "greek", "athens", "santorini", "crete"] },
  { label: "thailand", says: ["thai(?:land)?", "bangkok", "phuket"] },
  {
    label: "united states",
    says: ["america(?:n)?", "usa", "the states", "new york", "california", "hawaii", "florida"],
  },
  { label: "canada", says: ["canad(?:a|ian)", "toronto", "vancouver", "montreal"] },
];
