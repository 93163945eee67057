// Results: an evaluation folder's table (filtered), its report and figures; open a line in
// replay, or run it here when no run folder of it exists; pick two to compare.

import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";

const FILTERS = ["scenario", "memory", "backbone", "outcome"];

/** A measure's value as the table shows it: yes/no, a number to three significant figures, — when unknown. */
function measureCell(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return Number.isInteger(v) ? String(v) : v.toPrecision(3);
}

export function ResultsTab({ conn, cat, openReplay, runHere, compare }) {
  const [path, setPath] = useState("");
  const [view, setView] = useState(null);
  const [f, setF] = useState({});
  const [picked, setPicked] = useState([]);
  useEffect(() => conn.on("results", (m) => setView(m)), []);
  const rows = (view?.rows ?? []).filter(
    (r) =>
      (!f.scenario || r.scenario === f.scenario) &&
      (!f.memory || r.memory === f.memory) &&
      (!f.backbone || r.backbone === f.backbone) &&
      (!f.outcome || (f.outcome === "success") === r.success),
  );
  const values = (k) =>
    k === "outcome" ? ["success", "failure"] : [...new Set((view?.rows ?? []).map((r) => r[k]))].sort();
  const pick = (r) => setPicked((p) => (p.includes(r) ? p.filter((x) => x !== r) : [...p.slice(-1), r]));
  const pickedRows = picked.map((k) => view?.rows.find((r) => r.key === k)).filter(Boolean);
  return html`<div>
    <section class="panel form">
      <h3>Evaluation folders</h3>
      <select value=${path} onChange=${(e) => setPath(e.currentTarget.value)} data-testid="results-path">
        <option value="">choose…</option>
        ${(cat?.results ?? []).map((r) => html`<option value=${r}>${r}</option>`)}
      </select>
      <button onClick=${() => conn.send({ type: "results", path })} data-testid="results-open">Open</button>
    </section>
    ${
      view
        ? html`<section class="panel" data-testid="results-table">
          <h3>${view.path} <small>${view.rows.length} episodes${view.dataset ? ` · ${view.dataset}` : ""}</small></h3>
          ${view.progress ? html`<div class="small">progress: ${view.progress.done}/${view.progress.total}${view.progress.finished ? " (finished)" : ""}</div>` : ""}
          ${view.problems.length ? html`<div class="small bad">${view.problems.length} bad line(s)</div>` : ""}
          <div class="filters">
            ${FILTERS.map(
              (
                k,
              ) => html`<label>${k} <select data-testid=${`filter-${k}`} value=${f[k] ?? ""} onChange=${(e) => setF({ ...f, [k]: e.currentTarget.value })}>
                <option value="">all</option>${values(k).map((v) => html`<option value=${v}>${v}</option>`)}
              </select></label>`,
            )}
            <span data-testid="results-count">${rows.length} shown</span>
            <button disabled=${pickedRows.length !== 2 || pickedRows.some((r) => !r.replay)}
              onClick=${() => compare(pickedRows[0].replay, pickedRows[1].replay)} data-testid="compare-picked">compare the two picked</button>
          </div>
          <table class="results">
            <tr><th></th><th>episode</th><th>scenario</th><th>memory</th><th>backbone</th><th>outcome</th><th>SPL</th><th>CM</th><th>steps</th>${(view.measureColumns ?? []).map((id) => html`<th data-testid="measure-column">${id}</th>`)}<th>grounded</th><th>calls</th><th></th></tr>
            ${rows.slice(0, 500).map(
              (r) => html`<tr data-testid="result-row">
                <td><input type="checkbox" checked=${picked.includes(r.key)} onChange=${() => pick(r.key)} /></td>
                <td>${r.episodeId}</td><td>${r.scenario}</td><td>${r.memory}</td><td>${r.backbone}</td>
                <td class=${r.success ? "ok" : "bad"}>${r.success ? "success" : "failure"}</td>
                <td>${r.spl.toFixed(2)}</td><td>${r.cm ? "yes" : "no"}</td><td>${r.steps}</td>
                ${(view.measureColumns ?? []).map((id) => html`<td>${measureCell(r.measures?.[id])}</td>`)}
                <td>${r.groundedCorrect === null ? "—" : r.groundedCorrect ? "right" : "wrong"}</td><td>${r.calls}</td>
                <td>${
                  r.replay
                    ? html`<button onClick=${() => openReplay(r.replay)}>replay</button>`
                    : html`<button disabled=${!view.dataset} title="no run folder of it: run it here"
                      onClick=${() => runHere(view.dataset, r)}>run here</button>`
                }</td>
              </tr>`,
            )}
          </table>
          ${rows.length > 500 ? html`<div class="small muted">first 500 shown: filter to see the rest</div>` : ""}
        </section>
        <section class="panel">
          <h3>Figures</h3>
          <div class="figures">${view.figures.map((p) => html`<img src=${`/files?path=${encodeURIComponent(p)}`} alt=${p} />`)}</div>
          ${view.report ? html`<details><summary>report.md</summary><pre class="small">${view.report}</pre></details>` : ""}
        </section>`
        : ""
    }
  </div>`;
}
