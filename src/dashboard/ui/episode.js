// Every panel of one episode at one cursor: views, map, memory and grounding, model calls,
// rules, the reply, the outcome, and any event type this page does not know yet.
import { Calls } from "./calls.js";
import { DecisionLog } from "./decision-log.js";
import { html } from "./html.js";
import { TopDownMap } from "./map.js";
import { cutoff, stateAt } from "./state.js";
import { Views } from "./views.js";

/** a distance, or why there is none (never "n/a m") */
const meters = (x) => (x === null || x === undefined ? "not measured" : `${Number(x).toFixed(2)} m`);
const fmt = (x, d = 2) => (x === null || x === undefined ? "n/a" : Number(x).toFixed(d));

/** statements shown per retrieved candidate before "more" */
const STATEMENTS_SHOWN = 4;

function Memory({ conn, stream, st }) {
  const r = st.retrieval;
  const g = st.grounding;
  const open = (c, k) =>
    conn.openInGraph(stream, { objectId: c.objectId, statementId: c.statementIds?.[k] ?? null, text: c.statements[k] });
  return html`<section class="panel" data-testid="memory-panel">
    <h3>Memory and grounding</h3>
    ${
      r
        ? html`<div>retrieval (${r.mode}): ${r.candidates.length} candidates${r.rawEpisodeIds.length ? `, ${r.rawEpisodeIds.length} raw episodes` : ""}</div>
          <ol class="small">
            ${r.candidates.slice(0, 5).map(
              (c) => html`<li><b>${c.category ?? c.objectId}</b> ${fmt(c.score)}
                <ul class="retrieved">
                  ${c.statements.slice(0, STATEMENTS_SHOWN).map(
                    (
                      t,
                      k,
                    ) => html`<li><a href="#memory" data-testid="retrieved-statement" title="open its node in the memory graph"
                      onClick=${(e) => {
                        e.preventDefault();
                        open(c, k);
                      }}>${t}</a></li>`,
                  )}
                  ${c.statements.length > STATEMENTS_SHOWN ? html`<li class="muted">${c.statements.length - STATEMENTS_SHOWN} more (in the graph)</li>` : ""}
                </ul>
              </li>`,
            )}
          </ol>`
        : html`<div class="muted">no retrieval yet</div>`
    }
    ${
      g
        ? html`<div data-testid="grounding">grounded: <b>${g.objectId ?? "—"}</b> (${g.category ?? "no category"})<br />why: ${g.reason}</div>`
        : ""
    }
    ${st.lowLevel ? html`<div class="small">low level at step ${st.lowLevel.step}: ${st.lowLevel.decision} — ${st.lowLevel.reason}</div>` : ""}
  </section>`;
}

function Verdicts({ results }) {
  return (results ?? []).map(
    (r) =>
      html`<div class=${`verdict ${r.verdict}`}>${r.verdict} — “${r.statement}”${r.reason ? ` (${r.reason})` : ""}${
        (r.quotes ?? []).length ? html` <q class="muted">${r.quotes[0]}</q>` : ""
      }</div>`,
  );
}

function countVerdicts(checks) {
  const n = {};
  for (const c of checks) for (const r of c.results ?? []) n[r.verdict] = (n[r.verdict] ?? 0) + 1;
  return Object.entries(n)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");
}

const verdictCount = (checks) => checks.reduce((a, c) => a + (c.results ?? []).length, 0);

function Rules({ st }) {
  const any = st.rules || st.checks.length || st.revisions.length || st.blocks.length || st.appeals.length;
  const r = st.rules;
  return html`<section class="panel" data-testid="rules-panel">
    <h3>Rules</h3>
    ${!any ? html`<div class="muted">no rule events in this episode</div>` : ""}
    ${
      r
        ? html`<div class="small">
            ${`the user's rule library, version ${r.libraryVersion}${r.libraryVersion === 0 ? " (nothing learned yet)" : ""} · ${r.inForce ?? "?"} rule(s) in force · method ${r.method} · ${(r.selected ?? []).length} for this request:`}
          </div>
          <ul class="small">${(r.selected ?? []).map((x) => html`<li>${x.taskLocal ? "(this task) " : ""}${x.kind}: “${x.statement}”</li>`)}</ul>`
        : ""
    }
${
  st.checks.length
    ? html`<div class="small" data-testid="rule-checks">${st.checks.length} check(s), ${verdictCount(st.checks)} verdict(s):
            ${countVerdicts(st.checks)}; the latest:</div>`
    : ""
}
    ${st.checks.slice(-4).map((c) => html`<div class="small check"><b>${c.stage}</b> ${c.subject}: <${Verdicts} results=${c.results} /></div>`)}
    ${st.revisions.map(
      (c) =>
        html`<div class="small check"><b>revision ${c.revision}</b> of ${c.subject} (${c.stage}): <${Verdicts} results=${c.violations} /></div>`,
    )}
    ${st.blocks.map(
      (c) =>
        html`<div class="small check bad"><b>blocked</b> ${c.subject} (${c.stage}): ${c.reason} <${Verdicts} results=${c.violations} /></div>`,
    )}
    ${st.appeals.map(
      (c) =>
        html`<div class="small check"><b>appeal</b> against “${c.statement}”: ${c.argument} → ${c.overturn ? "overturned" : "upheld"} (${c.reason})</div>`,
    )}
  </section>`;
}

