// Memory and rules: a user's memory graph (Cytoscape.js; positions computed here in one pass,
// objects on a grid with what is known of each around it, so a few thousand nodes lay out at
// once with no force simulation), its history, and the user's rules with their versions.
// Readable at any size: only objects are labelled until asked (a search, a picked object's
// neighbourhood, or "all labels"), the user's photos are drawn as the nodes' pictures, and
// picking a node lists its neighbourhood with each statement's time and whether it was replaced.
import cytoscape from "cytoscape";
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";

const COLORS = {
  user: "#d23",
  object: "#2a6fdb",
  statement: "#3a9d5d",
  episodic: "#8a5cc2",
  instruction: "#c08a00",
  image: "#777",
};

export function layout(nodes, edges) {
  const parent = new Map();
  for (const e of edges) if (!parent.has(e.target)) parent.set(e.target, e.source);
  const objects = nodes.filter((n) => n.kind === "object");
  const cols = Math.max(1, Math.ceil(Math.sqrt(objects.length)));
  const cell = 140;
  const pos = new Map();
  for (const [i, o] of objects.entries()) pos.set(o.id, { x: (i % cols) * cell, y: 120 + Math.floor(i / cols) * cell });
  const user = nodes.find((n) => n.kind === "user");
  if (user) pos.set(user.id, { x: ((cols - 1) * cell) / 2, y: 0 });
  const children = new Map();
  for (const n of nodes) {
    if (pos.has(n.id)) continue;
    const p = parent.get(n.id);
    if (!children.has(p)) children.set(p, []);
    children.get(p).push(n);
  }
  for (const [p, kids] of children) {
    const c = pos.get(p) ?? { x: 0, y: 0 };
    kids.forEach((k, i) => {
      const a = (2 * Math.PI * i) / kids.length;
      const r = 38 + 6 * Math.floor(i / 12);
      pos.set(k.id, { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
    });
  }
  return pos;
}

const when = (ms) => (typeof ms === "number" ? new Date(ms).toISOString().slice(0, 16).replace("T", " ") : "");

function Graph({ graph, onPick, query, allLabels, onHits }) {
  const ref = useRef(null);
  const cyRef = useRef(null);
  useEffect(() => {
    if (!ref.current || !graph) return undefined;
    const t0 = performance.now();
    const pos = layout(graph.nodes, graph.edges);
    const cy = cytoscape({
      container: ref.current,
      elements: [
        ...graph.nodes.map((n) => ({
          data: {
            id: n.id,
            label: n.label.slice(0, 40),
            kind: n.kind,
            full: n.label,
            old: n.superseded ? 1 : 0,
            at: n.at ?? null,
            ...(n.url ? { url: n.url } : {}),
          },
          position: pos.get(n.id),
        })),
        ...graph.edges.map((e, i) => ({ data: { id: `e${i}`, source: e.source, target: e.target } })),
      ],
      layout: { name: "preset" },
      style: [
        {
          selector: "node",
          style: {
            "background-color": (n) => COLORS[n.data("kind")] ?? "#999",
            // labels on demand: objects and the user always, the rest when shown
            label: "",
            "font-size": 8,
            "min-zoomed-font-size": 7,
            width: 12,
            height: 12,
          },
        },
        {
          selector: "node[kind = 'object'], node[kind = 'user']",
          style: { width: 22, height: 22, "font-size": 10, label: "data(label)" },
        },
        {
          selector: "node[url]",
          style: {
            "background-image": "data(url)",
            "background-fit": "cover",
            "background-clip": "node",
            shape: "round-rectangle",
            width: 30,
            height: 30,
          },
        },
        { selector: "node[old = 1]", style: { opacity: 0.4 } },
        { selector: "node.show", style: { label: "data(label)", "text-wrap": "ellipsis", "text-max-width": 120 } },
        { selector: "node.hit", style: { "border-width": 3, "border-color": "#f59e0b" } },
        { selector: "node.picked", style: { "border-width": 3, "border-color": "#111" } },
        { selector: ".faded", style: { opacity: 0.12 } },
        { selector: "edge", style: { width: 1, "line-color": "#ccc" } },
      ],
      textureOnViewport: true,
      hideEdgesOnViewport: true,
      motionBlur: false,
      wheelSensitivity: 0.3,
    });
    cy.on("tap", "node", (e) => {
      // the neighbourhood: the node and what it is linked to, labelled; the rest faded
      const hood = e.target.closedNeighborhood();
      cy.batch(() => {
        cy.elements().removeClass("show picked").addClass("faded");
        hood.removeClass("faded");
        hood.nodes().addClass("show");
        e.target.addClass("picked");
      });
      onPick({
        ...e.target.data(),
        neighbours: hood
          .nodes()
          .filter((n) => n.id() !== e.target.id())
          .map((n) => n.data()),
      });
    });
    cy.on("tap", (e) => {
      if (e.target !== cy) return;
      cy.elements().removeClass("faded show picked");
      onPick(null);
    });
    cyRef.current = cy;
    // for tests and the console: the graph the page drew
    window.polarGraph = cy;
    ref.current.dataset.nodes = String(cy.nodes().length);
    ref.current.dataset.renderMs = String(Math.round(performance.now() - t0));
    return () => {
      cyRef.current = null;
      cy.destroy();
    };
  }, [graph]);
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const q = query.trim().toLowerCase();
    cy.batch(() => {
      cy.nodes().removeClass("hit");
      if (allLabels) cy.nodes().addClass("show");
      else if (!cy.$(".picked").length) cy.nodes().removeClass("show");
      if (!q) {
        if (!cy.$(".picked").length) cy.elements().removeClass("faded");
        onHits(null);
        return;
      }
      const hits = cy.nodes().filter((n) => String(n.data("full")).toLowerCase().includes(q));
      cy.elements().addClass("faded");
      hits.removeClass("faded").addClass("hit show");
      onHits(hits.length);
    });
  }, [graph, query, allLabels]);
  return html`<div class="cy" ref=${ref} data-testid="memory-graph"></div>`;
}

