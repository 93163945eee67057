/**
 * The rule phase's report: per backbone, bank and method, the test phase's violation rates with
 * their intervals, SR, refusals and the layer's cost (rules-report.md, a terminal table and
 * rules-violations.svg), and the learner's reading of what the simulated users said.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Estimate } from "../bootstrap.ts";
import { type Grid, markdownTable, textTable } from "../report/text-table.ts";
import { wilson } from "../wilson.ts";
import { FIELDS, summarize, UNSAFE } from "./labels.ts";
import { BEFORE_FINAL_REPAIR, RULE_EVAL_METHODS, type RuleEvalLine } from "./line.ts";

export interface RuleEvalRow {
  method: string;
  backbone: string;
  /** the bank the simulated users spoke from: dev, test, or all */
  bank: string;
  /** test episodes */
  n: number;
  violationRate: Estimate;
  /** room violations among the test episodes where a room preference applied (`roomEpisodes` of them) */
  roomRate: Estimate;
  roomEpisodes: number;
  /** reply violations among the test episodes where a reply preference applied */
  replyRate: Estimate;
  replyEpisodes: number;
  sr: Estimate;
  spl: number;
  falseBlocksPerEpisode: number;
  refusalsPerEpisode: number;
  /** corrections the simulated user needed during learning */
  corrections: number;
  learningEpisodes: number;
  checkMsPerEpisode: number;
  layerCallsPerEpisode: number;
  /** not run: equal to this method by construction (text and selected for a backbone that reads no text) */
  sameAs?: string;
}

export function ruleEvalRows(lines: readonly RuleEvalLine[], byConstruction: string[] = []): RuleEvalRow[] {
  const rows: RuleEvalRow[] = [];
  const backbones = [...new Set(lines.map((l) => l.backbone))];
  const banks = [...new Set(lines.map((l) => l.bank))].sort();
  for (const backbone of backbones) {
    for (const bank of banks.length > 1 ? [...banks, "all"] : banks) {
      for (const method of [...RULE_EVAL_METHODS, BEFORE_FINAL_REPAIR]) {
        const source = method === BEFORE_FINAL_REPAIR ? "full" : method;
        const mine = lines.filter(
          (l) => l.backbone === backbone && l.method === source && (bank === "all" || l.bank === bank),
        );
        if (!mine.length) {
          if (byConstruction.includes(method) && lines.some((l) => l.backbone === backbone && l.method === "none"))
            rows.push({ ...rowOf(lines, backbone, bank, "none", "none"), method, sameAs: "none" });
          continue;
        }
        rows.push(rowOf(lines, backbone, bank, method, source));
      }
    }
  }
  return rows;
}

function rowOf(
  lines: readonly RuleEvalLine[],
  backbone: string,
  bank: string,
  method: string,
  source: string,
): RuleEvalRow {
  const mine = lines.filter(
    (l) => l.backbone === backbone && l.method === source && (bank === "all" || l.bank === bank),
  );
  const test = mine.filter((l) => l.phase === "test");
  const learning = mine.filter((l) => l.phase === "learning");
  const seen = (l: RuleEvalLine) =>
    method === BEFORE_FINAL_REPAIR ? (l.draftViolations ?? l.violations) : l.violations;
  const ROOM_KINDS = new Set(["avoid_room", "no_stop_in_room"]);
  const brokenWhere = (room: boolean) => (l: RuleEvalLine) =>
    seen(l).some((v) => ROOM_KINDS.has(v.kind) === room) ? 1 : 0;
  const avg = (f: (l: RuleEvalLine) => number) => (test.length ? test.reduce((s, l) => s + f(l), 0) / test.length : 0);
  const roomEps = test.filter((l) => l.applied.rooms);
  const replyEps = test.filter((l) => l.applied.replies);
  // every rate here is a proportion: Wilson's interval, as for SR and CM in the main report
  const est = (xs: number[]) => wilson(xs.filter((x) => x === 1).length, xs.length);
  return {
    method,
    backbone,
    bank,
    n: test.length,
    violationRate: est(test.map((l) => (seen(l).length > 0 ? 1 : 0))),
    roomRate: est(roomEps.map(brokenWhere(true))),
    roomEpisodes: roomEps.length,
    replyRate: est(replyEps.map(brokenWhere(false))),
    replyEpisodes: replyEps.length,
    sr: est(test.map((l) => (l.success ? 1 : 0))),
    spl: avg((l) => l.spl),
    falseBlocksPerEpisode: avg((l) => l.falseBlocks),
    refusalsPerEpisode: avg((l) => l.refusals),
    corrections: learning.filter((l) => l.correction !== null).length,
    learningEpisodes: learning.length,
    checkMsPerEpisode: avg((l) => l.checkMs),
    layerCallsPerEpisode: avg((l) => l.layerCalls),
  };
}

