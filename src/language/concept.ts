/** A concept a statement or request can say in many words (concepts.ts and its word lists). */
export interface Concept {
  label: string;
  /** expressions, as regular-expression sources matched on word boundaries in lower case */
  says: string[];
}
