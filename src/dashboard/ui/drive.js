// Drive: pick what to run and start it; the sessions; corrections typed to the robot.

import { useEffect, useState } from "preact/hooks";
import { EpisodeView } from "./episode.js";
import { html } from "./html.js";

export function DriveTab({ conn, cat, watching, setWatching }) {
  const [dataset, setDataset] = useState("");
  const [episodes, setEpisodes] = useState(null);
  const [filter, setFilter] = useState("");
  const [episode, setEpisode] = useState("");
  const [free, setFree] = useState({ on: false, sceneId: "", userId: "", instruction: "" });
  const [backbone, setBackbone] = useState("heuristic");
  // a backbone YAML file instead (under datasets/, results/ or runs/), as `polar run --backbone FILE`
  const [backboneFile, setBackboneFile] = useState("");
  const [memory, setMemory] = useState("none");
  const [pace, setPace] = useState(30);
  const [rules, setRules] = useState(null);
  const [said, setSaid] = useState("");
  const [say, setSay] = useState({ kind: "correction", text: "" });
  const [taught, setTaught] = useState(null);

  useEffect(() => {
    if (!dataset && cat?.datasets?.length)
      setDataset(cat.datasets.includes("datasets/polar-mini") ? "datasets/polar-mini" : cat.datasets[0]);
  }, [cat]);
  useEffect(() => {
    if (dataset) conn.send({ type: "episodes", dataset });
  }, [dataset]);
  useEffect(
    () =>
      conn.on("episodes", (m) => {
        setEpisodes(m);
        setEpisode((e) => e || m.episodes[0]?.id || "");
        setFree((f) => ({ ...f, sceneId: f.sceneId || m.scenes[0], userId: f.userId || m.users[0] }));
      }),
    [],
  );
  useEffect(
    () =>
      conn.on("started", (m) => {
        setWatching(m.session.id);
      }),
    [],
  );
  useEffect(() => conn.on("taught", (m) => setTaught(m)), []);

  const start = () =>
    conn.send({
      type: "start",
      dataset,
      episode: free.on
        ? { sceneId: free.sceneId, userId: free.userId, instruction: free.instruction }
        : { id: episode },
      backbone: backboneFile.trim() || backbone,
      memory,
      ...(rules ? { rules } : {}),
      say: said
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
      paceMs: Number(pace),
    });
  const shown = (episodes?.episodes ?? [])
    .filter((e) => !filter || `${e.id} ${e.instruction} ${e.scenario}`.includes(filter))
    .slice(0, 300);
  const sessions = cat?.sessions ?? [];
  const current = sessions.find((s) => s.id === watching);

  return html`<div class="drive">
    <section class="panel form" data-testid="drive-form">
      <h3>Start an episode</h3>
      <label>dataset <select value=${dataset} onChange=${(e) => setDataset(e.currentTarget.value)} data-testid="dataset">
        ${(cat?.datasets ?? []).map((d) => html`<option value=${d}>${d}</option>`)}
      </select></label>
      <label><input type="checkbox" checked=${free.on} onChange=${(e) => setFree({ ...free, on: e.currentTarget.checked })} /> free instruction</label>
      ${
        free.on
          ? html`<label>house <select value=${free.sceneId} onChange=${(e) => setFree({ ...free, sceneId: e.currentTarget.value })}>
              ${(episodes?.scenes ?? []).map((s) => html`<option>${s}</option>`)}</select></label>
            <label>user <select value=${free.userId} onChange=${(e) => setFree({ ...free, userId: e.currentTarget.value })}>
              ${(episodes?.users ?? []).map((s) => html`<option>${s}</option>`)}</select></label>
            <label>instruction <input value=${free.instruction} onInput=${(e) => setFree({ ...free, instruction: e.currentTarget.value })} /></label>`
          : html`<label>find <input value=${filter} onInput=${(e) => setFilter(e.currentTarget.value)} placeholder="id, words, scenario" /></label>
            <label>episode <select value=${episode} onChange=${(e) => setEpisode(e.currentTarget.value)} data-testid="episode-select">
              ${shown.map((e) => html`<option value=${e.id}>${e.id} · ${e.scenario} · ${e.instruction.slice(0, 60)}</option>`)}
            </select></label>`
      }
      <label>backbone <select value=${backbone} onChange=${(e) => setBackbone(e.currentTarget.value)} data-testid="backbone">
        ${(cat?.backbones ?? []).map((b) => html`<option>${b}</option>`)}</select>
        <input placeholder="or a YAML file (runs/…/x.yaml)" value=${backboneFile} size="24"
          onInput=${(e) => setBackboneFile(e.currentTarget.value)} data-testid="backbone-file" /></label>
      <label>memory <select value=${memory} onChange=${(e) => setMemory(e.currentTarget.value)} data-testid="memory">
        <option>none</option><option>raw</option><option>polar</option></select></label>
      <label title="the rule layer: none, all rules as text, selected rules as text, or checked and enforced">rules
        <select value=${rules ?? cat?.rulesMethod ?? "full"} onChange=${(e) => setRules(e.currentTarget.value)} data-testid="rules-method">
          <option>none</option><option>text</option><option>selected</option><option>full</option>
        </select></label>
      <label title="a correction to keep, or an instruction for this task only; one per line; the rule layer reads them before the episode starts">say with the request
        <textarea rows="2" value=${said} onInput=${(e) => setSaid(e.currentTarget.value)} data-testid="say-with-request"></textarea></label>
      <label>pace, ms per step <input type="number" min="0" max="2000" value=${pace} onInput=${(e) => setPace(e.currentTarget.value)} data-testid="pace" /></label>
      <button onClick=${start} data-testid="start">Start</button>
    </section>
    <${Sessions} conn=${conn} sessions=${sessions} watching=${watching} setWatching=${setWatching} />
    ${current ? html`<${SayPanel} conn=${conn} current=${current} say=${say} setSay=${setSay} taught=${taught} />` : ""}
    ${watching ? html`<${EpisodeView} conn=${conn} stream=${watching} />` : ""}
  </div>`;
}