function Picked({ picked }) {
  if (!picked)
    return html`<div class="small muted">click a node to see its neighbourhood; click the background to clear</div>`;
  const ns = picked.neighbours ?? [];
  return html`<div class="small" data-testid="memory-picked">
    <b>${picked.kind}</b> ${picked.full}${picked.old ? " (superseded)" : ""}${picked.at ? ` · ${when(picked.at)}` : ""}
    ${picked.url ? html`<div><img class="memory-photo" src=${picked.url} alt=${picked.full} data-testid="memory-photo" /></div>` : ""}
    ${
      ns.length
        ? html`<ul data-testid="memory-neighbourhood">
          ${ns.map(
            (n) => html`<li class=${n.old ? "muted" : ""}>
              <b>${n.kind}</b> ${n.full}${n.at ? html` <span class="muted">· ${when(n.at)}</span>` : ""}${n.old ? html` <i>(superseded by a later statement)</i>` : ""}
            </li>`,
          )}
        </ul>`
        : ""
    }
  </div>`;
}

export function MemoryTab({ conn, cat }) {
  const [path, setPath] = useState("");
  const [user, setUser] = useState("u1");
  const [graph, setGraph] = useState(null);
  const [rules, setRules] = useState(null);
  const [picked, setPicked] = useState(null);
  const [query, setQuery] = useState("");
  const [allLabels, setAllLabels] = useState(false);
  const [hits, setHits] = useState(null);
  useEffect(() => conn.on("memory", (m) => setGraph(m)), []);
  useEffect(() => conn.on("rules", (m) => setRules(m)), []);
  return html`<div>
    <section class="panel form">
      <h3>Memory and rules</h3>
      <select value=${path} onChange=${(e) => setPath(e.currentTarget.value)} data-testid="memory-path">
        <option value="">memory folder…</option>
        ${(cat?.memories ?? []).map((m) => html`<option value=${m}>${m}</option>`)}
      </select>
      <label>user <input value=${user} onInput=${(e) => setUser(e.currentTarget.value)} data-testid="memory-user" /></label>
      <button onClick=${() => conn.send({ type: "memory", path, user })} data-testid="memory-open">Show memory</button>
      <button onClick=${() => conn.send({ type: "rules", user })} data-testid="rules-open">Show rules</button>
    </section>
    ${
      graph
        ? html`<section class="panel">
          <h3>${graph.user} · ${graph.store} <small data-testid="memory-count">${graph.nodes.length} nodes</small></h3>
          <div class="legend">${Object.entries(COLORS).map(([k, c]) => html`<span><i style=${`background:${c}`}></i>${k}</span>`)}</div>
          <div class="filters">
            <input placeholder="search the graph (statements, objects, instructions…)" value=${query} size="40"
              onInput=${(e) => setQuery(e.currentTarget.value)} data-testid="memory-search" />
            ${hits === null ? "" : html`<span class="small" data-testid="memory-hits">${hits} match${hits === 1 ? "" : "es"}</span>`}
            <label class="small"><input type="checkbox" checked=${allLabels} onChange=${(e) => setAllLabels(e.currentTarget.checked)}
              data-testid="memory-all-labels" /> all labels</label>
          </div>
          <${Graph} graph=${graph} onPick=${setPicked} query=${query} allLabels=${allLabels} onHits=${setHits} />
          <${Picked} picked=${picked} />
          <details><summary>history (${graph.history.length})</summary>
            <table class="small">${graph.history.map((h) => html`<tr><td>${new Date(h.at).toISOString().slice(0, 16)}</td><td>${h.kind}</td><td>${h.objectId ?? ""}</td><td>${h.detail}</td></tr>`)}</table>
          </details>
        </section>`
        : ""
    }
    ${
      rules
        ? html`<section class="panel" data-testid="rules-list">
          <h3>Rules of ${rules.user} <small>rule library version ${rules.libraryVersion} · ${rules.location}</small></h3>
          ${rules.versions.length ? "" : html`<div class="muted">no rules</div>`}
          <table class="small">
            ${rules.versions.map(
              (v) => html`<tr class=${rules.inForce.includes(v.versionId) ? "" : "muted"}>
                <td>${v.versionId}</td><td>${v.status}</td><td>${v.check}</td><td>${v.describe}</td><td>“${v.statement}”</td>
              </tr>`,
            )}
          </table>
        </section>`
        : ""
    }
  </div>`;
}
