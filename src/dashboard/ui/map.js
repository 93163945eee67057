// The metric top-down map on a canvas. With a run's map (the simulator's drawing of the house:
// rooms, walls, furniture, objects; sent once per run) it is drawn to scale, and on it, from the
// event stream: the agent's path, its pose and field of view, the room the high level chose and
// the route to it. In replay and compare, the analysis overlay adds the harness's view (target,
// same-category distractors, shortest path) in magenta, dashed and labelled as such: that data
// comes from the run's map.json, which the harness wrote, never from what the agent received.
// A run without a map (older trajectories) gets the scene graph's rooms and doors instead.
// The metric map zooms with the wheel (around the pointer), pans by dragging, and resets on a
// double click or its button.

import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";

const W = 840;
const H = 640;
const NO_VIEW = { zoom: 1, px: 0, py: 0 };
const ZOOM_MIN = 1;
const ZOOM_MAX = 16;
/** colours the page test reads back from the canvas */
export const MAP_COLORS = { agent: "#e0281e", path: "#1f5fd6", route: "#c08a00", overlay: "#ff00ff" };

const images = new Map();
function loaded(url, redraw) {
  let img = images.get(url);
  if (!img) {
    img = new Image();
    img.onload = redraw;
    img.src = url;
    images.set(url, img);
  }
  return img.complete && img.naturalWidth ? img : null;
}

export function TopDownMap({ conn, stream, st, overlay = false }) {
  const ref = useRef(null);
  const [view, setView] = useState(NO_VIEW);
  const drag = useRef(null);
  const map = conn?.maps.get(stream) ?? null;
  useEffect(() => {
    if (conn && stream && st.poses.length) conn.requestMap(stream);
  }, [conn, stream, st.poses.length > 0]);
  const redraw = () => draw(ref.current, st, map, overlay, redraw, view);
  useEffect(redraw, [st, map, map?.url, overlay, view]);
  const kind = map?.info && map?.url ? "metric" : "graph";
  // the canvas is drawn at W×H and shown at the page's width: pointer positions in canvas pixels
  const at = (e) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) * W) / r.width, ((e.clientY - r.top) * H) / r.height];
  };
  const onWheel = (e) => {
    if (kind !== "metric") return;
    e.preventDefault();
    const [cx, cy] = at(e);
    setView((v) => {
      const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, v.zoom * (e.deltaY < 0 ? 1.25 : 0.8)));
      if (zoom === ZOOM_MIN) return NO_VIEW;
      // the point under the pointer stays where it is
      const f = zoom / v.zoom;
      return { zoom, px: cx - W / 2 - (cx - W / 2 - v.px) * f, py: cy - H / 2 - (cy - H / 2 - v.py) * f };
    });
  };
  const onDown = (e) => {
    if (kind === "metric" && view.zoom > 1) drag.current = { at: at(e), view };
  };
  const onMove = (e) => {
    const d = drag.current;
    if (!d) return;
    const [x, y] = at(e);
    setView({ ...d.view, px: d.view.px + x - d.at[0], py: d.view.py + y - d.at[1] });
  };
  const onUp = () => {
    drag.current = null;
  };
  return html`<div>
    <canvas data-testid="map" data-kind=${kind} data-overlay=${overlay && kind === "metric" ? "on" : "off"}
      data-agent=${agentAt(st, map, kind, view)} data-zoom=${view.zoom.toFixed(2)}
      class=${`map ${view.zoom > 1 ? "zoomed" : ""}`} width=${W} height=${H} ref=${ref}
      onWheel=${onWheel} onMouseDown=${onDown} onMouseMove=${onMove} onMouseUp=${onUp} onMouseLeave=${onUp}
      onDblClick=${() => setView(NO_VIEW)}></canvas>
    ${
      kind === "metric"
        ? html`<div class="small muted" data-testid="map-legend">
            <span style=${`color:${MAP_COLORS.agent}`}>●</span> the robot and its field of view ·
            <span style=${`color:${MAP_COLORS.path}`}>━</span> its path ·
            <span style=${`color:${MAP_COLORS.route}`}>╍</span> route to the chosen room
            ${overlay ? html` · <b style=${`color:${MAP_COLORS.overlay}`}>harness's view (ground truth, never given to the agent): ◎ target, ✕ distractors, ╍ shortest path</b>` : ""}
            · wheel to zoom, drag to pan
            ${view.zoom > 1 ? html` <button data-testid="map-reset" onClick=${() => setView(NO_VIEW)}>whole house (×${view.zoom.toFixed(1)})</button>` : ""}
          </div>`
        : html`<div class="small muted" data-testid="map-legend">${map?.note ?? "the scene graph's rooms and doors"}</div>`
    }
  </div>`;
}

/** where the robot is drawn, "x,y" in canvas pixels (the page test reads its colour there) */
function agentAt(st, map, kind, view) {
  const cur = st.poses[st.poses.length - 1];
  if (kind !== "metric" || !cur) return "";
  const P = projection(map.info, view);
  return `${Math.round(P.X(cur[0]))},${Math.round(P.Y(cur[2]))}`;
}

