// The top-down map on a canvas: rooms of the scene graph (waypoints and doors between them),
// the room the high level chose, the route to it, and the trajectory so far.

import { useEffect, useRef } from "preact/hooks";
import { html } from "./html.js";

export function TopDownMap({ st }) {
  const ref = useRef(null);
  useEffect(() => draw(ref.current, st), [st]);
  return html`<canvas data-testid="map" class="map" width="420" height="320" ref=${ref}></canvas>`;
}

function draw(canvas, st) {
  if (!canvas) return;
  const g = canvas.getContext("2d");
  const W = canvas.width;
  const H = canvas.height;
  g.fillStyle = "#f7f7f2";
  g.fillRect(0, 0, W, H);
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
