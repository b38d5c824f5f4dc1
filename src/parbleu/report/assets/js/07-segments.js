// Segment browser: every segment, sorted and filtered in memory, with only the rows in view
// in the document (virtual scrolling), so that 100,000 segments and more stay responsive.
const ROW_HEIGHT = 28;
const OVERSCAN = 8;
const MAX_SCROLL_HEIGHT = 8e6;

class SegmentBrowser {
  constructor(app) {
    this.app = app;
    this.d = app.data;
    this.ov = app.ov;
    this.order = new Int32Array(0);
    this.position = -1;
    this.sort = { column: "index", descending: false };
    this.searchCache = { key: null, hits: null };
    this.pool = [];
  }

  get metric() { return this.app.state.metric; }
  get a() { return this.app.state.a; }
  get b() { return this.app.state.b; }

  build(panel) {
    const ov = this.ov;
    const metricOptions = ov.metrics.map((m) => h("option", { value: m.key }, m.label));
    const systems = () => ov.systems.map((name, s) => h("option", { value: s }, name));
    this.inputs = {
      metric: h("select", { id: "pb-metric", "aria-label": "metric" }, metricOptions),
      a: h("select", { id: "pb-sys-a", "aria-label": "system A" }, systems()),
      b: h("select", { id: "pb-sys-b", "aria-label": "system B" }, systems()),
      query: h("input", { type: "search", id: "pb-search", placeholder: "search text  ( / )", "aria-label": "search text" }),
      field: h("select", { id: "pb-search-field", "aria-label": "search in" },
        h("option", { value: "all" }, "all text"), this.d.hasSource ? h("option", { value: "source" }, "source") : null,
        h("option", { value: "refs" }, "references"), h("option", { value: "a" }, "system A"), h("option", { value: "b" }, "system B")),
      caseSensitive: h("input", { type: "checkbox", id: "pb-case", "aria-label": "case-sensitive" }),
      minA: h("input", { type: "number", step: "any", id: "pb-min-a", "aria-label": "minimum score of A" }),
      maxA: h("input", { type: "number", step: "any", id: "pb-max-a", "aria-label": "maximum score of A" }),
      minDiff: h("input", { type: "number", step: "any", id: "pb-min-diff", "aria-label": "minimum of A minus B" }),
      maxDiff: h("input", { type: "number", step: "any", id: "pb-max-diff", "aria-label": "maximum of A minus B" }),
      minLen: h("input", { type: "number", step: "1", id: "pb-min-len", "aria-label": "minimum reference length" }),
      maxLen: h("input", { type: "number", step: "1", id: "pb-max-len", "aria-label": "maximum reference length" }),
      doc: this.ov.documents ? h("select", { id: "pb-doc", "aria-label": "document" }, h("option", { value: "" }, "all documents"),
        this.ov.documents.labels.map((label, k) => h("option", { value: k }, label))) : null,
    };
    const i = this.inputs;
    i.metric.value = this.metric;
    i.a.value = String(this.a);
    i.b.value = String(this.b);
    this.count = h("span", { id: "pb-count", class: "badge", role: "status" });
    this.head = h("div", { class: "list-head", role: "row" });
    this.spacer = h("div", { class: "spacer" });
    this.viewport = h("div", { class: "viewport", id: "pb-list", tabindex: "0", role: "listbox", "aria-label": "segments" }, this.spacer);
    this.detail = h("div", { class: "detail", id: "pb-detail", "aria-live": "polite" });
    const refresh = () => this.refresh();
    const delayed = debounce(refresh, 120);
    for (const key of ["metric", "a", "b"]) i[key].addEventListener("change", () => { this.app.setState({ [key]: key === "metric" ? i[key].value : Number(i[key].value) }); });
    // Typing filters after a pause; Enter or leaving the field filters at once.
    for (const key of ["minA", "maxA", "minDiff", "maxDiff", "minLen", "maxLen", "query"]) {
      i[key].addEventListener("input", delayed);
      i[key].addEventListener("change", refresh);
    }
    for (const el of [i.field, i.caseSensitive, i.doc]) if (el) el.addEventListener("change", refresh);
    // Escape clears the query at once (Chromium clears a search box on Escape by itself) and
    // shows every segment again; the app's handler then leaves the box.
    i.query.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && i.query.value) { i.query.value = ""; refresh(); }
    });
    this.viewport.addEventListener("scroll", () => this.render());
    this.viewport.addEventListener("keydown", (event) => this.key(event));
    this.viewport.addEventListener("click", (event) => {
      const row = event.target.closest(".row");
      if (row) this.select(Number(row.dataset.position));
    });
    const label = (text, ...children) => h("label", null, text, ...children);
    put(panel, 
      h("div", { class: "controls" }, label("metric", i.metric), label("A", i.a), label("B", i.b),
        label("search", i.query), i.field, label("case", i.caseSensitive), this.count),
      h("div", { class: "controls" }, label("A from", i.minA, "to", i.maxA), label("A − B from", i.minDiff, "to", i.maxDiff),
        label("ref. length from", i.minLen, "to", i.maxLen), i.doc ? label("document", i.doc) : null),
      h("div", { class: "browser" }, h("div", { class: "list" }, this.head, this.viewport), this.detail));
    this.refresh();
  }

  columns() {
    const ov = this.ov;
    const cols = [{ id: "index", label: "#", width: "4.5em", num: true }];
    if (ov.documents) cols.push({ id: "doc", label: "document", width: "7em" });
    cols.push({ id: "length", label: "len", width: "3.5em", num: true });
    const m = ov.metrics.find((x) => x.key === this.metric);
    cols.push({ id: "a", label: `${m.label} A`, width: "5.5em", num: true });
    cols.push({ id: "b", label: `${m.label} B`, width: "5.5em", num: true });
    cols.push({ id: "diff", label: "A − B", width: "5.5em", num: true });
    cols.push({ id: "text", label: `output of A (${ov.systems[this.a]})`, width: "minmax(0, 1fr)" });
    return cols;
  }

  renderHead() {
    const cols = this.columns();
    this.template = cols.map((c) => c.width).join(" ");
    this.head.style.gridTemplateColumns = this.template;
    const ids = cols.map((c) => c.id).join(" ");
    if (this.head.dataset.columns !== ids) {  // rebuild only when the columns change
      this.head.dataset.columns = ids;
      put(this.head, cols.map((c) => h("button", { type: "button", role: "columnheader", "data-column": c.id,
        class: c.num ? "num" : null, onclick: () => this.sortBy(c.id) })));
    }
    cols.forEach((c, k) => {
      const button = this.head.children[k];
      const sorted = this.sort.column === c.id;
      button.textContent = c.label;
      button.setAttribute("aria-sort", sorted ? (this.sort.descending ? "descending" : "ascending") : "none");
    });
  }

  sortBy(column) {
    if (column === "text") return;
    this.sort = this.sort.column === column ? { column, descending: !this.sort.descending } : { column, descending: column !== "index" && column !== "length" && column !== "doc" };
    // A new order selects its first row: the list shows its top and the detail that row.
    this.position = -1;
    this.viewport.scrollTop = 0;
    this.refresh();
  }

  // Sort key of a segment (NaN sorts last).
  keyFunction() {
    const d = this.d;
    const key = this.metric;
    const a = this.a;
    const b = this.b;
    switch (this.sort.column) {
      case "doc": return (seg) => d.docIndex[seg];
      case "length": return (seg) => d.refLength(seg);
      case "a": return (seg) => d.scoreValue(key, a, seg);
      case "b": return (seg) => d.scoreValue(key, b, seg);
      case "diff": return (seg) => this.difference(seg);
      default: return (seg) => seg;
    }
  }

  difference(seg) {
    const d = this.d;
    const entry = d.scores[this.metric];
    if (entry.fixed) {
      const x = d.rawScore(this.metric, this.a, seg);
      const y = d.rawScore(this.metric, this.b, seg);
      return x === MISSING || y === MISSING ? NaN : (x - y) / 10 ** entry.decimals;
    }
    return d.rawScore(this.metric, this.a, seg) - d.rawScore(this.metric, this.b, seg);
  }

  differenceText(seg) {
    const d = this.d;
    const entry = d.scores[this.metric];
    if (entry.fixed) {
      const x = d.rawScore(this.metric, this.a, seg);
      const y = d.rawScore(this.metric, this.b, seg);
      return x === MISSING || y === MISSING ? "–" : fmtFixed(x - y, entry.decimals);
    }
    return fmt(this.difference(seg), entry.decimals);
  }

  searchHits() {
    const i = this.inputs;
    const query = i.query.value;
    if (!query) return null;
    const field = i.field.value;
    const key = JSON.stringify([query, field, i.caseSensitive.checked, this.a, this.b]);
    if (this.searchCache.key === key) return this.searchCache.hits;
    const d = this.d;
    const offset = d.hasSource ? 1 : 0;
    const allowed = {
      all: () => true,
      source: (r) => d.hasSource && r === 0,
      refs: (r) => r >= offset && r < offset + d.K,
      a: (r) => r === offset + d.K + this.a,
      b: (r) => r === offset + d.K + this.b,
    }[field];
    const hits = d.search(query, i.caseSensitive.checked, allowed);
    this.searchCache = { key, hits };
    return hits;
  }

  filter() {
    const i = this.inputs;
    const d = this.d;
    const number = (el) => (el.value === "" ? null : Number(el.value));
    const [minA, maxA, minDiff, maxDiff, minLen, maxLen] = [i.minA, i.maxA, i.minDiff, i.maxDiff, i.minLen, i.maxLen].map(number);
    const doc = i.doc && i.doc.value !== "" ? Number(i.doc.value) : null;
    const hits = this.searchHits();
    const out = new Int32Array(d.n);
    let count = 0;
    const key = this.metric;
    for (let seg = 0; seg < d.n; seg++) {
      if (hits && !hits[seg]) continue;
      if (doc !== null && d.docIndex[seg] !== doc) continue;
      if (minA !== null || maxA !== null) {
        const v = d.scoreValue(key, this.a, seg);
        if (Number.isNaN(v) || (minA !== null && v < minA) || (maxA !== null && v > maxA)) continue;
      }
      if (minDiff !== null || maxDiff !== null) {
        const v = this.difference(seg);
        if (Number.isNaN(v) || (minDiff !== null && v < minDiff) || (maxDiff !== null && v > maxDiff)) continue;
      }
      if (minLen !== null || maxLen !== null) {
        const v = d.refLength(seg);
        if ((minLen !== null && v < minLen) || (maxLen !== null && v > maxLen)) continue;
      }
      out[count++] = seg;
    }
    return out.subarray(0, count);
  }

  // Integer sort keys where the column has them (fixed-point scores, lengths, documents):
  // key * 2^20 + segment sorts as plain numbers, without a comparison function (keys and
  // differences of 32-bit scores stay below 2^33, so the products stay exact doubles).
  integerKey() {
    const d = this.d;
    const entry = d.scores[this.metric];
    const key = this.metric;
    const a = this.a;
    const b = this.b;
    switch (this.sort.column) {
      case "index": return (seg) => seg;
      case "doc": return (seg) => d.docIndex[seg];
      case "length": return (seg) => d.refLength(seg);
      case "a": return entry.fixed ? (seg) => d.rawScore(key, a, seg) : null;
      case "b": return entry.fixed ? (seg) => d.rawScore(key, b, seg) : null;
      case "diff": return entry.fixed ? (seg) => {
        const x = d.rawScore(key, a, seg);
        const y = d.rawScore(key, b, seg);
        return x === MISSING || y === MISSING ? MISSING : x - y;
      } : null;
      default: return null;
    }
  }

  sortSegments(segments) {
    if (this.sort.column === "index" && !this.sort.descending) return segments;
    const integer = this.integerKey();
    if (integer && this.d.n < 2 ** 20) {
      const sign = this.sort.descending ? -1 : 1;
      const last = 2 ** 32 + 1;  // missing scores sort last either way
      const packed = new Float64Array(segments.length);
      for (let i = 0; i < segments.length; i++) {
        const seg = segments[i];
        const k = integer(seg);
        packed[i] = (k === MISSING ? last : sign * k) * 1048576 + seg;
      }
      packed.sort();
      const sorted = new Int32Array(segments.length);
      for (let i = 0; i < packed.length; i++) sorted[i] = packed[i] - Math.floor(packed[i] / 1048576) * 1048576;
      return sorted;
    }
    const keyOf = this.keyFunction();
    const keys = new Float64Array(this.d.n);
    for (const seg of segments) keys[seg] = keyOf(seg);
    const sign = this.sort.descending ? -1 : 1;
    const sorted = Int32Array.from(segments);
    sorted.sort((x, y) => {
      const kx = keys[x];
      const ky = keys[y];
      if (kx !== ky) {
        if (Number.isNaN(kx)) return 1;
        if (Number.isNaN(ky)) return -1;
        return sign * (kx - ky);
      }
      return x - y;
    });
    return sorted;
  }

  refresh() {
    const selected = this.position >= 0 ? this.order[this.position] : -1;
    this.renderHead();
    this.order = this.sortSegments(this.filter());
    this.count.textContent = `${this.order.length} of ${this.d.n} segments`;
    const total = this.order.length * ROW_HEIGHT;
    this.spacer.style.height = `${Math.min(total, MAX_SCROLL_HEIGHT)}px`;
    this.position = selected >= 0 ? this.order.indexOf(selected) : -1;
    if (this.position < 0) {  // the selection was filtered out: the first row, at the top
      this.viewport.scrollTop = 0;
      if (this.order.length) this.position = 0;
    }
    if (this.position >= 0) this.select(this.position);  // in view, with its detail
    else { this.render(); this.showDetail(); }
  }

  geometry() {
    const total = this.order.length * ROW_HEIGHT;
    const height = Math.min(total, MAX_SCROLL_HEIGHT);
    const view = this.viewport.clientHeight || 500;
    const ratio = total > height ? (total - view) / Math.max(1, height - view) : 1;
    return { ratio, view };
  }

  render() {
    const { ratio, view } = this.geometry();
    const top = this.viewport.scrollTop;
    const virtualTop = top * ratio;
    const first = Math.max(0, Math.floor(virtualTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.order.length, Math.ceil((virtualTop + view) / ROW_HEIGHT) + OVERSCAN);
    const needed = last - first;
    while (this.pool.length < needed) {
      const row = h("div", { class: "row", role: "option" });
      this.pool.push(row);
    }
    const cols = this.columns();
    const used = new Set();
    for (let k = 0; k < needed; k++) {
      const position = first + k;
      const row = this.pool[k];
      used.add(row);
      this.fillRow(row, position, cols);
      row.style.top = `${top + position * ROW_HEIGHT - virtualTop}px`;
      row.style.gridTemplateColumns = this.template;
      if (row.parentNode !== this.spacer) this.spacer.appendChild(row);
    }
    for (const row of this.pool.slice(needed)) if (row.parentNode) row.parentNode.removeChild(row);
    if (this.position >= 0) this.viewport.setAttribute("aria-activedescendant", `pb-row-${this.order[this.position]}`);
  }

  fillRow(row, position, cols) {
    const d = this.d;
    const seg = this.order[position];
    row.id = `pb-row-${seg}`;
    row.dataset.position = String(position);
    row.dataset.segment = String(seg);
    row.setAttribute("aria-selected", position === this.position ? "true" : "false");
    const cells = cols.map((c) => {
      switch (c.id) {
        case "index": return String(seg + 1);
        case "doc": return this.ov.documents.labels[d.docIndex[seg]];
        case "length": return String(d.refLength(seg));
        case "a": return d.scoreText(this.metric, this.a, seg);
        case "b": return d.scoreText(this.metric, this.b, seg);
        case "diff": return this.differenceText(seg);
        default: return null;  // the text: A's output, or where the search matched
      }
    });
    while (row.childNodes.length > cells.length) row.removeChild(row.lastChild);
    cells.forEach((text, k) => {
      let cell = row.childNodes[k];
      if (!cell) { cell = document.createElement("span"); row.appendChild(cell); }
      cell.className = cols[k].num ? "num" : "";
      if (text !== null) { cell.textContent = text; cell.removeAttribute("title"); } else {
        const [nodes, title] = matchedText(this, seg);
        put(cell, nodes);
        cell.title = title;
      }
    });
  }

  select(position) {
    if (!this.order.length) return;
    this.position = Math.max(0, Math.min(this.order.length - 1, position));
    const { ratio, view } = this.geometry();
    const rowTop = this.position * ROW_HEIGHT / ratio;
    const top = this.viewport.scrollTop;
    if (rowTop < top) this.viewport.scrollTop = rowTop;
    else if (rowTop + ROW_HEIGHT > top + view) this.viewport.scrollTop = rowTop + ROW_HEIGHT - view;
    this.render();
    this.showDetail();
  }

  selectSegment(seg) {
    let position = this.order.indexOf(seg);
    if (position < 0) {
      for (const el of ["minA", "maxA", "minDiff", "maxDiff", "minLen", "maxLen", "query"]) this.inputs[el].value = "";
      if (this.inputs.doc) this.inputs.doc.value = "";
      this.refresh();
      position = this.order.indexOf(seg);
    }
    this.select(position);
  }

  showDetail() {
    const seg = this.position >= 0 ? this.order[this.position] : -1;
    this.app.current = seg;
    this.app.changed();  // the link follows the selection
    if (seg < 0) { put(this.detail, h("p", { class: "muted" }, "No segment matches the filters.")); return; }
    renderDetail(this.detail, this.app, seg);
  }

  key(event) {
    const page = Math.max(1, Math.floor((this.viewport.clientHeight || 500) / ROW_HEIGHT) - 1);
    const moves = { ArrowDown: 1, ArrowUp: -1, j: 1, k: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) { this.select(this.position + moves[event.key]); event.preventDefault(); }
    else if (event.key === "Home") { this.select(0); event.preventDefault(); }
    else if (event.key === "End") { this.select(this.order.length - 1); event.preventDefault(); }
    else if (event.key === "Enter") { const heading = this.detail.querySelector("h2"); if (heading) heading.focus(); event.preventDefault(); }
  }
}
