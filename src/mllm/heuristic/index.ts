/**
 * What other parts may use of src/mllm/heuristic: the offline backbone; it registers itself when
 * imported (src/compose/wiring.ts does). Imports across parts come here (.dependency-cruiser.cjs,
 * part-interfaces); scripts/dev/part-imports.ts keeps the list below.
 */

/*
 * Imported directly, not through this file: each loads a package at import that start-up must
 * not load (issue 23), so only a module that pays for it anyway reaches it (a command, when it
 * runs). .dependency-cruiser.cjs reads these lines; scripts/dev/part-imports.ts writes them.
 * heavy: ./backbone.ts (@google/genai, openai, sharp)
 */
