// The runs the dashboard can open, grouped by folder, then by backbone and memory mode, with a
// search box: every word typed must appear in the run's path, episode, scenario, backbone or
// memory mode. A folder of hundreds of runs stays a list one can read.

import { useState } from "preact/hooks";
import { html } from "./html.js";

/** what a run is searched by, lower-cased */
const haystack = (r) => [r.path, r.episode, r.scenario, r.backbone, r.memory].filter(Boolean).join(" ").toLowerCase();

/** the runs that match every word of `query` */
export function matching(runs, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length ? runs.filter((r) => words.every((w) => haystack(r).includes(w))) : runs;
}

/** folder → "backbone · memory" → runs, in the order the runs came (newest first) */
export function grouped(runs) {
  const folders = new Map();
  for (const r of runs) {
    if (!folders.has(r.folder)) folders.set(r.folder, new Map());
    const modes = folders.get(r.folder);
    const key = `${r.backbone ?? "backbone unknown"} · memory ${r.memory ?? "unknown"}`;
    if (!modes.has(key)) modes.set(key, []);
    modes.get(key).push(r);
  }
  return folders;
}

/** a run's name within its folder */
const leaf = (r) => (r.path.startsWith(`${r.folder}/`) ? r.path.slice(r.folder.length + 1) : r.path);

export function RunPicker({ runs, found, picked, onPick }) {
  const [query, setQuery] = useState("");
  const shown = matching(runs ?? [], query);
  const folders = grouped(shown);
  // a search opens every folder it found something in; otherwise only a lone folder is open
  const open = query.trim() !== "" || folders.size === 1;
  return html`<div class="run-picker" data-testid="run-picker">
    <input type="search" placeholder="search runs: episode, scenario, backbone, memory mode, folder…" value=${query}
      onInput=${(e) => setQuery(e.currentTarget.value)} data-testid="run-search" />
    <span class="small muted" data-testid="run-count">${shown.length} of ${(runs ?? []).length} runs in ${folders.size} folder(s)${
      found > (runs ?? []).length
        ? ` (the newest ${(runs ?? []).length} of ${found}: open an older one by its path)`
        : ""
    }</span>
    <div class="run-groups">
      ${[...folders].map(
        ([folder, modes]) => html`<details open=${open} data-testid="run-folder" data-folder=${folder}>
          <summary><b>${folder}</b> <small>${[...modes.values()].reduce((a, l) => a + l.length, 0)} runs</small></summary>
          ${[...modes].map(
            ([mode, list]) => html`<div class="run-mode" data-testid="run-mode" data-mode=${mode}>
              <div class="small"><b>${mode}</b> <span class="muted">${list.length}</span></div>
              <div class="run-items">
                ${list.map(
                  (r) => html`<button class=${r.path === picked ? "run-item picked" : "run-item"} title=${r.path}
                    data-testid="run-item" data-path=${r.path} onClick=${() => onPick(r.path)}>
                    ${r.episode ?? leaf(r)}${r.scenario ? html` <small>${r.scenario}</small>` : ""}
                  </button>`,
                )}
              </div>
            </div>`,
          )}
        </details>`,
      )}
      ${shown.length ? "" : html`<div class="muted small">no run matches</div>`}
    </div>
  </div>`;
}
