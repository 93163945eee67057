// The page's one WebSocket: JSON messages in both directions, images as binary frames
// (4-byte header length, JSON header, bytes). Streams (live sessions and replays) are kept here
// as event arrays; every panel reads them, so live and replay render from the same data.

const MAX_IMAGES_PER_STREAM = 600;

export class Connection {
  constructor(url) {
    this.url = url;
    this.handlers = new Map();
    this.listeners = new Set();
    this.streams = new Map();
    this.images = new Map();
    this.latest = new Map();
    this.byStep = new Map();
    this.requested = new Set();
    /** per stream: the run's metric map, { info, url, note } once the server answered */
    this.maps = new Map();
    /** images a model call was sent that are no views (the user's photo, candidates' photos): `${stream}|${ref}` → url, or "missing" */
    this.sent = new Map();
    this.errors = [];
    this.open = false;
    this.queue = [];
    this.version = 0;
    this.connect();
  }

  connect() {
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    ws.onopen = () => {
      this.open = true;
      for (const m of this.queue.splice(0)) ws.send(m);
      this.changed();
    };
    ws.onclose = () => {
      this.open = false;
      this.changed();
    };
    ws.onmessage = (ev) => (typeof ev.data === "string" ? this.onText(ev.data) : this.onImage(ev.data));
    this.ws = ws;
  }

  send(message) {
    const text = typeof message === "string" ? message : JSON.stringify(message);
    if (this.open) this.ws.send(text);
    else this.queue.push(text);
  }

  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(fn);
    return () => this.handlers.get(type).delete(fn);
  }

  /** re-render request: panels subscribe with subscribe() and read what they need */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  changed() {
    this.version++;
    for (const fn of this.listeners) fn(this.version);
  }

  stream(id) {
    let s = this.streams.get(id);
    if (!s) {
      s = { events: [] };
      this.streams.set(id, s);
    }
    return s;
  }

  onText(text) {
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (m.type === "events") {
      const s = this.stream(m.stream);
      if (m.reset) s.events = m.events.slice();
      else for (const e of m.events) s.events.push(e);
    } else if (m.type === "map") {
      this.maps.set(m.stream, { ...(this.maps.get(m.stream) ?? {}), info: m.info, note: m.note });
    } else if (m.type === "sent-image" && m.missing) {
      this.sent.set(`${m.stream}|${m.ref}`, "missing");
    } else if (m.type === "error") {
      this.errors = [...this.errors.slice(-4), { at: Date.now(), message: m.message, request: m.request }];
    }
    for (const fn of this.handlers.get(m.type) ?? []) fn(m);
    this.changed();
  }

  onImage(buffer) {
    const view = new DataView(buffer);
    const n = view.getUint32(0);
    const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, n)));
    const blob = new Blob([new Uint8Array(buffer, 4 + n)], { type: `image/${header.format}` });
    if (header.view === "sent") {
      const key = `${header.stream}|${header.ref}`;
      if (!this.sent.has(key) || this.sent.get(key) === "missing") this.sent.set(key, URL.createObjectURL(blob));
      this.changed();
      return;
    }
    if (header.view === "map") {
      // the house drawn once per run: kept apart from the views, so no eviction or step index touches it
      const old = this.maps.get(header.stream);
      if (old?.url) URL.revokeObjectURL(old.url);
      this.maps.set(header.stream, { ...(old ?? {}), url: URL.createObjectURL(blob) });
      this.changed();
      return;
    }
    let store = this.images.get(header.stream);
    if (!store) {
      store = new Map();
      this.images.set(header.stream, store);
    }
    const old = store.get(header.ref);
    if (old) URL.revokeObjectURL(old);
    store.delete(header.ref);
    store.set(header.ref, URL.createObjectURL(blob));
    if (store.size > MAX_IMAGES_PER_STREAM) {
      const [first, url] = store.entries().next().value;
      URL.revokeObjectURL(url);
      store.delete(first);
      // forget it by step too, so scrubbing back asks for it again
      const step = Number(/^s(\d+)-/.exec(first)?.[1] ?? -1);
      this.byStep.get(header.stream)?.delete(step);
      this.requested.delete(`${header.stream}|${step}`);
    }
    let latest = this.latest.get(header.stream);
    if (!latest) {
      latest = {};
      this.latest.set(header.stream, latest);
    }
    latest[header.view] = header.ref;
    const m = /^s(\d+)-/.exec(header.ref);
    if (m) {
      let steps = this.byStep.get(header.stream);
      if (!steps) {
        steps = new Map();
        this.byStep.set(header.stream, steps);
      }
      const step = Number(m[1]);
      steps.set(step, { ...(steps.get(step) ?? {}), [header.view]: header.ref });
    }
    this.changed();
  }

  /** the refs of the views shown at `step`: its own, or the nearest earlier step's */
  viewsAt(stream, step) {
    const steps = this.byStep.get(stream);
    if (!steps) return null;
    if (steps.has(step)) return { step, refs: steps.get(step) };
    let best = -1;
    for (const k of steps.keys()) if (k <= step && k > best) best = k;
    return best >= 0 ? { step: best, refs: steps.get(best) } : null;
  }

  /** asks for the views of a step once */
  requestViews(stream, step) {
    const key = `${stream}|${step}`;
    if (this.requested.has(key)) return;
    this.requested.add(key);
    this.send({ type: "images", stream, step });
  }

  /** asks once for a stream's map (a live session's is written before its first step) */
  requestMap(stream) {
    const key = `map|${stream}`;
    if (this.requested.has(key)) return;
    this.requested.add(key);
    this.send({ type: "map", stream });
  }

  /** a sent image of a stream by its name: its url, "missing" when the run did not keep it, null while it is asked for */
  sentImage(stream, ref) {
    const got = this.sent.get(`${stream}|${ref}`);
    if (got) return got;
    const key = `sent|${stream}|${ref}`;
    if (!this.requested.has(key)) {
      this.requested.add(key);
      this.send({ type: "sent-image", stream, ref });
    }
    return null;
  }

  /** asks where a stream's memory is, to open a retrieved statement's node there (main.js answers) */
  openInGraph(stream, target) {
    this.pendingFocus = { stream, ...target };
    this.send({ type: "run-memory", stream });
  }

  /** an error of the page's own making, shown as the server's are */
  addError(request, message) {
    this.errors = [...this.errors.slice(-4), { at: Date.now(), message, request }];
    this.changed();
  }

  clearErrors() {
    this.errors = [];
    this.changed();
  }

  image(stream, ref) {
    return this.images.get(stream)?.get(ref) ?? null;
  }
}
