// The application: views as tabs, shared state (metric, systems A and B, n-gram order),
// keyboard shortcuts, light and dark themes, and the read-only test hooks.
const KEYS_HELP = "Keys: o s c d h switch views · / search · ↑ ↓ j k PgUp PgDn Home End move in the list · Enter detail · [ ] previous / next segment · 1–9 n-gram order · t theme";

class App {
  constructor(ov) {
    this.ov = ov;
    this.data = null;
    this.current = -1;
    const first = ov.metrics[0];
    const others = ov.systems.map((_, s) => s).filter((s) => s !== ov.baseline);
    const best = others.length ? others.reduce((x, y) => ((first.higher_is_better ? first.corpus[y] > first.corpus[x] : first.corpus[y] < first.corpus[x]) ? y : x)) : ov.baseline;
    const chrf = ov.metrics.find((m) => m.view === "characters");
    this.state = { metric: first.key, a: best, b: ov.baseline, order: 1, chrfOrder: Math.min(3, chrf && chrf.options.char_order ? chrf.options.char_order : 6), detailView: "ngrams", view: "overview" };
    this.panels = {};
    this.tabs = {};
  }

  start() {
    document.getElementById("pb-title").textContent = this.ov.title;
    document.title = this.ov.title;
    const main = document.getElementById("main");
    const views = [["overview", "Overview"], ["segments", "Segments"]];
    if (this.ov.systems.length > 1) views.push(["compare", "Compare"]);
    if (this.ov.documents) views.push(["documents", "Documents"]);
    if (this.ov.human) views.push(["human", "Human judgments"]);
    const tablist = document.getElementById("pb-tabs");
    for (const [id, label] of views) {
      const tab = h("button", { type: "button", role: "tab", id: `pb-tab-${id}`, "aria-controls": `pb-view-${id}`, "aria-selected": "false", tabindex: "-1", "data-view": id,
        onclick: () => this.show(id) }, label);
      tab.addEventListener("keydown", (event) => this.tabKey(event, views, id));
      this.tabs[id] = tab;
      tablist.appendChild(tab);
      this.panels[id] = h("section", { role: "tabpanel", id: `pb-view-${id}`, "aria-labelledby": `pb-tab-${id}`, hidden: true });
      main.appendChild(this.panels[id]);
    }
    main.appendChild(h("p", { class: "note", id: "pb-keys" }, KEYS_HELP));
    renderOverview(this.panels.overview, this.ov);
    addOverviewExport(this);
    this.show("overview");
    requestAnimationFrame(() => setTimeout(() => performance.mark("pb-overview-shown"), 0));
    this.setupTheme();
    document.addEventListener("keydown", (event) => this.globalKey(event));
  }

