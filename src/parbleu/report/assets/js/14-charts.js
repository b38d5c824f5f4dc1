// Hand-written SVG charts shared by the views: a palette that does not repeat, labels that
// do not pile up, scores with interval whiskers (MATEO's bar chart), an A-vs-B scatter and a
// histogram of differences (compare-mt's pairwise views), documents in the table's order; and
// the overview's sortable score table (MATEO's sortable overview).

// Colour of system `index` of `count`: Okabe and Ito's eight (sysColour) up to eight systems;
// beyond, `count` hues spaced evenly round the colour wheel at two lightnesses, so that no
// two systems share a colour.
function chartColour(index, count) {
  if (count <= 8) return sysColour(index);
  const hue = Math.round((index * 360) / count + 15) % 360;
  return `hsl(${hue} 70% ${index % 2 === 0 ? 42 : 58}%)`;
}

// Places each label at the first of right, left, above, below of its point where its box
// meets no box placed before (widths estimated from the character count); a label with no
// free place gets none (the point keeps its title, and the legend names it).
// points: [{x, y, text}]; returns [{x, y, anchor, text}] or null per point.
function placeLabels(points, bounds, charWidth = 6, height = 11) {
  const placed = [];
  const boxes = points.map((p) => ({ x0: p.x - 4, x1: p.x + 4, y0: p.y - 4, y1: p.y + 4 }));
  const free = (box) => box.x0 >= bounds.x0 && box.x1 <= bounds.x1 && box.y0 >= bounds.y0 && box.y1 <= bounds.y1
    && boxes.every((b) => b.x1 <= box.x0 || b.x0 >= box.x1 || b.y1 <= box.y0 || b.y0 >= box.y1);
  return points.map((p) => {
    const w = p.text.length * charWidth;
    const options = [
      { x: p.x + 6, y: p.y + 4, anchor: "start", box: { x0: p.x + 6, x1: p.x + 6 + w, y0: p.y - 7, y1: p.y + 4 } },
      { x: p.x - 6, y: p.y + 4, anchor: "end", box: { x0: p.x - 6 - w, x1: p.x - 6, y0: p.y - 7, y1: p.y + 4 } },
      { x: p.x, y: p.y - 7, anchor: "middle", box: { x0: p.x - w / 2, x1: p.x + w / 2, y0: p.y - 7 - height, y1: p.y - 7 } },
      { x: p.x, y: p.y + 7 + height - 2, anchor: "middle", box: { x0: p.x - w / 2, x1: p.x + w / 2, y0: p.y + 7, y1: p.y + 7 + height } },
    ];
    const chosen = options.find((o) => free(o.box));
    if (!chosen) { placed.push(null); return null; }
    boxes.push(chosen.box);
    const label = { x: chosen.x, y: chosen.y, anchor: chosen.anchor, text: p.text };
    placed.push(label);
    return label;
  });
}

// `name` in at most `max` characters, cut in the middle (systems often differ at the end).
function shortName(name, max) {
  if (name.length <= max) return name;
  const head = Math.ceil((max - 1) / 2);
  return `${name.slice(0, head)}…${name.slice(name.length - (max - 1 - head))}`;
}

// A legend of systems with their colours (names never cut).
function systemLegend(names, id) {
  return h("ul", { class: "legend", id }, names.map((name, i) => h("li", { "data-system": name },
    svg("svg", { width: 10, height: 10, "aria-hidden": "true" }, svg("circle", { cx: 5, cy: 5, r: 5, fill: chartColour(i, names.length) })), ` ${name}`)));
}

// About five round tick values from lo to hi.
function ticks(lo, hi, count = 5) {
  const span = hi - lo || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => span / s <= count) || 10 * power;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9 * span; v += step) out.push(Number(v.toFixed(10)));
  return out;
}

