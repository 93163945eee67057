// The dashboard page: one connection, five tabs, an error line for anything the server refused.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { CompareTab } from "./compare.js";
import { Connection } from "./connection.js";
import { DriveTab } from "./drive.js";
import { html } from "./html.js";
import { MemoryTab } from "./memory.js";
import { ReplayTab } from "./replay.js";
import { ResultsTab } from "./results.js";

const token = new URLSearchParams(location.search).get("token");
const conn = new Connection(
  `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ""}`,
);
window.polarConnection = conn;

const TABS = ["drive", "replay", "results", "compare", "memory"];

function useConnection() {
  const [, setV] = useState(0);
  useEffect(() => {
    let frame = 0;
    return conn.subscribe((v) => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setV(v);
      });
    });
  }, []);
}

function Progress({ runs }) {
  const live = (runs ?? []).filter((r) => r.alive || !r.finished);
  if (!live.length) return "";
  return html`<div class="progress" data-testid="eval-progress">
    ${live.map(
      (r) => html`<div>
        evaluation <b>${r.path}</b>: ${r.done}/${r.total} episodes${r.ran ? ` · SR so far ${((100 * r.succeeded) / r.ran).toFixed(1)}% (${r.succeeded} of ${r.ran} run this session)` : ""}
        ${r.failures ? ` · ${r.failures} not run` : ""} ${r.alive ? "" : "(its process is gone)"}
        <progress max=${r.total} value=${r.done}></progress>
      </div>`,
    )}
  </div>`;
}

function App() {
  useConnection();
  const [tab, setTab] = useState(location.hash.slice(1) || "drive");
  const [cat, setCat] = useState(null);
  // ?watch=s1 opens on that session (a link to a run in progress)
  const [watching, setWatchingState] = useState(() => {
    const id = new URLSearchParams(location.search).get("watch");
    if (id) conn.send({ type: "subscribe", stream: id });
    return id;
  });
  const [replay, setReplay] = useState(null);
  const [pair, setPair] = useState(null);
  const [memoryFocus, setMemoryFocus] = useState(null);
  useEffect(() => {
    conn.send({ type: "catalogue" });
    const offs = [
      conn.on("catalogue", (m) => setCat(m)),
      conn.on("sessions", (m) => setCat((c) => ({ ...(c ?? {}), sessions: m.sessions }))),
      conn.on("progress", (m) => setCat((c) => ({ ...(c ?? {}), progress: m.runs }))),
      conn.on("started", () => conn.send({ type: "catalogue" })),
      // here, not in the tabs: the answer can come before the tab it opens has mounted
      conn.on("replay", (m) => setReplay((r) => ({ stream: m.stream, problems: m.problems, n: (r?.n ?? 0) + 1 }))),
      conn.on("compare", (m) => setPair((p) => ({ streams: [m.a.stream, m.b.stream], n: (p?.n ?? 0) + 1 }))),
      conn.on("run-memory", (m) => {
        const f = conn.pendingFocus;
        if (!f || f.stream !== m.stream) return;
        conn.pendingFocus = null;
        if (!m.path || !m.user) {
          conn.addError(
            "memory",
            `no memory folder found for ${m.stream.replace(/^replay:/, "")} (looked for memory/ in its folder and those above it)`,
          );
          return;
        }
        setMemoryFocus((p) => ({ ...f, path: m.path, user: m.user, n: (p?.n ?? 0) + 1 }));
        go("memory");
      }),
    ];
    return () => {
      for (const f of offs) f();
    };
  }, []);
  const go = (t) => {
    setTab(t);
    history.replaceState(null, "", `${location.search}#${t}`);
    if (t !== "drive") conn.send({ type: "catalogue" });
  };
  const setWatching = (id) => {
    if (id && id !== watching) conn.send({ type: "subscribe", stream: id });
    setWatchingState(id);
  };
  const openReplay = (path) => {
    conn.send({ type: "replay", path });
    go("replay");
  };
  const compare = (a, b) => {
    conn.send({ type: "compare", a, b });
    go("compare");
  };
  const runHere = (dataset, row) => {
    conn.send({
      type: "start",
      dataset,
      episode: { id: row.episodeId },
      backbone: row.backbone,
      memory: row.memory,
      paceMs: 0,
    });
    go("drive");
  };
  return html`<div>
    <header>
      <b>Polar</b>
      <nav>${TABS.map((t) => html`<button class=${t === tab ? "on" : ""} data-testid=${`tab-${t}`} onClick=${() => go(t)}>${t}</button>`)}</nav>
      <span class=${conn.open ? "ok small" : "bad small"} data-testid="connection">${conn.open ? "connected" : "not connected"}</span>
    </header>
    <${Progress} runs=${cat?.progress} />
    ${
      conn.errors.length
        ? html`<div class="errors" data-testid="error">
          ${conn.errors.map((e) => html`<div>${e.request ? `${e.request}: ` : ""}${e.message}</div>`)}
          <button onClick=${() => conn.clearErrors()}>dismiss</button>
        </div>`
        : ""
    }
    <main>
      ${tab === "drive" ? html`<${DriveTab} conn=${conn} cat=${cat} watching=${watching} setWatching=${setWatching} />` : ""}
      ${tab === "replay" ? html`<${ReplayTab} conn=${conn} cat=${cat} opened=${replay} />` : ""}
      ${tab === "results" ? html`<${ResultsTab} conn=${conn} cat=${cat} openReplay=${openReplay} runHere=${runHere} compare=${compare} />` : ""}
      ${tab === "compare" ? html`<${CompareTab} conn=${conn} cat=${cat} opened=${pair} />` : ""}
      ${tab === "memory" ? html`<${MemoryTab} conn=${conn} cat=${cat} focus=${memoryFocus} />` : ""}
    </main>
  </div>`;
}

const root = document.getElementById("app");
root.textContent = "";
render(html`<${App} />`, root);
