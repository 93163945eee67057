// A step cursor over one or more streams: a slider, step buttons, play at a chosen speed, and above
// the slider a row of marks per kind of event (model calls, grounding, plans, low-level decisions,
// rule checks, blocks, collisions, the stop); clicking a mark moves the cursor to its step.
// Keys (anywhere but a text field): space plays or pauses, ←/→ step, shift+←/→ jump to the
// previous or next mark, Home/End go to the first or last step.

import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { KINDS } from "./marks.js";

const ROW = 6;

function Marks({ marks, steps, onStep }) {
  const max = Math.max(1, steps.length - 1);
  const index = new Map(steps.map((s, i) => [s, i]));
  const rows = KINDS.filter((k) => marks.some((m) => m.kind === k.kind));
  const seen = new Set();
  return html`<div class="marks" data-testid="marks">
    <svg width="100%" height=${rows.length * ROW + 2} viewBox=${`0 0 1000 ${rows.length * ROW + 2}`} preserveAspectRatio="none">
      ${rows.map((k, r) =>
        marks
          .filter((m) => m.kind === k.kind)
          .filter((m) => {
            // one mark per kind and step is enough to click
            const key = `${m.kind}|${m.step}`;
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
          })
          .map(
            (m) => html`<rect data-testid="mark" data-kind=${m.kind} data-step=${m.step}
              x=${(1000 * (index.get(m.step) ?? 0)) / max - 1.5} y=${r * ROW + 1} width="3" height=${ROW - 1}
              fill=${k.color} onClick=${() => onStep(m.step)}><title>step ${m.step}: ${m.text}</title></rect>`,
          ),
      )}
    </svg>
    <div class="legend small">${rows.map((k) => html`<span><i style=${`background:${k.color}`}></i>${k.label}</span>`)}</div>
  </div>`;
}

/** Replay speeds; 1× is one step every BASE_MS. */
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
const BASE_MS = 60;

const typing = (el) =>
  el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);

/**
 * `marks`: one row set for one run; `markSets` (compare): a row set per run, each labelled, so
 * two runs' marks are never merged into one row.
 */
export function Timeline({ steps, step, onStep, marks = [], markSets = null }) {
  const [playing, setPlaying] = useState(false);
  // read by the running timer: a pause stops it at once, not after the next render has cleared it
  // (a tick in between moved the cursor one step past where the user paused)
  const live = useRef(false);
  const play = (on) => {
    live.current = on;
    setPlaying(on);
  };
  const [speed, setSpeed] = useState(1);
  const max = steps.length ? steps.length - 1 : 0;
  const at = Math.max(0, steps.indexOf(step));
  useEffect(() => {
    if (!playing) return undefined;
    const t = setInterval(() => {
      if (!live.current) return;
      if (at >= max) play(false);
      else onStep(steps[at + 1]);
    }, BASE_MS / speed);
    return () => clearInterval(t);
  }, [playing, at, max, speed]);
  const go = (i) => onStep(steps[Math.max(0, Math.min(max, i))]);
  const allMarks = markSets ? markSets.flatMap((m) => m.marks) : marks;
  const markSteps = [...new Set(allMarks.map((m) => m.step))].sort((a, b) => a - b);
  useEffect(() => {
    const onKey = (e) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const current = steps[at] ?? 0;
      if (e.key === " ") play(!live.current);
      else if (e.key === "ArrowLeft" && e.shiftKey) {
        const prev = markSteps.filter((s) => s < current).pop();
        if (prev !== undefined) onStep(prev);
      } else if (e.key === "ArrowRight" && e.shiftKey) {
        const next = markSteps.find((s) => s > current);
        if (next !== undefined) onStep(next);
      } else if (e.key === "ArrowLeft") go(at - 1);
      else if (e.key === "ArrowRight") go(at + 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(max);
      else return;
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [at, max, steps, markSteps.join(",")]);
  return html`<div class="timeline-box">
    <div class="timeline">
      <button onClick=${() => go(at - 1)} data-testid="step-back" title="previous step (←)">◀</button>
      <button onClick=${() => play(!live.current)} data-testid="play" title="play or pause (space)">${playing ? "pause" : "play"}</button>
      <button onClick=${() => go(at + 1)} data-testid="step-forward" title="next step (→); shift: next mark">▶</button>
      <select value=${speed} onChange=${(e) => setSpeed(Number(e.currentTarget.value))} data-testid="speed" title="replay speed">
        ${SPEEDS.map((v) => html`<option value=${v}>${v}×</option>`)}
      </select>
      <div class="track">
        ${
          markSets
            ? markSets.map(
                (set) => html`<div class="mark-set" data-testid="mark-set"><div class="small muted">${set.label}</div>
                  <${Marks} marks=${set.marks} steps=${steps} onStep=${onStep} /></div>`,
              )
            : marks.length
              ? html`<${Marks} marks=${marks} steps=${steps} onStep=${onStep} />`
              : ""
        }
        <input type="range" min="0" max=${max} value=${at} data-testid="timeline"
          onInput=${(e) => go(Number(e.currentTarget.value))} />
      </div>
      <span data-testid="cursor">step ${step ?? 0} / ${steps[max] ?? 0}</span>
    </div>
  </div>`;
}
