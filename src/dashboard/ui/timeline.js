// A step cursor over one or more streams: a slider, step buttons and play.

import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";

export function Timeline({ steps, step, onStep }) {
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
  return html`<div class="timeline">
    <button onClick=${() => go(at - 1)} data-testid="step-back">◀</button>
    <button onClick=${() => setPlaying(!playing)}>${playing ? "pause" : "play"}</button>
    <button onClick=${() => go(at + 1)} data-testid="step-forward">▶</button>
    <input type="range" min="0" max=${max} value=${at} data-testid="timeline"
      onInput=${(e) => go(Number(e.currentTarget.value))} />
    <span data-testid="cursor">step ${step ?? 0} / ${steps[max] ?? 0}</span>
  </div>`;
}
