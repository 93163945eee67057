/**
 * What other parts may use of src/agent: the episode loop (runEpisode), its memory modes,
 * grounding and the events it emits. Imports across parts come here (.dependency-cruiser.cjs,
 * part-interfaces); scripts/dev/part-imports.ts keeps the list below.
 */
export { AgentConfig } from "./config.ts";
export { CallSummary, EpisodeEvent, EventStream, SENT_IMAGE } from "./events.ts";
export type { MemoryAccess, PolarMemory } from "./memory-access.ts";
export type { EpisodeError } from "./outcome-error.ts";
export { classifyError, ErrorKind } from "./outcome-error.ts";
export { InteractionLog } from "./raw-interactions.ts";
export type { Referent, Task } from "./task.ts";
export { Stopwatch } from "./timing.ts";

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./episode.ts (sharp)
 * heavy: ./reference-image.ts (sharp)
 */