/** what the rule layer changed in what the robot did: blocked or revised actions (the reply's own revisions are below it) */
function RuleChanges({ st }) {
  const acts = [
    ...st.blocks.map((b) => ({ seq: b.seq, how: "did not take", subject: b.subject, why: b.reason, v: b.violations })),
    ...st.revisions
      .filter((r) => r.stage === "pre_action")
      .map((r) => ({ seq: r.seq, how: "revised", subject: r.subject, why: `revision ${r.revision}`, v: r.violations })),
  ].sort((a, b) => a.seq - b.seq);
  if (!acts.length) return "";
  return html`<div class="small rule-changes" data-testid="rule-changes">
    <b>Because of the user's rules, the robot</b>
    <ul>${acts.map(
      (a) => html`<li>${a.how} “${a.subject}” (${a.why}): ${(a.v ?? []).map((x) => html`<q>${x.statement}</q> `)}</li>`,
    )}</ul>
  </div>`;
}

function Reply({ st }) {
  const r = st.reply;
  return html`<section class="panel" data-testid="reply">
    <h3>Robot's reply</h3>
    <${RuleChanges} st=${st} />
    ${
      r
        ? html`<div class="reply" data-testid="reply-text">${r.text}</div>
          ${r.revisions ? html`<div class="small">${r.revisions} revision(s)${r.draft ? html`; first draft: <q>${r.draft}</q>` : ""}</div>` : ""}
          ${(r.unresolved ?? []).length ? html`<div class="small bad">still violates: <${Verdicts} results=${r.unresolved} /></div>` : ""}`
        : html`<div class="muted">${st.end ? "this episode sent no reply" : "no reply yet"}</div>`
    }
  </section>`;
}

function Outcome({ st }) {
  const s = st.start;
  const e = st.end;
  return html`<section class="panel" data-testid="outcome">
    <h3>Episode</h3>
    ${
      s
        ? html`<div><b>${s.episodeId}</b> · ${s.scenario} · user ${s.userId} · memory ${s.memory} · ${s.backbone}</div>
          <div class="instruction">“${s.instruction}”</div>
          ${s.clock ? html`<div class="small" data-testid="clock">requested at <b>${s.clock.local}</b> (${s.clock.timeZone}, hour ${s.clock.hour}); the clock rules with hours read</div>` : ""}`
        : html`<div class="muted">waiting for the episode to start</div>`
    }
    <div class="small">step ${st.step}${s ? ` of at most ${s.maxSteps}` : ""}${st.lastAction ? ` · last action ${st.lastAction.action}` : ""}</div>
    ${
      e
        ? html`<div data-testid="outcome-line" class=${e.success ? "ok" : "bad"}>
          ${e.success ? "success" : "failure"} · SPL ${fmt(e.spl)} · CM ${e.cm ? "yes" : "no"} · ${e.steps} steps ·
          path ${meters(e.pathLength)} · final distance ${meters(e.distanceToGoal)}${e.error ? ` · error: ${e.error}` : ""}
        </div>`
        : ""
    }
  </section>`;
}

function Other({ st }) {
  if (!st.other.length) return "";
  return html`<section class="panel" data-testid="other-events">
    <h3>Other events <small>${st.other.length}</small></h3>
    ${st.other.slice(-8).map((e) => html`<pre class="small">${JSON.stringify(e).slice(0, 300)}</pre>`)}
  </section>`;
}

export function EpisodeView({ conn, stream, step = null, title = "", onStep = null, overlay = false }) {
  const events = conn.streams.get(stream)?.events ?? [];
  const n = cutoff(events, step);
  const st = stateAt(events, n);
  const follow = step === null;
  return html`<div class="episode" data-testid="episode" data-stream=${stream} data-step=${st.step}>
    ${title ? html`<h2>${title}</h2>` : ""}
    <div class="grid">
      <${Outcome} st=${st} />
      <${Views} conn=${conn} stream=${stream} st=${st} events=${events} follow=${follow} />
      <section class="panel"><h3>Map <small>${st.plan ? `→ ${st.plan.label}` : ""}</small></h3><${TopDownMap} conn=${conn} stream=${stream} st=${st} overlay=${overlay} /></section>
      <${Memory} conn=${conn} stream=${stream} st=${st} />
      <${DecisionLog} events=${events} n=${n} onStep=${onStep} />
      <${Calls} conn=${conn} stream=${stream} st=${st} />
      <${Rules} st=${st} />
      <${Reply} st=${st} />
      <${Other} st=${st} />
    </div>
  </div>`;
}
