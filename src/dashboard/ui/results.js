// Results: an evaluation folder's table (filtered, sorted by any column), its report and figures;
// click an episode to see it across every memory mode and backbone; open a line in replay, or run
// it here when no run folder of it exists; pick two to compare.

import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";

const FILTERS = ["scenario", "memory", "backbone", "outcome"];

/** A measure's value as the table shows it: yes/no, a number to three significant figures, — when unknown. */
function measureCell(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return Number.isInteger(v) ? String(v) : v.toPrecision(3);
}

/** A row's value in a column, for sorting (measures by id). */
function sortValue(r, key) {
  if (key.startsWith("m:")) return r.measures?.[key.slice(2)] ?? null;
  if (key === "grounded") return r.groundedCorrect;
  return r[key];
}

function compareValues(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1; // unknowns last, either way
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return a ? 1 : -1;
  return String(a).localeCompare(String(b), "en", { numeric: true });
}

export function ResultsTab({ conn, cat, openReplay, runHere, compare }) {
  const [path, setPath] = useState("");
  const [view, setView] = useState(null);
  const [f, setF] = useState({});
  const [episode, setEpisode] = useState(null);
  const [sort, setSort] = useState({ key: null, dir: 1 });
  const [picked, setPicked] = useState([]);
  useEffect(() => conn.on("results", (m) => setView(m)), []);
  const filtered = (view?.rows ?? []).filter(
    (r) =>
      (!episode || r.episodeId === episode) &&
      (!f.scenario || r.scenario === f.scenario) &&
      (!f.memory || r.memory === f.memory) &&
      (!f.backbone || r.backbone === f.backbone) &&
      (!f.outcome || (f.outcome === "success") === r.success),
  );
  const rows = sort.key
    ? [...filtered].sort((a, b) => {
        const c = compareValues(sortValue(a, sort.key), sortValue(b, sort.key));
        return sortValue(a, sort.key) === null || sortValue(b, sort.key) === null ? c : sort.dir * c;
      })
    : filtered;
  const header = (key, label, testid) => html`<th data-testid=${testid ?? `sort-${key}`} class="sortable"
    onClick=${() => setSort(sort.key === key ? { key, dir: -sort.dir } : { key, dir: 1 })}
    title="sort by this column (again: reverse)">${label}${sort.key === key ? (sort.dir > 0 ? " ▲" : " ▼") : ""}</th>`;
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
            ${episode ? html`<span data-testid="episode-filter">episode <b>${episode}</b> in every mode <button onClick=${() => setEpisode(null)}>all episodes</button></span>` : ""}
            <span data-testid="results-count">${rows.length} shown</span>
            <button disabled=${pickedRows.length !== 2 || pickedRows.some((r) => !r.replay)}
              onClick=${() => compare(pickedRows[0].replay, pickedRows[1].replay)} data-testid="compare-picked">compare the two picked</button>
          </div>
          <table class="results">
            <tr><th></th>${header("episodeId", "episode")}${header("scenario", "scenario")}${header("memory", "memory")}${header("backbone", "backbone")}${header("success", "outcome")}${header("spl", "SPL")}${header("cm", "CM")}${header("steps", "steps")}${(view.measureColumns ?? []).map((id) => header(`m:${id}`, id, "measure-column"))}${header("grounded", "grounded")}${header("calls", "calls")}<th></th></tr>
            ${rows.slice(0, 500).map(
              (r) => html`<tr data-testid="result-row">
                <td><input type="checkbox" checked=${picked.includes(r.key)} onChange=${() => pick(r.key)} /></td>
                <td><a href="#" data-testid="episode-link" title="this episode in every memory mode and backbone"
                  onClick=${(e) => {
                    e.preventDefault();
                    setEpisode(r.episodeId);
                  }}>${r.episodeId}</a></td><td>${r.scenario}</td><td>${r.memory}</td><td>${r.backbone}</td>
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