function draw(canvas, st, map, overlay, redraw, view = NO_VIEW) {
  if (!canvas) return;
  const g = canvas.getContext("2d");
  g.fillStyle = "#f7f7f2";
  g.fillRect(0, 0, W, H);
  const img = map?.info && map.url ? loaded(map.url, redraw) : null;
  if (img) drawMetric(g, st, map.info, img, overlay, view);
  else drawGraph(g, st);
}

/**
 * world [x, z] to canvas: the image fitted to the canvas, x right and z down as the simulator
 * draws it, then the view's zoom about the canvas centre and its pan
 */
function projection(info, view = NO_VIEW) {
  const fit = Math.min(W / info.width, H / info.height);
  const s = fit * view.zoom;
  const ox = W / 2 + ((W - info.width * fit) / 2 - W / 2) * view.zoom + view.px;
  const oy = H / 2 + ((H - info.height * fit) / 2 - H / 2) * view.zoom + view.py;
  const k = s / info.metersPerPixel;
  return {
    s,
    ox,
    oy,
    k,
    zoomed: view.zoom !== 1 || view.px !== 0 || view.py !== 0,
    X: (x) => ox + (x - info.origin[0]) * k,
    Y: (z) => oy + (z - info.origin[1]) * k,
  };
}

/** the house scaled to the canvas once per image: each redraw is then a 1:1 copy, not a resample */
const scaled = new WeakMap();
function base(img, info, P) {
  let c = scaled.get(img);
  if (!c) {
    c = document.createElement("canvas");
    c.width = W;
    c.height = H;
    const g = c.getContext("2d");
    g.fillStyle = "#f7f7f2";
    g.fillRect(0, 0, W, H);
    g.imageSmoothingEnabled = true;
    g.imageSmoothingQuality = "high";
    g.drawImage(img, P.ox, P.oy, info.width * P.s, info.height * P.s);
    scaled.set(img, c);
  }
  return c;
}

function drawMetric(g, st, info, img, overlay, view) {
  const P = projection(info, view);
  if (P.zoomed) {
    // zoomed in: the house drawn from the full-resolution picture, crisp, every redraw
    g.imageSmoothingEnabled = P.s < 1;
    g.drawImage(img, P.ox, P.oy, info.width * P.s, info.height * P.s);
  } else g.drawImage(base(img, info, P), 0, 0);
  const rooms = st.graph?.rooms ?? [];
  const chosen = rooms.find((r) => r.id === st.plan?.roomId);
  if (chosen) {
    const [x, , z] = chosen.waypoint;
    g.strokeStyle = MAP_COLORS.route;
    g.lineWidth = 3;
    g.beginPath();
    g.arc(P.X(x), P.Y(z), 12, 0, 2 * Math.PI);
    g.stroke();
    label(g, `chosen: ${chosen.label}`, P.X(x) + 14, P.Y(z) - 8, MAP_COLORS.route);
  }
  if (overlay) drawAnalysis(g, info.analysis, P);
  const poses = st.poses;
  if (!poses.length) return;
  g.strokeStyle = MAP_COLORS.path;
  g.lineWidth = 2.5;
  g.beginPath();
  for (const [i, p] of poses.entries()) {
    if (i) g.lineTo(P.X(p[0]), P.Y(p[2]));
    else g.moveTo(P.X(p[0]), P.Y(p[2]));
  }
  g.stroke();
  const cur = poses[poses.length - 1];
  const [ax, ay] = [P.X(cur[0]), P.Y(cur[2])];
  if (st.plan) {
    g.setLineDash([6, 4]);
    g.strokeStyle = MAP_COLORS.route;
    g.lineWidth = 2;
    g.beginPath();
    g.moveTo(ax, ay);
    g.lineTo(P.X(st.plan.waypoint[0]), P.Y(st.plan.waypoint[2]));
    g.stroke();
    g.setLineDash([]);
  }
  // the field of view: heading 0 faces -z (up on the map); the wedge reaches 2 m
  const h = st.heading ?? 0;
  const half = ((info.hfov ?? 90) * Math.PI) / 360;
  const reach = 2 * P.k;
  const dir = (a) => [ax - Math.sin(a) * reach, ay - Math.cos(a) * reach];
  g.fillStyle = "rgba(224, 40, 30, 0.18)";
  g.strokeStyle = "rgba(224, 40, 30, 0.6)";
  g.lineWidth = 1;
  g.beginPath();
  g.moveTo(ax, ay);
  const steps = 12;
  for (let i = 0; i <= steps; i++) {
    const [x, y] = dir(h + half - (2 * half * i) / steps);
    g.lineTo(x, y);
  }
  g.closePath();
  g.fill();
  g.stroke();
  g.fillStyle = MAP_COLORS.agent;
  g.beginPath();
  g.arc(ax, ay, 6, 0, 2 * Math.PI);
  g.fill();
  const [tx, ty] = dir(h);
  g.strokeStyle = MAP_COLORS.agent;
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(ax, ay);
  g.lineTo(ax + (tx - ax) * 0.25, ay + (ty - ay) * 0.25);
  g.stroke();
}

