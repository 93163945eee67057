/** A rule as the model roles read it: the user's words and the learner's reading, in JSON. */
import { type RuleDraft, scopeScene } from "../types.ts";

export function ruleForPrompt(rule: RuleDraft): string {
  return JSON.stringify(
    {
      statement: rule.statement,
      quotes: rule.quotes,
      requirement: rule.requirement,
      scope: rule.scope,
      ...(scopeScene(rule.scope) ? { house: scopeScene(rule.scope) } : {}),
      conditions: rule.conditions,
      exceptions: rule.exceptions,
      stage: rule.stage,
    },
    null,
    1,
  );
}

/** What the evidence of each stage looks like, for the roles that write or read it. */
export const EVIDENCE_FORMAT = `Evidence is a JSON object: {"stage": "pre_action" | "artifact" | "delivery", "context": {"hour": 0-23, "sceneId": house id, "instruction": the user's current request}, "action": {"chosenRoom", "pathRooms": [...], "stopRoom"} (pre_action), "reply": the robot's reply text (delivery), "artifact": {"name", "text"} (artifact), "fields": {"foundRoom": room the object was found in, "found": true/false, ...}}. Every part but "stage" may be absent; absent evidence cannot be judged.`;