/** The sessions started from this page, each with its status and a button to watch or stop it. */
function Sessions({ conn, sessions, watching, setWatching }) {
  return html`<section class="panel" data-testid="sessions">
    <h3>Sessions</h3>
    ${sessions.length ? "" : html`<div class="muted">none yet</div>`}
    ${sessions.map(
      (
        s,
      ) => html`<div class=${`session ${s.id === watching ? "current" : ""}`} data-testid="session" data-status=${s.status}>
        <b>${s.id}</b> ${s.label} · ${s.memory} · ${s.backbone} — <span data-testid="session-status">${s.status}</span>${s.note && s.note !== s.status ? `: ${s.note}` : ""}
        <button onClick=${() => setWatching(s.id)}>watch</button>
        ${s.status === "running" || s.status === "preparing" ? html`<button onClick=${() => conn.send({ type: "stop", session: s.id })} data-testid="stop">stop</button>` : ""}
        <span class="small muted" data-testid="session-dir">${s.dir}</span>
      </div>`,
    )}
  </section>`;
}

/** A correction typed to the robot of the session watched, and what the rule layer learned from it. */
function SayPanel({ conn, current, say, setSay, taught }) {
  return html`<section class="panel say" data-testid="say">
    <h3>Tell the robot (${current.userId})</h3>
    <select value=${say.kind} onChange=${(e) => setSay({ ...say, kind: e.currentTarget.value })}>
      <option value="correction">correction (learned as a rule)</option>
      <option value="instruction" disabled>instruction for this task only: say it with the request (a running episode has pinned its rules)</option>
    </select>
    <input value=${say.text} onInput=${(e) => setSay({ ...say, text: e.currentTarget.value })} data-testid="say-text" />
    <button onClick=${() => conn.send({ type: "say", session: current.id, kind: say.kind, text: say.text })} data-testid="say-send">send</button>
    ${
      taught && taught.session === current.id
        ? html`<div class="small" data-testid="taught">${taught.signal ? `learned: ${taught.items.join("; ")}` : "not a correction: no rule learned"}
          ${taught.libraryVersion ? ` (library v${taught.libraryVersion})` : ""}
          ${taught.libraryVersion ? html`<div data-testid="taught-lasting">kept for ${taught.user} in ${taught.keptIn}: every later episode of ${taught.user}, here and in <code>polar run</code>, keeps it until retracted (<code>polar rules list --user ${taught.user}</code>)</div>` : ""}</div>`
        : ""
    }
  </section>`;
}
