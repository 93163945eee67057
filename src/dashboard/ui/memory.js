// Memory and rules: a user's memory graph (Cytoscape.js; positions computed here in one pass,
// objects on a grid with what is known of each around it, so a few thousand nodes lay out at
// once with no force simulation), its history, and the user's rules with their versions.
// Readable at any size: only objects are labelled until asked (a search, a picked object's
// neighbourhood, or "all labels"), the user's photos are drawn as the nodes' pictures, and
// picking a node lists its neighbourhood with each statement's time and whether it was replaced.
// Labels point away from their object and one that would cover another is not drawn (declutter),
// so a picked node's neighbourhood never piles up. A statement a run retrieved opens here, picked.
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
      pos.set(k.id, { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a), side: sideOf(a) });
    });
  }
  return pos;
}

/**
 * A label points away from its object, sideways: a node right of it (or straight above or below)
 * is labelled on its right, one left of it on its left, so the ring's labels fan out in two
 * columns instead of stacking over the middle.
 */
const sideOf = (a) => (Math.cos(a) > -1e-9 ? "lab-r" : "lab-l");

/** how much shown labels are worth keeping when two would overlap: the picked node, what was searched, objects, the rest */
const rank = (n) => (n.hasClass("picked") ? 0 : n.hasClass("hit") ? 1 : n.data("kind") === "object" ? 2 : 3);

/**
 * Hides a label that would cover one worth more (rank, then nearness to the picked node), so
 * labels never pile up; what is hidden is still listed under the graph. Boxes are in the graph's
 * own coordinates, so one pass holds at every zoom. A grid of cells keeps it linear.
 */
export function declutter(cy) {
  const CELL = 80;
  const kept = new Map();
  let hidden = 0;
  const shown = cy.nodes(".show, [kind = 'object'], [kind = 'user']").toArray();
  const picked = cy.$(".picked")[0];
  const from = picked ? picked.position() : null;
  const dist = (n) => (from ? Math.hypot(n.position().x - from.x, n.position().y - from.y) : 0);
  shown.sort((a, b) => rank(a) - rank(b) || dist(a) - dist(b));
  cy.nodes().removeClass("unlabelled");
  for (const n of shown) {
    const b = n.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true, includeOverlays: false });
    if (!(b.w > 0 && b.h > 0)) continue;
    const cells = [];
    for (let i = Math.floor(b.x1 / CELL); i <= Math.floor(b.x2 / CELL); i++)
      for (let j = Math.floor(b.y1 / CELL); j <= Math.floor(b.y2 / CELL); j++) cells.push(`${i},${j}`);
    const hit = cells.some((c) =>
      (kept.get(c) ?? []).some((o) => b.x1 < o.x2 && o.x1 < b.x2 && b.y1 < o.y2 && o.y1 < b.y2),
    );
    if (hit) {
      n.addClass("unlabelled");
      hidden++;
      continue;
    }
    for (const c of cells) {
      if (!kept.has(c)) kept.set(c, []);
      kept.get(c).push(b);
    }
  }
  return hidden;
}

const when = (ms) => (typeof ms === "number" ? new Date(ms).toISOString().slice(0, 16).replace("T", " ") : "");

/** the node itself in the middle (cy.center would centre its label's box too) */
function centreOn(cy, node) {
  const p = node.position();
  const z = cy.zoom();
  cy.pan({ x: cy.width() / 2 - p.x * z, y: cy.height() / 2 - p.y * z });
}

/** picks a node as a click does: its neighbourhood labelled, the rest faded */
function pickNode(cy, node, onPick) {
  const hood = node.closedNeighborhood();
  cy.batch(() => {
    cy.elements().removeClass("show picked").addClass("faded");
    hood.removeClass("faded");
    hood.nodes().addClass("show");
    node.addClass("picked");
  });
  onPick({
    ...node.data(),
    neighbours: hood
      .nodes()
      .filter((n) => n.id() !== node.id())
      .map((n) => n.data()),
  });
}

/** the node a retrieved statement is: by its id, else by its text among its object's statements, else the object */
function focusNode(cy, f) {
  if (f.statementId) {
    const byId = cy.getElementById(`statement:${f.statementId}`);
    if (byId.length) return byId;
  }
  const object = cy.getElementById(`object:${f.objectId}`);
  if (!object.length) return null;
  const byText = object.neighborhood("node[kind = 'statement']").filter((n) => n.data("full") === f.text);
  return byText.length ? byText[0] : object;
}

/** The graph's nodes and edges as cytoscape elements, at their laid-out positions. */
function graphElements(graph, pos) {
  return [
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
      position: { x: pos.get(n.id).x, y: pos.get(n.id).y },
      classes: pos.get(n.id).side ?? "",
    })),
    ...graph.edges.map((e, i) => ({ data: { id: `e${i}`, source: e.source, target: e.target } })),
  ];
}

