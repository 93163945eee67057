// What happened when, from an event stream alone: the marks a timeline draws (one row per kind)
// and the entries of the decision log. Both are read from the whole stream; the cursor decides
// what the log shows.

export const KINDS = [
  { kind: "call", label: "model calls", color: "#2a6fdb" },
  { kind: "grounding", label: "grounding", color: "#7c3aed" },
  { kind: "plan", label: "room plans", color: "#0d9488" },
  { kind: "low_level", label: "low-level decisions", color: "#64748b" },
  { kind: "check", label: "rule checks", color: "#16a34a" },
  { kind: "block", label: "rule blocks and revisions", color: "#dc2626" },
  { kind: "collision", label: "collisions", color: "#ea580c" },
  { kind: "stop", label: "stop", color: "#111827" },
];

const short = (s, n = 90) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : (s ?? ""));

/**
 * A stream's marks and lookups, built once and extended as events arrive (a stream only grows,
 * or is replaced by a new array), so a page rendering at every event makes no whole-stream pass.
 */
const INDEX = new WeakMap();

export function streamIndex(events) {
  let ix = INDEX.get(events);
  if (!ix) {
    ix = { n: 0, step: 0, marks: [], markEnds: [], views: new Map(), scored: [] };
    INDEX.set(events, ix);
  }
  for (; ix.n < events.length; ix.n++) {
    const e = events[ix.n];
    if (typeof e.step === "number") ix.step = e.step;
    markEvent(e, ix.step, ix.marks);
    ix.markEnds.push(ix.marks.length);
    if (e.type === "views") ix.views.set(e.step, e);
    if (e.type === "low_level" && e.candidates) ix.scored.push(e);
  }
  return ix;
}

/** the marks of the first `n` events */
export function marksUpTo(events, n) {
  const ix = streamIndex(events);
  return n <= 0 ? [] : ix.marks.slice(0, ix.markEnds[Math.min(n, ix.n) - 1]);
}

/** the views event of `step`, and the latest low-level decision with scores at or before it */
export function sensorAt(events, step) {
  const ix = streamIndex(events);
  let lo = 0;
  let hi = ix.scored.length - 1;
  let best = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ix.scored[mid].step <= step) {
      best = ix.scored[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return {
    views: ix.views.get(step) ?? null,
    scores: new Map((best?.candidates ?? []).map((c) => [c.instanceId, c])),
  };
}

/** one entry per thing that happened, in stream order, each at the step it happened at */
export function marksOf(events) {
  return streamIndex(events).marks;
}

function markEvent(e, step, out) {
  const at = typeof e.step === "number" ? e.step : step;
  switch (e.type) {
    case "model_call":
      out.push({
        kind: "call",
        step: at,
        seq: e.seq,
        text: `model call: ${e.task} (${Math.round(e.latencyMs)} ms${e.error ? `, failed: ${short(e.error, 60)}` : ""})`,
      });
      break;
    case "grounding":
      out.push({
        kind: "grounding",
        step: at,
        seq: e.seq,
        text: `grounded: ${e.objectId ?? "—"} (${e.category ?? "no category"}): ${short(e.reason)}`,
      });
      break;
    case "plan":
      out.push({ kind: "plan", step: at, seq: e.seq, text: `plan → ${e.label}: ${short(e.reason)}` });
      break;
    case "low_level":
      out.push({
        kind: e.decision === "stop" ? "stop" : "low_level",
        step: at,
        seq: e.seq,
        text: `low level (${e.trigger}): ${e.decision} — ${short(e.reason)}`,
      });
      break;
    case "rule_check": {
      const bad = (e.results ?? []).filter((r) => r.verdict === "violated").length;
      out.push({
        kind: "check",
        step: at,
        seq: e.seq,
        text: `rule check ${e.stage}: ${short(e.subject, 50)}${bad ? ` — ${bad} violated` : ""}`,
      });
      break;
    }
    case "rule_block":
      out.push({
        kind: "block",
        step: at,
        seq: e.seq,
        text: `blocked: ${short(e.subject, 60)} — ${short(e.reason, 60)}`,
      });
      break;
    case "rule_revision":
      out.push({
        kind: "block",
        step: at,
        seq: e.seq,
        text: `revised: ${short(e.subject, 60)} (revision ${e.revision})`,
      });
      break;
    case "action":
      if (e.collided) out.push({ kind: "collision", step: at, seq: e.seq, text: `collided on ${e.action}` });
      if (e.action === "STOP") out.push({ kind: "stop", step: at, seq: e.seq, text: "STOP" });
      break;
    case "episode_end":
      out.push({
        kind: "stop",
        step: at,
        seq: e.seq,
        text: `end: ${e.success ? "success" : "failure"}${e.stopped ? "" : " (no STOP)"}`,
      });
      break;
  }
}
