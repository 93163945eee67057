/** The JSON Schema of scenario-set.json, generated from the zod schema (datasets/README.md embeds it). */
import { z } from "zod";
import { ScenarioSetFile } from "./scenario-schema.ts";

export function scenarioSetJsonSchema(): string {
  const schema = z.toJSONSchema(ScenarioSetFile, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ title: "Polar scenario set (scenario-set.json)", ...schema }, null, 2)}\n`;
}

export const README_SCHEMA_START = "<!-- scenario-set-schema:start -->";
export const README_SCHEMA_END = "<!-- scenario-set-schema:end -->";

/** The schema block as datasets/README.md holds it. */
export function readmeSchemaBlock(): string {
  return `${README_SCHEMA_START}\n\`\`\`json\n${scenarioSetJsonSchema()}\`\`\`\n${README_SCHEMA_END}`;
}