// One metric's corpus scores with their 95% bootstrap intervals as whiskers, best first (the
// ranking's order), a dashed line between significance clusters.
function scoreChart(ov, m) {
  const rowHeight = 20;
  const left = 150;
  const width = 480;
  const top = 8;
  const order = m.order;
  const height = top + order.length * rowHeight + 28;
  const values = m.estimates.flatMap(([, lo, hi], s) => [lo, hi, m.corpus[s]]).filter(Number.isFinite);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const pad = (hi - lo) * 0.05 || 1;
  lo -= pad; hi += pad;
  const X = (v) => left + ((v - lo) / (hi - lo)) * (width - left - 12);
  const bottom = top + order.length * rowHeight;
  return svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "data-metric": m.key,
    "aria-label": `${m.label} of each system with 95% intervals (${m.higher_is_better ? "higher" : "lower"} is better)` },
    ticks(lo, hi).map((t) => [svg("line", { class: "grid", x1: X(t), y1: top, x2: X(t), y2: bottom }),
      svg("text", { x: X(t), y: bottom + 14, "text-anchor": "middle" }, fmt(t, Number.isInteger(t) ? 0 : Math.min(2, m.decimals)))]),
    svg("text", { x: left, y: height - 2 }, `${m.label} (${m.higher_is_better ? "higher" : "lower"} is better), 95% interval`),
    order.map((s, k) => {
      const y = top + k * rowHeight + rowHeight / 2;
      const [, low, high] = m.estimates[s];
      const name = shortName(ov.systems[s], 22);
      const split = k > 0 && m.cluster[order[k - 1]] !== m.cluster[s];
      return svg("g", { "data-system": ov.systems[s], "data-rank": k + 1 },
        split ? svg("line", { class: "cluster-line", x1: 0, y1: y - rowHeight / 2, x2: width, y2: y - rowHeight / 2 }) : null,
        svg("text", { x: left - 8, y: y + 4, "text-anchor": "end" }, name),
        Number.isFinite(low) ? [svg("line", { class: "whisker", x1: X(low), y1: y, x2: X(high), y2: y }),
          svg("line", { class: "whisker", x1: X(low), y1: y - 4, x2: X(low), y2: y + 4 }),
          svg("line", { class: "whisker", x1: X(high), y1: y - 4, x2: X(high), y2: y + 4 })] : null,
        svg("circle", { cx: X(m.corpus[s]), cy: y, r: 4, fill: chartColour(s, ov.systems.length) },
          svg("title", null, `${ov.systems[s]}: ${fmt(m.corpus[s], m.decimals)} [${fmt(low, m.decimals)}, ${fmt(high, m.decimals)}]`)));
    }));
}

