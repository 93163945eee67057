// The decision log: everything that happened up to the cursor, oldest first, kept scrolled to the
// newest; in a replay, clicking an entry moves the cursor to its step.
import { useEffect, useRef } from "preact/hooks";
import { html } from "./html.js";
import { KINDS, marksUpTo } from "./marks.js";

const COLOR = new Map(KINDS.map((k) => [k.kind, k.color]));
const MAX_SHOWN = 150;

export function DecisionLog({ events, n, onStep }) {
  const ref = useRef(null);
  const all = marksUpTo(events, n);
  const shown = all.slice(-MAX_SHOWN);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [n]);
  return html`<section class="panel" data-testid="decision-log">
    <h3>Decision log <small>${all.length}${all.length > shown.length ? `, the latest ${shown.length} shown` : ""}</small></h3>
    <div class="log" ref=${ref}>
      ${shown.map(
        (m) => html`<div class="log-entry small" data-testid="log-entry" data-step=${m.step} data-kind=${m.kind}
          onClick=${onStep ? () => onStep(m.step) : undefined} style=${`border-left-color:${COLOR.get(m.kind)}`}>
          <b>${m.step}</b> ${m.text}
        </div>`,
      )}
    </div>
  </section>`;
}
