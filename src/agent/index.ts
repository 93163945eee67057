/**
 * What other parts may use of src/agent: the episode loop (runEpisode), its memory modes,
 * grounding and the events it emits. Imports across parts come here (.dependency-cruiser.cjs,
 * part-interfaces).
 */
export { AgentConfig } from "./config.ts";
export { runAgent } from "./episode.ts";
export { CallSummary, EpisodeEvent, EventStream, SENT_IMAGE } from "./events.ts";
export type { MemoryAccess, PolarMemory } from "./memory-access.ts";
export type { EpisodeError } from "./outcome-error.ts";
export { classifyError, ErrorKind } from "./outcome-error.ts";
export { InteractionLog } from "./raw-interactions.ts";
export { loadReferenceImage } from "./reference-image.ts";
export type { Referent, Task } from "./task.ts";
export { Stopwatch } from "./timing.ts";