const pct = (e: Estimate) =>
  Number.isNaN(e.mean)
    ? "n/a"
    : `${(100 * e.mean).toFixed(1)} [${(100 * e.lo).toFixed(1)}, ${(100 * e.hi).toFixed(1)}]`;

const RULE_HEAD = [
  "backbone",
  "bank",
  "method",
  "test episodes",
  "violation rate % [95% CI]",
  "rooms % (episodes)",
  "replies % (episodes)",
  "SR % [95% CI]",
  "SPL",
  "refusals / ep",
  "false blocks / ep",
  "corrections in learning",
  "check ms / ep",
  "layer model calls / ep",
];

function ruleEvalGrid(rows: readonly RuleEvalRow[]): Grid {
  const body = rows.map((r) =>
    r.sameAs
      ? [r.backbone, r.bank, r.method, String(r.n), `= ${r.sameAs} by construction`]
      : [
          r.backbone,
          r.bank,
          r.method,
          String(r.n),
          pct(r.violationRate),
          `${pct(r.roomRate)} (${r.roomEpisodes})`,
          `${pct(r.replyRate)} (${r.replyEpisodes})`,
          pct(r.sr),
          r.spl.toFixed(3),
          r.refusalsPerEpisode.toFixed(2),
          r.falseBlocksPerEpisode.toFixed(2),
          r.method === BEFORE_FINAL_REPAIR ? "—" : `${r.corrections} of ${r.learningEpisodes}`,
          r.checkMsPerEpisode.toFixed(2),
          r.layerCallsPerEpisode.toFixed(2),
        ],
  );
  return { head: RULE_HEAD, body, keys: 3 };
}

/** What a row equal "by construction" means, said once under the table. */
function byConstructionNote(rows: readonly RuleEvalRow[]): string {
  const same = rows.filter((r) => r.sameAs);
  if (!same.length) return "";
  const names = [...new Set(same.map((r) => `${r.backbone}/${r.method}`))].join(", ");
  return `\n\n${names}: equal to ${same[0].sameAs} by construction (the backbone reads no rule text), so not run.`;
}

export function ruleEvalTable(rows: readonly RuleEvalRow[]): string {
  return markdownTable(ruleEvalGrid(rows)) + byConstructionNote(rows);
}

/** The same table for a terminal: plain text within 100 columns. */
export function ruleEvalText(rows: readonly RuleEvalRow[]): string {
  return textTable(ruleEvalGrid(rows)) + byConstructionNote(rows);
}

