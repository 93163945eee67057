// An episode's state at a cursor, derived from its event stream alone: the same function for
// a live session (cursor at the end) and a replay (cursor anywhere).

/** the steps a stream has, in order (pose events carry them) */
export function stepsOf(events) {
  const steps = [];
  for (const e of events) if (e.type === "pose" && steps[steps.length - 1] !== e.step) steps.push(e.step);
  return steps;
}

/** how many events are visible at step `step` (null: all of them) */
export function cutoff(events, step) {
  if (step === null || step === undefined) return events.length;
  for (let i = 0; i < events.length; i++) {
    const s = events[i].step;
    if (typeof s === "number" && s > step) return i;
  }
  return events.length;
}

const KNOWN = new Set([
  "episode_start",
  "scene_graph",
  "retrieval",
  "grounding",
  "plan",
  "views",
  "pose",
  "model_call",
  "low_level",
  "action",
  "episode_end",
  "reply",
  "rules",
  "rule_check",
  "rule_revision",
  "rule_block",
  "rule_appeal",
]);

export function stateAt(events, n) {
  const st = {
    start: null,
    graph: null,
    retrieval: null,
    grounding: null,
    plan: null,
    plans: [],
    views: null,
    poses: [],
    heading: 0,
    calls: [],
    lowLevel: null,
    lastAction: null,
    end: null,
    reply: null,
    rules: null,
    checks: [],
    revisions: [],
    blocks: [],
    appeals: [],
    other: [],
    step: 0,
  };
  for (let i = 0; i < n; i++) {
    const e = events[i];
    switch (e.type) {
      case "episode_start":
        st.start = e;
        break;
      case "scene_graph":
        st.graph = e;
        break;
      case "retrieval":
        st.retrieval = e;
        break;
      case "grounding":
        st.grounding = e;
        break;
      case "plan":
        st.plan = e;
        st.plans.push(e);
        break;
      case "views":
        st.views = e;
        break;
      case "pose":
        st.poses.push(e.pose.position);
        st.heading = e.pose.heading;
        st.step = e.step;
        st.room = e.roomId;
        break;
      case "model_call":
        st.calls.push(e);
        break;
      case "low_level":
        st.lowLevel = e;
        break;
      case "action":
        st.lastAction = e;
        break;
      case "episode_end":
        st.end = e;
        break;
      case "reply":
        st.reply = e;
        break;
      case "rules":
        st.rules = e;
        break;
      case "rule_check":
        st.checks.push(e);
        break;
      case "rule_revision":
        st.revisions.push(e);
        break;
      case "rule_block":
        st.blocks.push(e);
        break;
      case "rule_appeal":
        st.appeals.push(e);
        break;
      default:
        if (!KNOWN.has(e.type)) st.other.push(e);
    }
  }
  return st;
}
