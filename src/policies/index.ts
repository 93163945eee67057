/**
 * What other parts may use of src/policies: the policies that decide in code, without a model.
 * The heuristic backbone (src/policies/heuristic) is the offline policy in one place: its
 * grounding, memory extraction, room choice, steering, stop rule, view judging and replies, with
 * its thresholds; it registers itself when imported (src/compose/wiring.ts does). src/mllm keeps
 * the Policy contract and the model providers. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./heuristic/backbone.ts (@google/genai, openai, sharp)
 */
