import type { z } from "zod";

/** A dataset file that cannot be used: says which file, which item and which field. */
export class DatasetError extends Error {
  readonly userFacing = true;
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "DatasetError";
  }
}

/** "episodes[3].goals[0].position: expected array" — zod's issues with their paths, one per line. */
export function describeIssues(error: z.ZodError, prefix = "", limit = 5): string {
  const lines = error.issues.slice(0, limit).map((i) => {
    const path = formatPath([...(prefix ? [prefix] : []), ...i.path]);
    return `${path || "(root)"}: ${i.message}`;
  });
  if (error.issues.length > limit) lines.push(`… and ${error.issues.length - limit} more`);
  return lines.join("; ");
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}
