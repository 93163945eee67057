// The three views at a useful size, each with the semantic sensor's boxes and categories drawn
// over it (from the `views` event of the step the picture is of, so boxes and pixels agree),
// and, for an instance the planner's perception has judged, its appearance score against the
// user's photo (from the latest low-level decision at or before that step).
import { useState } from "preact/hooks";
import { html } from "./html.js";
import { sensorAt } from "./marks.js";

const NAMES = ["left", "front", "right"];

function Boxes({ instances, scores, w, h, view }) {
  if (!w || !h) return "";
  return html`<svg class="boxes" viewBox=${`0 0 ${w} ${h}`} preserveAspectRatio="none" data-testid=${`boxes-${view}`}>
    ${instances.map((v) => {
      const [x0, y0, x1, y1] = v.bbox;
      const s = scores.get(v.id);
      const label = `${v.category}${s ? ` ${s.score === null ? "?" : s.score.toFixed(2)}` : ""}`;
      return html`<g data-testid="box" data-category=${v.category} data-score=${s?.score ?? ""}>
        <rect x=${x0} y=${y0} width=${Math.max(1, x1 - x0)} height=${Math.max(1, y1 - y0)} class=${s ? "judged" : ""} />
        <text x=${x0 + 2} y=${Math.max(9, y0 - 2)}>${label}</text>
      </g>`;
    })}
  </svg>`;
}

function View({ view, url, refName, instances, scores }) {
  const [size, setSize] = useState(null);
  return html`<figure class="view">
    <div class="view-box">
      ${
        url
          ? html`<img data-testid=${`view-${view}`} data-ref=${refName} src=${url} alt=${view}
              onLoad=${(e) => setSize([e.currentTarget.naturalWidth, e.currentTarget.naturalHeight])} />
            <${Boxes} instances=${instances} scores=${scores} w=${size?.[0]} h=${size?.[1]} view=${view} />`
          : html`<div class="noimg">no image</div>`
      }
    </div>
    <figcaption>${view}${instances.length ? html` <small>· ${instances.map((i) => i.category).join(", ")}</small>` : ""}</figcaption>
  </figure>`;
}

export function Views({ conn, stream, st, events, follow }) {
  let refs;
  let shownStep = st.step;
  if (follow) {
    refs = conn.latest.get(stream) ?? {};
    const any = Object.values(refs)[0];
    const m = any ? /^s(\d+)-/.exec(any) : null;
    shownStep = m ? Number(m[1]) : st.step;
  } else {
    const at = conn.viewsAt(stream, st.step);
    if (!at || at.step !== st.step) conn.requestViews(stream, st.step);
    refs = at?.refs ?? {};
    shownStep = at?.step ?? null;
  }
  const sensor = shownStep === null ? { views: null, scores: new Map() } : sensorAt(events, shownStep);
  return html`<section class="panel views-panel" data-testid="views">
    <h3>Views ${shownStep !== null && !follow && shownStep !== st.step ? html`<small>from step ${shownStep}</small>` : ""}
      <small class="muted"> · boxes: the semantic sensor's instances; a score: the planner's appearance match with the user's photo</small></h3>
    <div class="views">
      ${NAMES.map((v) => {
        const ref = refs[v];
        return html`<${View} view=${v} refName=${ref} url=${ref ? conn.image(stream, ref) : null}
          instances=${sensor.views?.visible?.[v] ?? []} scores=${sensor.scores} />`;
      })}
    </div>
  </section>`;
}