  async load() {
    const status = document.getElementById("pb-status");
    status.textContent = "Loading segments…";
    // Let the overview paint before the segment data is decoded.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    try {
      this.data = await loadSegments(this.ov);
    } catch (error) {
      status.textContent = `The segment data could not be read: ${error.message}`;
      status.classList.add("error");
      throw error;
    }
    status.textContent = "";
    this.browser = new SegmentBrowser(this);
    this.compare = new CompareView(this);
    this.documents = this.ov.documents ? new DocumentsView(this) : null;
    const match = /^#segment-(\d+)$/.exec(location.hash);
    if (match) this.openSegment(Number(match[1]) - 1);
    else if (location.hash.length > 1) this.applyHash(location.hash);
    else if (this.state.view !== "overview") this.show(this.state.view);
    this.linked = true;
    this.writeHash(false);
    window.addEventListener("hashchange", () => this.applyHash(location.hash));
    performance.mark("pb-segments-ready");
    // The lowercased text for case-insensitive search, once, after the page is usable.
    setTimeout(() => this.data.lowered(), 50);
  }

  show(id) {
    this.state.view = id;
    for (const [key, tab] of Object.entries(this.tabs)) {
      const on = key === id;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      this.panels[key].hidden = !on;
    }
    if (id === "overview" || !this.data) {
      if (id !== "overview") put(this.panels[id], h("p", { class: "muted" }, "Loading segments…"));
      this.changed();
      return;
    }
    if (id === "segments") {
      if (!this.browser.viewport) { this.browser.build(this.panels.segments); addSegmentExport(this); } else this.browser.refresh();
    }
    else if (id === "compare") this.compare.render(this.panels.compare);
    else if (id === "documents") this.documents.render(this.panels.documents);
    else if (id === "human") renderHuman(this.panels.human, this);
    this.changed();
  }

  // The state as a link: view, systems (by name), metric, segment, sort, search and filters.
  hashState() {
    const params = new URLSearchParams();
    const state = this.state;
    params.set("view", state.view);
    params.set("metric", state.metric);
    params.set("a", this.ov.systems[state.a]);
    params.set("b", this.ov.systems[state.b]);
    const browser = this.browser;
    if (browser && browser.inputs) {
      if (state.view === "segments" && this.current >= 0) params.set("segment", String(this.current + 1));
      if (browser.sort.column !== "index" || browser.sort.descending) params.set("sort", `${browser.sort.column}${browser.sort.descending ? "-desc" : ""}`);
      for (const [key, el] of Object.entries(browser.inputs)) {
        if (!el || key === "metric" || key === "a" || key === "b") continue;
        if (el.type === "checkbox") { if (el.checked) params.set(key, "1"); }
        else if (el.value !== "" && !(key === "field" && el.value === "all")) params.set(key, el.value);
      }
    }
    return `#${params.toString()}`;
  }

  // Called after every change of what is shown: the URL follows (without a history entry,
  // except when the view changes, so that Back returns to the previous view).
  changed() {
    if (this.linked && !this.applying) this.writeHash(true);
  }

  writeHash(viewEntry) {
    const hash = this.hashState();
    if (hash === this.lastHash) return;
    const previous = this.lastHash ? new URLSearchParams(this.lastHash.slice(1)).get("view") : null;
    this.lastHash = hash;
    if (viewEntry && previous !== null && previous !== this.state.view) location.hash = hash;
    else location.replace(location.href.split("#")[0] + hash);  // absolute: also in an iframe's srcdoc
  }

  // Restore a state from a link (unknown names and values are ignored).
  applyHash(hash) {
    if (hash === this.lastHash || !this.data) return;
    const params = new URLSearchParams(hash.slice(1));
    const system = (key) => { const s = this.ov.systems.indexOf(params.get(key)); return s >= 0 ? s : this.state[key]; };
    const metric = this.ov.metrics.some((m) => m.key === params.get("metric")) ? params.get("metric") : this.state.metric;
    const view = this.tabs[params.get("view")] ? params.get("view") : "overview";
    this.applying = true;
    try {
      Object.assign(this.state, { metric, a: system("a"), b: system("b") });
      this.show(view);
      if (view === "segments") this.applyBrowser(params);
    } finally {
      this.applying = false;
    }
    this.lastHash = null;
    this.writeHash(false);
  }

  applyBrowser(params) {
    const browser = this.browser;
    const inputs = browser.inputs;
    for (const [key, el] of Object.entries(inputs)) {
      if (!el || key === "metric" || key === "a" || key === "b") continue;
      if (el.type === "checkbox") el.checked = params.get(key) === "1";
      else el.value = params.get(key) || (key === "field" ? "all" : "");
    }
    inputs.metric.value = this.state.metric;
    inputs.a.value = String(this.state.a);
    inputs.b.value = String(this.state.b);
    const sort = /^(index|doc|length|a|b|diff)(-desc)?$/.exec(params.get("sort") || "");
    browser.sort = sort ? { column: sort[1], descending: Boolean(sort[2]) } : { column: "index", descending: false };
    browser.refresh();
    const segment = Number(params.get("segment"));
    if (Number.isInteger(segment) && segment >= 1 && segment <= this.data.n) {
      const position = browser.order.indexOf(segment - 1);
      if (position >= 0) browser.select(position);
    }
  }

  setState(patch) {
    Object.assign(this.state, patch);
    const view = this.state.view;
    if (view === "segments" && this.browser) {
      const inputs = this.browser.inputs;
      inputs.metric.value = this.state.metric;
      inputs.a.value = String(this.state.a);
      inputs.b.value = String(this.state.b);
      if ("metric" in patch || "a" in patch || "b" in patch) this.browser.refresh(); else this.browser.showDetail();
    } else this.show(view);
  }

  openSegment(seg) {
    this.show("segments");
    this.browser.selectSegment(seg);
  }

  openDocument(k) {
    this.show("segments");
    this.browser.inputs.doc.value = String(k);
    this.browser.refresh();
  }

  step(delta) {
    if (this.browser) this.browser.select(this.browser.position + delta);
  }

  tabKey(event, views, id) {
    const index = views.findIndex(([v]) => v === id);
    const move = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (move === undefined) return;
    const next = views[(index + move + views.length) % views.length][0];
    this.show(next);
    this.tabs[next].focus();
    event.preventDefault();
  }

  globalKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) {
      if (event.key === "Escape") target.blur();
      return;
    }
    const views = { o: "overview", s: "segments", c: "compare", d: "documents", h: "human" };
    if (views[event.key] && this.tabs[views[event.key]]) { this.show(views[event.key]); this.tabs[views[event.key]].focus(); event.preventDefault(); return; }
    if (event.key === "t") { this.toggleTheme(); return; }
    if (!this.data) return;
    if (event.key === "/") { this.show("segments"); this.browser.inputs.query.focus(); event.preventDefault(); }
    else if (event.key === "[" || event.key === "]") { if (this.state.view === "segments") this.step(event.key === "]" ? 1 : -1); }
    else if (/^[1-9]$/.test(event.key) && this.state.view === "segments") {
      const order = Number(event.key);
      this.setState(this.state.detailView === "characters" ? { chrfOrder: order } : { order });
    }
  }

  setupTheme() {
    const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    this.applyTheme(dark ? "dark" : "light");
    document.getElementById("pb-theme").addEventListener("click", () => this.toggleTheme());
  }

  applyTheme(theme) {
    document.documentElement.setAttribute("data-theme", theme);
    const button = document.getElementById("pb-theme");
    button.textContent = theme === "dark" ? "Light" : "Dark";
    button.setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
  }

  toggleTheme() {
    this.applyTheme(document.documentElement.getAttribute("data-theme") === "dark" ? "light" : "dark");
  }
}

