// Replay and compare only: the map's analysis overlay, the harness's ground truth (target,
// distractors, shortest path), off until asked for so the map first shows what the robot knew.
import { html } from "./html.js";

export function AnalysisToggle({ on, set }) {
  return html`<label class="small analysis-toggle" title="from the harness's files (map.json), never from what the agent received">
    <input type="checkbox" checked=${on} onChange=${(e) => set(e.currentTarget.checked)} data-testid="analysis-toggle" />
    analysis overlay on the map (the harness's view: target, distractors, shortest path)
  </label>`;
}
