/**
 * What other parts may use of src/policies: the policies that decide in code, without a model.
 * The heuristic backbone (src/policies/heuristic) is the offline policy in one place: its
 * grounding, memory extraction, room choice, steering, stop rule, view judging and replies, with
 * its thresholds. Importing this file registers it as the backbone "heuristic" (src/compose/wiring.ts
 * does; a registry fills as its plug-ins load, src/util/registry.ts). src/mllm keeps
 * the Policy contract and the model providers. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */
import "./heuristic/backbone.ts";
