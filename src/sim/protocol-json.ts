import { z } from "zod";
import { ErrorBody, PROTOCOL_VERSION, Request, VERB_PARAMS, VERB_RESULTS, type Verb } from "./protocol.ts";

const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { target: "draft-2020-12", io: "input", unrepresentable: "any" });

/** JSON Schema files for the bridge side: one per verb (params and result), plus the envelope. */
export function protocolSchemaFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const verbs: Record<string, unknown> = {};
  for (const verb of Object.keys(VERB_PARAMS) as Verb[]) {
    verbs[verb] = { params: toSchema(VERB_PARAMS[verb]), result: toSchema(VERB_RESULTS[verb]) };
  }
  const doc = {
    $comment: "Generated from src/sim/protocol.ts by `npm run gen:protocol`; do not edit.",
    protocol: PROTOCOL_VERSION,
    request: toSchema(Request),
    error: toSchema(ErrorBody),
    verbs,
  };
  files["protocol.json"] = `${JSON.stringify(doc, null, 2)}\n`;
  return files;
}
