// Replay: a finished episode from its events.jsonl, every panel following one step cursor; a run
// is picked from the grouped, searchable list or typed as a path.

import { useEffect, useState } from "preact/hooks";
import { AnalysisToggle } from "./analysis-toggle.js";
import { EpisodeView } from "./episode.js";
import { html } from "./html.js";
import { marksOf } from "./marks.js";
import { RunPicker } from "./run-picker.js";
import { stepsOf } from "./state.js";
import { Timeline } from "./timeline.js";

export function ReplayTab({ conn, cat, opened }) {
  const [path, setPath] = useState("");
  const [step, setStep] = useState(0);
  const [overlay, setOverlay] = useState(false);
  // a newly opened replay starts at its first step
  useEffect(() => setStep(0), [opened?.n]);
  const replay = opened?.stream ?? null;
  const problems = opened?.problems ?? [];
  const events = replay ? (conn.streams.get(replay)?.events ?? []) : [];
  const steps = stepsOf(events);
  return html`<div>
    <section class="panel form">
      <h3>Replay a run</h3>
      <${RunPicker} runs=${cat?.runInfo ?? []} found=${cat?.runsFound ?? 0} picked=${path} onPick=${(p) => {
        setPath(p);
        conn.send({ type: "replay", path: p });
      }} />
      <input placeholder="or type a path (runs/…, results/…)" value=${path} onInput=${(e) => setPath(e.currentTarget.value)} data-testid="replay-input" />
      <button onClick=${() => conn.send({ type: "replay", path })} data-testid="replay-open">Open</button>
      <${AnalysisToggle} on=${overlay} set=${setOverlay} />
      ${problems.length ? html`<div class="small bad">${problems.length} bad line(s): ${problems.slice(0, 3).join("; ")}</div>` : ""}
    </section>
    ${
      replay
        ? html`<${Timeline} steps=${steps} step=${step} onStep=${setStep} marks=${marksOf(events)} />
          <${EpisodeView} conn=${conn} stream=${replay} step=${step} onStep=${setStep} title=${replay.slice("replay:".length)} overlay=${overlay} />`
        : ""
    }
  </div>`;
}
