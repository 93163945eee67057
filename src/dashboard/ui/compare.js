// Two runs of one episode side by side (two backbones, two memory modes), one step cursor.

import { useEffect, useState } from "preact/hooks";
import { AnalysisToggle } from "./analysis-toggle.js";
import { EpisodeView } from "./episode.js";
import { html } from "./html.js";
import { marksOf } from "./marks.js";
import { grouped, matching } from "./run-picker.js";
import { stepsOf } from "./state.js";
import { Timeline } from "./timeline.js";

export function CompareTab({ conn, cat, opened }) {
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [step, setStep] = useState(0);
  const [overlay, setOverlay] = useState(false);
  useEffect(() => setStep(0), [opened?.n]);
  const pair = opened?.streams ?? null;
  const steps = pair
    ? [...new Set(pair.flatMap((s) => stepsOf(conn.streams.get(s)?.events ?? [])))].sort((x, y) => x - y)
    : [];
  const [query, setQuery] = useState("");
  // both lists grouped as the replay's picker groups them, and narrowed by one search
  const groups = [...grouped(matching(cat?.runInfo ?? [], query))].flatMap(([folder, modes]) =>
    [...modes].map(([mode, list]) => ({ label: `${folder} · ${mode}`, list })),
  );
  const options = groups.map(
    (g) =>
      html`<optgroup label=${g.label}>${g.list.map((r) => html`<option value=${r.path}>${r.episode ?? r.path} — ${r.path}</option>`)}</optgroup>`,
  );
  return html`<div>
    <section class="panel form">
      <h3>Compare two runs</h3>
      <input type="search" placeholder="search runs…" value=${query} onInput=${(e) => setQuery(e.currentTarget.value)} data-testid="compare-search" />
      <select value=${a} onChange=${(e) => setA(e.currentTarget.value)} data-testid="compare-a">
        <option value="">run A…</option>${options}
      </select>
      <select value=${b} onChange=${(e) => setB(e.currentTarget.value)} data-testid="compare-b">
        <option value="">run B…</option>${options}
      </select>
      <button onClick=${() => conn.send({ type: "compare", a, b })} data-testid="compare-open">Compare</button>
      <${AnalysisToggle} on=${overlay} set=${setOverlay} />
    </section>
    ${
      pair
        ? html`<${Timeline} steps=${steps} step=${step} onStep=${setStep}
            markSets=${pair.map((s) => ({ label: s.slice("replay:".length), marks: marksOf(conn.streams.get(s)?.events ?? []) }))} />
          <div class="side-by-side">
            ${pair.map((s) => html`<${EpisodeView} conn=${conn} stream=${s} step=${step} onStep=${setStep} title=${s.slice("replay:".length)} overlay=${overlay} />`)}
          </div>`
        : ""
    }
  </div>`;
}