function learnerGrid(lines: readonly RuleEvalLine[]): Grid | null {
  const learners = ["full", "selected", "text"].find((m) => lines.some((l) => l.method === m && l.messages.length));
  if (!learners) return null;
  const head = [
    "backbone",
    "bank",
    "messages (lasting / one-off / vague / revise / retract)",
    "every field right",
    ...FIELDS,
    `unsafe (${UNSAFE.join(", ")})`,
  ];
  const out: string[][] = [];
  for (const backbone of [...new Set(lines.map((l) => l.backbone))]) {
    for (const bank of [...new Set(lines.map((l) => l.bank))].sort()) {
      const ms = lines
        .filter((l) => l.backbone === backbone && l.method === learners && l.bank === bank)
        .flatMap((l) => l.messages);
      if (!ms.length) continue;
      const s = summarize(
        bank,
        ms.map((m, i) => ({
          id: `${i}`,
          message: m.say,
          ok: m.ok,
          fields: m.fields,
          unsafe: m.unsafe,
          problems: m.problems,
          reply: "",
        })),
      );
      const kinds = ["lasting", "task_local", "vague", "revise", "retract"].map(
        (k) => ms.filter((m) => m.kind === k).length,
      );
      const f = (x: { right: number; of: number }) => (x.of ? `${x.right}/${x.of}` : "—");
      out.push([
        backbone,
        bank,
        `${ms.length} (${kinds.join(" / ")})`,
        `${s.ok}/${s.cases}`,
        ...FIELDS.map((k) => f(s.fields[k])),
        UNSAFE.map((u) => s.unsafe[u].length).join(" / "),
      ]);
    }
  }
  return { head, body: out, keys: 2 };
}

/**
 * The learner's reading of what the simulated users said, per bank and field (TellOnce D.1):
 * from the run of the first method that learns (full when it ran), every message of every kind.
 */
export function learnerTable(lines: readonly RuleEvalLine[]): string {
  const g = learnerGrid(lines);
  return g ? markdownTable(g) : "";
}

/** The same table for a terminal: plain text within 100 columns. */
export function learnerText(lines: readonly RuleEvalLine[]): string {
  const g = learnerGrid(lines);
  return g ? textTable(g) : "";
}

/** Violation rate per method with its interval, as a small SVG bar chart. */
export function ruleEvalFigure(rows: readonly RuleEvalRow[]): string {
  const shown = rows.filter((r) => !r.sameAs && r.bank !== "all");
  const w = 560;
  const barH = 22;
  const left = 250;
  const h = 40 + shown.length * (barH + 8);
  const x = (v: number) => left + v * (w - left - 20);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const bars = shown.map((r, i) => {
    const y = 30 + i * (barH + 8);
    const m = Number.isNaN(r.violationRate.mean) ? 0 : r.violationRate.mean;
    return [
      `<text x="${left - 6}" y="${y + 15}" text-anchor="end" font-size="12">${esc(`${r.backbone} · ${r.bank} · ${r.method}`)}</text>`,
      `<rect x="${left}" y="${y}" width="${(x(m) - left).toFixed(1)}" height="${barH}" fill="#4a78b5"/>`,
      `<line x1="${x(r.violationRate.lo || 0).toFixed(1)}" x2="${x(r.violationRate.hi || 0).toFixed(1)}" y1="${y + barH / 2}" y2="${y + barH / 2}" stroke="#222" stroke-width="2"/>`,
      `<text x="${(x(m) + 4).toFixed(1)}" y="${y + 15}" font-size="11">${(100 * m).toFixed(1)}%</text>`,
    ].join("");
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif"><text x="10" y="18" font-size="13">Preference violation rate, test phase (95% Wilson interval)</text>${bars.join("")}</svg>\n`;
}

export function writeRuleEval(
  outDir: string,
  lines: readonly RuleEvalLine[],
  byConstruction: string[] = [],
  extra = "",
): { table: string; learner: string; text: { table: string; learner: string }; figure: string } {
  const rows = ruleEvalRows(lines, byConstruction);
  writeFileSync(join(outDir, "rules-results.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  const figure = join(outDir, "rules-violations.svg");
  writeFileSync(figure, ruleEvalFigure(rows));
  const table = ruleEvalTable(rows);
  const learner = learnerTable(lines);
  const users = new Set(lines.map((l) => `${l.simUser}`)).size;
  writeFileSync(
    join(outDir, "rules-report.md"),
    `# The rule layer (TellOnce), measured\n\n${users} simulated users; rooms % and replies % are over the test episodes where such a preference applied.\n\n${table}\n\n## The learner on what the simulated users said\n\n${learner || "(no method learned)"}\n${extra ? `\n${extra}\n` : ""}\n![violations](rules-violations.svg)\n`,
  );
  return { table, learner, text: { table: ruleEvalText(rows), learner: learnerText(lines) }, figure };
}
