// A step cursor over one or more streams: a slider, step buttons, play, and above the slider a
// row of marks per kind of event (model calls, grounding, plans, low-level decisions, rule
// checks, blocks, collisions, the stop); clicking a mark moves the cursor to its step.

import { useEffect, useState } from "preact/hooks";
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

export function Timeline({ steps, step, onStep, marks = [] }) {
  const [playing, setPlaying] = useState(false);
  const max = steps.length ? steps.length - 1 : 0;
  const at = Math.max(0, steps.indexOf(step));
  useEffect(() => {
    if (!playing) return undefined;
    const t = setInterval(() => {
      if (at >= max) setPlaying(false);
      else onStep(steps[at + 1]);
    }, 60);
    return () => clearInterval(t);
  }, [playing, at, max]);
  const go = (i) => onStep(steps[Math.max(0, Math.min(max, i))]);
  return html`<div class="timeline-box">
    <div class="timeline">
      <button onClick=${() => go(at - 1)} data-testid="step-back">◀</button>
      <button onClick=${() => setPlaying(!playing)}>${playing ? "pause" : "play"}</button>
      <button onClick=${() => go(at + 1)} data-testid="step-forward">▶</button>
      <div class="track">
        ${marks.length ? html`<${Marks} marks=${marks} steps=${steps} onStep=${onStep} />` : ""}
        <input type="range" min="0" max=${max} value=${at} data-testid="timeline"
          onInput=${(e) => go(Number(e.currentTarget.value))} />
      </div>
      <span data-testid="cursor">step ${step ?? 0} / ${steps[max] ?? 0}</span>
    </div>
  </div>`;
}
