/**
 * One table, two renderings: Markdown for report files, and aligned plain text for a terminal
 * that fits a width (100 columns by default). A table wider than that is cut into blocks of
 * columns, each repeating the columns that name a row, rather than left for the terminal to wrap
 * mid-row.
 */
export interface Grid {
  head: string[];
  body: string[][];
  /** the leading columns that name a row (backbone, method, …): repeated in every block */
  keys: number;
}

export function markdownTable(g: Grid): string {
  const row = (cells: string[]) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  return [row(g.head), `|${g.head.map(() => "---").join("|")}|`, ...g.body.map(row)].join("\n");
}

const GAP = "  ";

/** The width a terminal's text is kept within. */
export const TERMINAL_WIDTH = 100;

export function textTable(g: Grid, width = TERMINAL_WIDTH): string {
  const widths = g.head.map((h, i) => Math.max(h.length, ...g.body.map((b) => (b[i] ?? "").length)));
  const keys = [...Array(Math.min(g.keys, g.head.length)).keys()];
  const keyWidth = keys.reduce((a, i) => a + widths[i] + GAP.length, 0);
  // columns past the keys, packed greedily into blocks that fit beside the keys
  const blocks: number[][] = [];
  let current: number[] = [];
  let used = keyWidth;
  for (let i = keys.length; i < g.head.length; i++) {
    const w = widths[i] + GAP.length;
    if (current.length && used + w > width + GAP.length) {
      blocks.push(current);
      current = [];
      used = keyWidth;
    }
    current.push(i);
    used += w;
  }
  if (current.length || blocks.length === 0) blocks.push(current);
  const render = (cols: number[]) => {
    const fmt = (cells: string[]) =>
      cols
        .map((i) => (i < keys.length ? (cells[i] ?? "").padEnd(widths[i]) : (cells[i] ?? "").padStart(widths[i])))
        .join(GAP)
        .trimEnd();
    return [fmt(g.head), cols.map((i) => "-".repeat(widths[i])).join(GAP), ...g.body.map(fmt)].join("\n");
  };
  return blocks.map((b) => render([...keys, ...b])).join("\n\n");
}

/** Long lines wrapped at word boundaries to `max` characters, so they never set a figure's or a terminal's width. */
export function wrapLines(lines: readonly string[], max: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    let cur = "";
    for (const word of line.split(" ")) {
      if (cur && cur.length + 1 + word.length > max) {
        out.push(cur);
        cur = `  ${word}`;
      } else cur = cur ? `${cur} ${word}` : word;
    }
    out.push(cur);
  }
  return out;
}
