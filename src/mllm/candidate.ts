/** What retrieval hands to grounding and planning: one remembered object and why it came up. */
export interface MemoryCandidate {
  userId: string;
  objectId: string;
  category?: string;
  /** best retrieval score among the statements that led here (recency-aware) */
  score: number;
  /**
   * what the object's memory held at retrieval time, and the statements that led here; one a
   * later interaction superseded is marked (it led here, but it no longer holds)
   */
  statements: { id: string; text: string; timestamp: number; score?: number; superseded?: boolean }[];
  instructions: { episodeId: string; text: string; timestamp: number }[];
  episodic: { episodeId: string; text: string; timestamp: number; success: boolean }[];
  /** where the user's photos of this object are kept, newest first: what recognising it by its looks needs */
  referenceImages?: { path: string; timestamp: number }[];
}

/** A prior interaction as the raw-interaction baseline sees it: text, not a graph. */
export interface RawInteraction {
  episodeId: string;
  timestamp: number;
  instruction: string;
  /** the object the episode ended at (its target), when known */
  objectId?: string;
  category?: string;
  /** the trajectory as text: rooms passed, what was seen, how it ended */
  trajectory: string;
  /** where the photo the user showed in that interaction is kept, when there was one */
  imagePath?: string;
}