// Read-only hooks for tests and scripts: what the detail views compute for a segment.
function testHooks(app, ready) {
  const need = () => { if (!app.data) throw new Error("segments are not loaded yet"); return app.data; };
  const refs = (seg, scheme) => {
    const d = need();
    const out = [];
    for (let k = 0; k < d.K; k++) out.push(d.refTokens(seg, k, scheme));
    return out;
  };
  return Object.freeze({
    ready,
    state: () => ({ ...app.state, current: app.current }),
    tokens: (seg, s) => need().hypTokens(seg, s).list.map((t) => t.t),
    texts: (from, to) => { const d = need(); const out = []; for (let seg = from; seg < Math.min(to, d.n); seg++) out.push([d.source(seg), Array.from({ length: d.K }, (_, k) => d.ref(seg, k)), Array.from({ length: d.S }, (_, s) => d.hyp(seg, s))]); return out; },
    bleu: (seg, s) => {
      const d = need();
      const settings = bleuSettings(app.ov);
      const r = refs(seg, "words").filter((x) => x !== null).map((x) => x.list.map((t) => t.t));
      const detail = bleuDetail(d.hypTokens(seg, s).list.map((t) => t.t), r, settings.order, settings.refLength);
      return { sys_len: detail.sysLen, ref_len: detail.refLen, match: detail.orders.map((o) => o.match), total: detail.orders.map((o) => o.total) };
    },
    chrf: (seg, s) => {
      const d = need();
      const metric = app.ov.metrics.find((m) => m.view === "characters");
      const options = { char_order: 6, word_order: 0, beta: 2, whitespace: false, eps_smoothing: false, lowercase: false, ...metric.options };
      const lowered = (row, line) => (options.lowercase ? (d.lowerExceptions[row] !== undefined ? d.lowerExceptions[row] : lowerWith(d.lowerTable || {}, line)) : null);
      const side = (row, line) => chrfSide(line, lowered(row, line), options, d.whitespace);
      const sides = [];
      for (let k = 0; k < d.K; k++) { const line = d.ref(seg, k); sides.push(line === null ? null : side(d.refTokenRow(seg, k), line)); }
      const best = chrfDetail(side(d.hypTokenRow(seg, s), d.hyp(seg, s)), sides, options);
      return best ? { reference: best.k, statistics: best.row } : null;
    },
    ter: (seg, s) => {
      const d = need();
      const r = refs(seg, "edits").map((x) => (x === null ? null : x.list.map((t) => t.t)));
      const best = terBest(d.hypTokens(seg, s, "edits").list.map((t) => t.t), r);
      return best ? { reference: best.k, edits: best.result.edits } : null;
    },
    openSegment: (seg) => app.openSegment(seg),
  });
}

(function main() {
  // The program runs before the browser has parsed the segment data that follows it: the
  // overview shows at once, the segments load when the document is complete.
  const app = new App(readOverview());
  app.start();
  const parsed = document.readyState === "loading"
    ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
    : Promise.resolve();
  const ready = parsed.then(() => app.load());
  Object.defineProperty(window, "parbleuReport", { value: testHooks(app, ready), writable: false, configurable: false });
})();
