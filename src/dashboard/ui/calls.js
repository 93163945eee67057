// The model calls of an episode up to the cursor: totals, a latency bar per call, every call in
// a scrollable list, and the inspector for the one picked, across the page: what was sent (text,
// and every image at its column's width: the stored views they were, the user's photo and the
// candidates' photos stored with the run by their hash), every answer with why a rejected one was
// re-asked, and the value that passed the schema.
import { useState } from "preact/hooks";
import { html } from "./html.js";

const stepOfRef = (ref) => Number(/^s(\d+)-/.exec(ref)?.[1] ?? -1);
const isView = (ref) => /^s\d{4,}-/.test(ref ?? "");

/** what the prompt said an image was: the text just before its [image N] mark */
function captions(x) {
  const out = new Map();
  for (const m of x.messages) {
    const lines = m.text.split("\n");
    lines.forEach((line, k) => {
      for (const hit of line.matchAll(/\[image (\d+)\]/g)) {
        const before = line.slice(0, hit.index).trim() || (lines[k - 1] ?? "").trim();
        if (before) out.set(Number(hit[1]), before.replace(/:$/, "").slice(-160));
      }
    });
  }
  return out;
}

/** an image as the model got it, as wide as its column: a view of the run, or a photo stored with it by its hash */
function Sent({ conn, stream, img, i, caption }) {
  let url = null;
  let missing = null;
  if (img.ref && isView(img.ref)) {
    url = conn.image(stream, img.ref);
    if (!url) conn.requestViews(stream, stepOfRef(img.ref));
  } else if (img.ref) {
    const got = conn.sentImage(stream, img.ref);
    if (got === "missing") missing = "not kept with this run (its budget for kept images was spent)";
    else url = got;
  } else
    missing = img.notKept
      ? `not kept: ${img.notKept}`
      : "not stored with this run (recorded before sent photos were kept)";
  const what = img.source === "photo" ? "the user's photo of the target" : (caption ?? img.ref ?? "an image");
  return html`<figure class="sent" data-testid="call-image-frame">
    ${
      url
        ? html`<img data-testid="call-image" data-ref=${img.ref} src=${url} alt=${what} />`
        : html`<div class="noimg small" data-testid="call-image-missing">${missing ?? "loading…"}</div>`
    }
    <figcaption class="small">[image ${i}] ${what}${img.ref ? html` · <code>${img.ref}</code>` : ""} · ${Math.round(img.bytes / 1024)} kB</figcaption>
  </figure>`;
}