function drawAnalysis(g, a, P) {
  g.strokeStyle = MAP_COLORS.overlay;
  g.fillStyle = MAP_COLORS.overlay;
  if (a.shortestPath && a.shortestPath.length > 1) {
    g.setLineDash([3, 3]);
    g.lineWidth = 2.5;
    g.beginPath();
    for (const [i, [x, z]] of a.shortestPath.entries()) {
      if (i) g.lineTo(P.X(x), P.Y(z));
      else g.moveTo(P.X(x), P.Y(z));
    }
    g.stroke();
    g.setLineDash([]);
  }
  g.lineWidth = 2.5;
  for (const d of a.distractors) {
    const [x, y] = [P.X(d.position[0]), P.Y(d.position[1])];
    g.beginPath();
    g.moveTo(x - 6, y - 6);
    g.lineTo(x + 6, y + 6);
    g.moveTo(x + 6, y - 6);
    g.lineTo(x - 6, y + 6);
    g.stroke();
  }
  for (const t of a.targets) {
    const [x, y] = [P.X(t.position[0]), P.Y(t.position[1])];
    for (const r of [5, 10]) {
      g.beginPath();
      g.arc(x, y, r, 0, 2 * Math.PI);
      g.stroke();
    }
    label(g, `target ${t.category}`, x + 12, y + 4, MAP_COLORS.overlay);
  }
  g.font = "bold 11px sans-serif";
  const text = "harness's view: not given to the agent";
  const w = g.measureText(text).width + 10;
  g.fillStyle = "rgba(255,255,255,0.85)";
  g.fillRect(W - w - 4, 4, w, 18);
  g.strokeStyle = MAP_COLORS.overlay;
  g.lineWidth = 1.5;
  g.strokeRect(W - w - 4, 4, w, 18);
  g.fillStyle = MAP_COLORS.overlay;
  g.fillText(text, W - w + 1, 17);
}

function label(g, text, x, y, color) {
  g.font = "11px sans-serif";
  const w = g.measureText(text).width;
  g.fillStyle = "rgba(255,255,255,0.8)";
  g.fillRect(x - 2, y - 10, w + 4, 13);
  g.fillStyle = color;
  g.fillText(text, x, y);
}

/** the scene graph alone: rooms (waypoints) and doors, for runs that kept no map */
function drawGraph(g, st) {
  const rooms = st.graph?.rooms ?? [];
  const pts = [...rooms.map((r) => r.waypoint), ...st.poses];
  if (!pts.length) {
    g.fillStyle = "#888";
    g.font = "13px sans-serif";
    g.fillText("waiting for the scene graph…", 12, 22);
    return;
  }
  let [x0, z0, x1, z1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of pts) {
    x0 = Math.min(x0, p[0]);
    x1 = Math.max(x1, p[0]);
    z0 = Math.min(z0, p[2]);
    z1 = Math.max(z1, p[2]);
  }
  const pad = 1.5;
  const s = Math.min((W - 20) / (x1 - x0 + 2 * pad), (H - 20) / (z1 - z0 + 2 * pad));
  const X = (p) => 10 + (p[0] - x0 + pad) * s;
  const Y = (p) => 10 + (p[2] - z0 + pad) * s;
  const byId = new Map(rooms.map((r) => [r.id, r]));
  g.strokeStyle = "#ccc";
  g.lineWidth = 2;
  for (const r of rooms)
    for (const a of r.adjacent) {
      const o = byId.get(a);
      if (!o || o.id < r.id) continue;
      g.beginPath();
      g.moveTo(X(r.waypoint), Y(r.waypoint));
      g.lineTo(X(o.waypoint), Y(o.waypoint));
      g.stroke();
    }
  const chosen = st.plan?.roomId;
  for (const r of rooms) {
    const here = r.id === chosen;
    g.fillStyle = here ? "#ffd66b" : r.id === st.room ? "#cfe8ff" : "#fff";
    g.strokeStyle = here ? "#c08a00" : "#999";
    g.beginPath();
    g.arc(X(r.waypoint), Y(r.waypoint), 16, 0, 2 * Math.PI);
    g.fill();
    g.stroke();
    g.fillStyle = "#333";
    g.font = "11px sans-serif";
    g.fillText(r.label, X(r.waypoint) - 18, Y(r.waypoint) + 28);
  }
  if (st.poses.length) {
    g.strokeStyle = "#2a6fdb";
    g.lineWidth = 2;
    g.beginPath();
    for (const [i, p] of st.poses.entries()) {
      if (i) g.lineTo(X(p), Y(p));
      else g.moveTo(X(p), Y(p));
    }
    g.stroke();
    const cur = st.poses[st.poses.length - 1];
    if (st.plan) {
      g.setLineDash([5, 4]);
      g.strokeStyle = "#c08a00";
      g.beginPath();
      g.moveTo(X(cur), Y(cur));
      g.lineTo(X(st.plan.waypoint), Y(st.plan.waypoint));
      g.stroke();
      g.setLineDash([]);
    }
    g.fillStyle = "#d23";
    g.beginPath();
    g.arc(X(cur), Y(cur), 5, 0, 2 * Math.PI);
    g.fill();
  }
}