/** How each kind of node, a picked node, a search hit and an edge are drawn. */
function graphStyle() {
  return [
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
    { selector: "node.show.lab-r", style: { "text-halign": "right", "text-valign": "center", "text-margin-x": 2 } },
    { selector: "node.show.lab-l", style: { "text-halign": "left", "text-valign": "center", "text-margin-x": -2 } },
    { selector: "node.unlabelled", style: { label: "" } },
    { selector: "node.hit", style: { "border-width": 3, "border-color": "#f59e0b" } },
    { selector: "node.picked", style: { "border-width": 3, "border-color": "#111" } },
    { selector: ".faded", style: { opacity: 0.12 } },
    { selector: "edge", style: { width: 1, "line-color": "#ccc" } },
  ];
}

function Graph({ graph, onPick, query, allLabels, onHits, focus, onHidden }) {
  const ref = useRef(null);
  const cyRef = useRef(null);
  // read by the graph's tap handlers, which live as long as the graph
  const all = useRef(allLabels);
  all.current = allLabels;
  // the focused node stays in the middle while the page settles, until the user moves the view
  const centred = useRef(null);
  const tidy = (cy) => {
    // all labels, when asked, are all drawn: the user chose to see them, overlaps and all
    let hidden = 0;
    if (all.current) cy.nodes().removeClass("unlabelled");
    else hidden = declutter(cy);
    if (ref.current) ref.current.dataset.hiddenLabels = String(hidden);
    onHidden(hidden);
  };
  useEffect(() => {
    if (!ref.current || !graph) return undefined;
    const t0 = performance.now();
    const pos = layout(graph.nodes, graph.edges);
    const cy = cytoscape({
      container: ref.current,
      elements: graphElements(graph, pos),
      layout: { name: "preset" },
      style: graphStyle(),
      textureOnViewport: true,
      hideEdgesOnViewport: true,
      motionBlur: false,
      wheelSensitivity: 0.3,
    });
    cy.on("tap", "node", (e) => {
      // the neighbourhood: the node and what it is linked to, labelled; the rest faded
      pickNode(cy, e.target, onPick);
      tidy(cy);
    });
    cy.on("tap", (e) => {
      if (e.target !== cy) return;
      cy.elements().removeClass("faded show picked");
      onPick(null);
      tidy(cy);
    });
    cy.on("tapstart scrollzoom", () => {
      centred.current = null;
    });
    const resized = new ResizeObserver(() => {
      cy.resize();
      if (centred.current) centreOn(cy, centred.current);
    });
    resized.observe(ref.current);
    cyRef.current = cy;
    // for tests and the console: the graph the page drew
    window.polarGraph = cy;
    ref.current.dataset.nodes = String(cy.nodes().length);
    ref.current.dataset.renderMs = String(Math.round(performance.now() - t0));
    tidy(cy);
    return () => {
      resized.disconnect();
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
    tidy(cy);
  }, [graph, query, allLabels]);
  useEffect(() => {
    // a retrieved statement opened from a run: its node picked and brought to the middle
    const cy = cyRef.current;
    if (!cy || !focus) return;
    const node = focusNode(cy, focus);
    if (ref.current) ref.current.dataset.focused = node ? node.id() : "";
    if (!node) return;
    pickNode(cy, node, onPick);
    tidy(cy);
    cy.resize();
    cy.zoom({ level: Math.max(cy.zoom(), 2.5), position: node.position() });
    centreOn(cy, node);
    centred.current = node;
  }, [graph, focus?.n]);
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

export function MemoryTab({ conn, cat, focus = null }) {
  const [path, setPath] = useState(focus?.path ?? "");
  const [user, setUser] = useState(focus?.user ?? "u1");
  const [hidden, setHidden] = useState(0);
  const [graph, setGraph] = useState(null);
  const [rules, setRules] = useState(null);
  const [picked, setPicked] = useState(null);
  const [query, setQuery] = useState("");
  const [allLabels, setAllLabels] = useState(false);
  const [hits, setHits] = useState(null);
  useEffect(() => conn.on("memory", (m) => setGraph(m)), []);
  useEffect(() => conn.on("rules", (m) => setRules(m)), []);
  // a retrieved statement opened from a run: that run's memory folder and user
  useEffect(() => {
    if (!focus) return;
    setPath(focus.path);
    setUser(focus.user);
    conn.send({ type: "memory", path: focus.path, user: focus.user });
  }, [focus?.n]);
  const focused = focus && graph && graph.path === focus.path && graph.user === focus.user ? focus : null;
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
          <${Graph} graph=${graph} onPick=${setPicked} query=${query} allLabels=${allLabels} onHits=${setHits}
            focus=${focused} onHidden=${setHidden} />
          ${hidden ? html`<div class="small muted" data-testid="memory-hidden-labels">${hidden} label(s) not drawn where they would cover another; the list below names every neighbour</div>` : ""}
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