// A against B, one cell per (A, B) score bin shaded by how many segments fall in it (every
// segment counts; 100,000 points would not be drawn one by one), with the diagonal A = B.
function pairScatter(data, m, a, b, names, bins = 40) {
  const size = 320;
  const pad = 40;
  const xs = new Float64Array(data.n);
  const ys = new Float64Array(data.n);
  let lo = Infinity; let hi = -Infinity;
  for (let seg = 0; seg < data.n; seg++) {
    xs[seg] = data.scoreValue(m.key, a, seg); ys[seg] = data.scoreValue(m.key, b, seg);
    for (const v of [xs[seg], ys[seg]]) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  }
  if (!(hi > lo)) { lo = Number.isFinite(lo) ? lo - 1 : 0; hi = lo + 2; }
  const counts = new Uint32Array(bins * bins);
  const bin = (v) => Math.min(bins - 1, Math.floor(((v - lo) / (hi - lo)) * bins));
  let plotted = 0;
  for (let seg = 0; seg < data.n; seg++) {
    if (!Number.isFinite(xs[seg]) || !Number.isFinite(ys[seg])) continue;
    counts[bin(ys[seg]) * bins + bin(xs[seg])]++;
    plotted++;
  }
  const most = Math.max(1, ...counts);
  const cell = (size - pad) / bins;
  const cells = [];
  for (let r = 0; r < bins; r++) for (let c = 0; c < bins; c++) {
    const n = counts[r * bins + c];
    if (!n) continue;
    cells.push(svg("rect", { class: "density", x: pad + c * cell, y: size - pad - (r + 1) * cell, width: cell, height: cell,
      "fill-opacity": (0.15 + 0.85 * Math.log1p(n) / Math.log1p(most)).toFixed(3), "data-count": n }));
  }
  return svg("svg", { class: "chart", id: "pb-pair-scatter", viewBox: `0 0 ${size} ${size}`, width: size, height: size, role: "img",
    "aria-label": `${m.label} of each segment: ${names[0]} against ${names[1]}`, "data-segments": plotted },
    cells,
    svg("line", { class: "fit", x1: pad, y1: size - pad, x2: size, y2: 0 }),
    svg("line", { class: "axis", x1: pad, y1: size - pad, x2: size, y2: size - pad }),
    svg("line", { class: "axis", x1: pad, y1: 0, x2: pad, y2: size - pad }),
    svg("text", { x: pad, y: size - pad + 14 }, fmt(lo, 1)), svg("text", { x: size, y: size - pad + 14, "text-anchor": "end" }, fmt(hi, 1)),
    svg("text", { x: pad - 4, y: size - pad, "text-anchor": "end" }, fmt(lo, 1)), svg("text", { x: pad - 4, y: 10, "text-anchor": "end" }, fmt(hi, 1)),
    svg("text", { x: (pad + size) / 2, y: size - 8, "text-anchor": "middle" }, `A: ${names[0]}`),
    svg("text", { x: 12, y: (size - pad) / 2, transform: `rotate(-90 12 ${(size - pad) / 2})`, "text-anchor": "middle" }, `B: ${names[1]}`));
}

// Histogram of A − B per segment: equal bins symmetric around 0, the bins where A is ahead
// (by the metric's direction) in A's colour and the others in B's, a line at 0.
function differenceHistogram(diffs, m, names, bins = 41) {
  const width = 520;
  const height = 200;
  const pad = { left: 44, bottom: 34, top: 10 };
  let reach = 0;
  for (const d of diffs) if (Number.isFinite(d)) reach = Math.max(reach, Math.abs(d));
  reach = reach || 1;
  const counts = new Uint32Array(bins);
  const step = (2 * reach) / bins;
  for (const d of diffs) if (Number.isFinite(d)) counts[Math.min(bins - 1, Math.floor((d + reach) / step))]++;
  const most = Math.max(1, ...counts);
  const bar = (width - pad.left) / bins;
  const Y = (n) => pad.top + (height - pad.top - pad.bottom) * (1 - n / most);
  const aAhead = (centre) => (centre > 0) === m.higher_is_better;
  return svg("svg", { class: "chart", id: "pb-diff-histogram", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `A − B of each segment (${m.higher_is_better ? "higher" : "lower"} is better)` },
    Array.from(counts, (n, k) => {
      const from = -reach + k * step;
      const centre = from + step / 2;
      const side = Math.abs(centre) < step / 2 ? "tie" : aAhead(centre) ? "a" : "b";
      return svg("rect", { x: pad.left + k * bar, y: Y(n), width: Math.max(1, bar - 1), height: height - pad.bottom - Y(n), "data-side": side, "data-count": n,
        fill: side === "tie" ? "var(--muted)" : sysColour(side === "a" ? 0 : 5) }, svg("title", null, `${fmt(from, m.decimals)} to ${fmt(from + step, m.decimals)}: ${n} segments`));
    }),
    svg("line", { class: "axis", x1: pad.left + (width - pad.left) / 2, y1: pad.top, x2: pad.left + (width - pad.left) / 2, y2: height - pad.bottom }),
    svg("line", { class: "axis", x1: pad.left, y1: height - pad.bottom, x2: width, y2: height - pad.bottom }),
    svg("text", { x: pad.left, y: height - pad.bottom + 14 }, fmt(-reach, m.decimals)),
    svg("text", { x: width, y: height - pad.bottom + 14, "text-anchor": "end" }, fmt(reach, m.decimals)),
    svg("text", { x: 2, y: pad.top + 8 }, String(most)),
    svg("text", { x: (pad.left + width) / 2, y: height - 4, "text-anchor": "middle" },
      `A − B (${m.higher_is_better ? "higher" : "lower"} is better: ${m.higher_is_better ? "right" : "left"} of 0, ${names[0]} ahead)`));
}