function Inspector({ conn, stream, call, n }) {
  const x = call.exchange;
  const retries = call.attempts - 1 - (call.reasks ?? 0);
  const said = x ? captions(x) : new Map();
  return html`<section class="panel inspector wide" data-testid="call-inspector">
    <h3>Call ${n} <small>as the model got it</small></h3>
    <div class="small">
      <b>${call.task}</b> · ${call.model}${call.step !== undefined ? ` · step ${call.step}` : ""} · ${`${Math.round(call.latencyMs)} ms · ${call.attempts} request(s)`}${call.reasks ? `, ${call.reasks} re-ask(s)` : ""}${retries > 0 ? `, ${retries} transport retr${retries === 1 ? "y" : "ies"}` : ""}
      ${call.error ? html` · <span class="bad">${call.error}</span>` : ""}
    </div>
    ${
      !x
        ? html`<div class="muted small">this call's request and answer were not recorded (a stream from before the inspector, or a backbone that makes no model calls)</div>`
        : html`
          <h4>request <small>${x.schemaName}${x.cut ? ` · ${x.cut} characters cut to the size budget` : ""}</small></h4>
          ${x.messages.map((m) => html`<div class="msg"><b class="small">${m.role}</b><pre data-testid="call-request">${m.text}</pre></div>`)}
          ${
            x.images.length
              ? html`<h4>images <small>${x.images.length}, every one the model was sent</small></h4>
                <div class="sent-images">${x.images.map((img, i) => html`<${Sent} conn=${conn} stream=${stream} img=${img} i=${i} caption=${said.get(i)} />`)}</div>`
              : ""
          }
          <h4>answers <small>${x.answers.length}</small></h4>
          ${x.answers.map(
            (a, i) => html`<div class=${a.problem ? "msg rejected" : "msg"} data-testid="call-answer">
              <b class="small">answer ${i + 1}${a.problem ? html` — <span class="bad">rejected, re-asked: ${a.problem}</span>` : ""}</b>
              <pre>${a.text}</pre>
            </div>`,
          )}
          <h4>parsed</h4>
          ${x.parsed === undefined ? html`<div class="muted small">no answer passed the schema</div>` : html`<pre data-testid="call-parsed">${JSON.stringify(x.parsed, null, 2)}</pre>`}`
    }
  </section>`;
}

export function Calls({ conn, stream, st }) {
  const [picked, setPicked] = useState(null);
  const calls = st.calls;
  const max = Math.max(1, ...calls.map((c) => c.latencyMs));
  const cost = calls.reduce((a, c) => (c.costUsd === undefined || a === null ? null : a + c.costUsd), 0);
  const tokens = (k) => (calls.some((c) => c[k] === undefined) ? "not reported" : calls.reduce((a, c) => a + c[k], 0));
  const w = 360;
  const bw = calls.length ? Math.max(1, Math.floor(w / calls.length)) : 0;
  const shown = picked !== null && picked < calls.length ? picked : null;
  // the inspector is a panel of its own across the page: the images it shows are what decided the call
  return html`<section class="panel" data-testid="calls">
    <h3>Model calls <small>${calls.length}</small></h3>
    <div class="small">
      ${`tokens in ${tokens("inputTokens")} / out ${tokens("outputTokens")} · cost ${cost === null ? "not reported" : `$${cost.toFixed(4)}`}`}
    </div>
    ${
      calls.length
        ? html`<svg class="chart" width=${w} height="60" aria-label="latency per call">
            ${calls.map(
              (c, i) =>
                html`<rect x=${i * bw} y=${60 - (58 * c.latencyMs) / max} width=${Math.max(1, bw - 1)}
                  height=${(58 * c.latencyMs) / max} fill=${c.error ? "#d23" : i === shown ? "#f59e0b" : "#2a6fdb"}
                  onClick=${() => setPicked(i)}><title>${c.task} ${c.latencyMs} ms</title></rect>`,
            )}
          </svg>
          <div class="scroll">
            <table class="small">
              <tr><th>#</th><th>step</th><th>task</th><th>model</th><th>in</th><th>out</th><th>ms</th><th>$</th><th>tries</th></tr>
              ${calls.map(
                (
                  c,
                  i,
                ) => html`<tr class=${i === shown ? "picked" : c.error ? "bad" : ""} data-testid="call-row" onClick=${() => setPicked(i)}>
                  <td>${i + 1}</td><td>${c.step ?? ""}</td><td>${c.task}</td><td>${c.model}</td><td>${c.inputTokens ?? "?"}</td><td>${c.outputTokens ?? "?"}</td>
                  <td>${Math.round(c.latencyMs)}</td><td>${c.costUsd === undefined ? "?" : c.costUsd.toFixed(4)}</td>
                  <td>${c.attempts}${c.reasks ? ` (${c.reasks} re-ask)` : ""}</td>
                </tr>`,
              )}
            </table>
          </div>
          ${shown === null ? html`<div class="muted small">pick a call to see its request and answer</div>` : html`<div class="muted small">call ${shown + 1} is shown below, across the page</div>`}`
        : html`<div class="muted">none so far (the heuristic backbone makes none)</div>`
    }
  </section>
  ${shown !== null ? html`<${Inspector} conn=${conn} stream=${stream} call=${calls[shown]} n=${shown + 1} />` : ""}`;
}
