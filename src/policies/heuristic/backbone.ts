/**
 * The offline backbone: no model, deterministic, so the default run and the tests work
 * anywhere. It grounds from retrieval scores and recency, explores by room priors, finds
 * instances with the simulator's semantic sensor (boxes and categories) and tells them apart
 * by comparing their pixels with the user's photo (src/perception), piling up evidence per instance over the episode, and memorizes with the memory part's
 * heuristic extractor (extract.ts). Its reply to the user is a template
 * (reply.ts): not being a language model, it never reads the user's rules as text
 * (`guidance`), and on a revision it follows only the structured requirements. It is an honest
 * baseline, not tuned to any expected result.
 */

import {
  BackboneError,
  checkReplyInput,
  type Decision,
  type GroundInput,
  type GroundOutput,
  type HighLevelInput,
  type HighLevelOutput,
  type LowLevelInput,
  type LowLevelOutput,
  type MemorizeInput,
  type MemorizeOutput,
  type Policy,
  type ReplyInput,
  type ReplyOutput,
  registerBackbone,
} from "../../mllm/index.ts";
import { CandidateLedger } from "../../perception/index.ts";
import { extractMemoriesHeuristically } from "./extract.ts";
import { groundNone, groundPolar, groundRaw } from "./ground.ts";
import { heuristicReply } from "./reply.ts";
import { chooseRoom } from "./room-choice.ts";
import { heuristicLowLevel } from "./steering.ts";
import { DEFAULT_STOP_RULE, type StopRule, stopRuleFor } from "./stop-rule.ts";
import { lookAtCandidates } from "./view-judgment.ts";

export interface HeuristicOptions {
  name?: string;
  /**
   * when to stop: the camera the boxes are measured in, the floor distance to stop at, the
   * success radius and the step length (defaults: the embedded simulator's defaults)
   */
  stop?: Partial<StopRule>;
}

const none = <T>(value: T): Decision<T> => ({ value, calls: [] });

export class HeuristicPolicy implements Policy {
  readonly name: string;
  readonly needsImages = true;
  readonly lowLevelTrigger = "sensor" as const;
  private readonly stopRule: StopRule;

  constructor(options: HeuristicOptions = {}) {
    this.name = options.name ?? "heuristic";
    this.stopRule = { ...DEFAULT_STOP_RULE, ...options.stop };
  }

  async ground(input: GroundInput): Promise<Decision<GroundOutput>> {
    switch (input.mode) {
      case "polar":
        return none(groundPolar(input.instruction, input.candidates ?? [], input.sceneId));
      case "raw":
        return none(groundRaw(input.instruction, input.rawInteractions ?? []));
      case "none":
        return none(groundNone(input.instruction));
    }
  }

  async planHighLevel(input: HighLevelInput): Promise<Decision<HighLevelOutput>> {
    if (input.rooms.length === 0) throw new BackboneError("high-level planning: the scene graph has no rooms", []);
    return none(chooseRoom(input));
  }

  async planLowLevel(input: LowLevelInput): Promise<Decision<LowLevelOutput>> {
    // Without the episode's ledger (a decision asked on its own), judgments last this decision only.
    const ledger = input.ledger ?? new CandidateLedger();
    await lookAtCandidates(input, ledger, this.stopRule.camera);
    return none(heuristicLowLevel(input, this.stopRule, ledger));
  }

  async memorize(input: MemorizeInput): Promise<Decision<MemorizeOutput>> {
    return none(extractMemoriesHeuristically(input));
  }

  async reply(input: ReplyInput): Promise<Decision<ReplyOutput>> {
    return none({ text: heuristicReply(checkReplyInput(this.name, input)) });
  }
}

// Registered here, not in the registry: the backbone sits above planning and perception, whose
// steering and judging it runs. The composition root (src/compose/wiring.ts) imports this file.
registerBackbone("heuristic", (config, { simulator }) => {
  return new HeuristicPolicy({ name: config.name, ...(simulator ? { stop: stopRuleFor(simulator) } : {}) });
});