// Each document's score per system, in the table's order: one column per document, one dot
// per system.
function documentChart(data, m, order, nDocs, systems) {
  const height = 180;
  const pad = { left: 40, bottom: 20, top: 8 };
  const step = Math.max(3, Math.min(24, 900 / Math.max(1, order.length)));
  const width = pad.left + step * order.length + 8;
  const values = [];
  for (const k of order) for (let s = 0; s < systems.length; s++) values.push(data.docScoreValue(m.key, s, k, nDocs));
  const finite = values.filter(Number.isFinite);
  const lo = finite.length ? Math.min(...finite) : 0;
  const hi = finite.length ? Math.max(...finite) : 1;
  const Y = (v) => pad.top + (height - pad.top - pad.bottom) * (1 - (v - lo) / (hi - lo || 1));
  return svg("svg", { class: "chart", id: "pb-document-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `${m.label} of each document, in the table's order` },
    svg("line", { class: "axis", x1: pad.left, y1: height - pad.bottom, x2: width, y2: height - pad.bottom }),
    svg("text", { x: pad.left - 4, y: pad.top + 8, "text-anchor": "end" }, fmt(hi, 1)),
    svg("text", { x: pad.left - 4, y: height - pad.bottom, "text-anchor": "end" }, fmt(lo, 1)),
    order.map((k, i) => svg("g", { "data-document": k }, systems.map((name, s) => {
      const v = data.docScoreValue(m.key, s, k, nDocs);
      return Number.isFinite(v) ? svg("circle", { cx: pad.left + step * (i + 0.5), cy: Y(v), r: 2.5, fill: chartColour(s, systems.length) },
        svg("title", null, `${name}: ${fmt(v, m.decimals)}`)) : null;
    }))));
}

// The overview's score table sortable by system name or by any metric's score (a header
// marked data-sort: a button with aria-sort); a metric sorts best first on its first click,
// by its own direction, and the other way on the next. Rows keep their data-system index.
function sortableScores(table, ov) {
  const body = table.querySelector("tbody");
  const rows = Array.from(body.children);
  const headers = Array.from(table.querySelectorAll("th[data-sort]"));
  let current = { key: null, best: true };
  const order = (key, best) => {
    const s = (row) => Number(row.dataset.system);
    if (key === "system") {
      const by = (x, y) => (ov.systems[s(x)] < ov.systems[s(y)] ? -1 : ov.systems[s(x)] > ov.systems[s(y)] ? 1 : s(x) - s(y));
      return rows.slice().sort((x, y) => (best ? by(x, y) : by(y, x)));
    }
    const m = ov.metrics.find((x) => x.key === key);
    const sign = (m.higher_is_better ? -1 : 1) * (best ? 1 : -1);
    return rows.slice().sort((x, y) => sign * (m.corpus[s(x)] - m.corpus[s(y)]) || s(x) - s(y));
  };
  for (const th of headers) {
    const key = th.dataset.sort;
    const label = th.textContent;
    const button = h("button", { type: "button", class: "sort", "aria-sort": "none" }, label);
    button.addEventListener("click", () => {
      current = { key, best: current.key === key ? !current.best : true };
      append(body, order(key, current.best));
      for (const other of headers) other.querySelector("button").setAttribute("aria-sort", "none");
      const ascending = key === "system" ? current.best : (ov.metrics.find((x) => x.key === key).higher_is_better !== current.best);
      button.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    });
    put(th, button);
  }
  return table;
}
