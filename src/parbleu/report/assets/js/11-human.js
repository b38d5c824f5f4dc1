// Human judgments: metric against human scores per system with the least-squares line (the
// paper's Figures 5-7), and the correlations parbleu meta computes.
function scatter(c, human, count) {
  const width = 420;
  const height = 300;
  const pad = { left: 48, right: 12, top: 14, bottom: 38 };
  const xs = c.metric_scores;
  const ys = c.human_scores;
  const span = (v) => { const lo = Math.min(...v); const hi = Math.max(...v); const d = hi - lo || 1; return [lo - 0.08 * d, hi + 0.08 * d]; };
  const [x0, x1] = span(xs);
  const [y0, y1] = span(ys);
  const X = (v) => pad.left + ((v - x0) / (x1 - x0)) * (width - pad.left - pad.right);
  const Y = (v) => height - pad.bottom - ((v - y0) / (y1 - y0)) * (height - pad.top - pad.bottom);
  const fit = c.regression;
  // The least-squares line, cut to the plotted area.
  let line = null;
  if (Number.isFinite(fit.slope)) {
    const at = (y) => (fit.slope === 0 ? null : (y - fit.intercept) / fit.slope);
    const ends = [x0, x1, at(y0), at(y1)].filter((x) => x !== null && x >= x0 && x <= x1)
      .map((x) => [x, fit.slope * x + fit.intercept]).filter(([, y]) => y >= y0 - 1e-9 && y <= y1 + 1e-9)
      .sort((p, q) => p[0] - q[0]);
    if (ends.length >= 2) {
      const [a, b] = [ends[0], ends[ends.length - 1]];
      line = svg("line", { class: "fit", x1: X(a[0]), y1: Y(a[1]), x2: X(b[0]), y2: Y(b[1]) });
    }
  }
  return svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": `${c.metric} against ${human}`, "data-metric": c.metric },
    svg("line", { class: "axis", x1: pad.left, y1: height - pad.bottom, x2: width - pad.right, y2: height - pad.bottom }),
    svg("line", { class: "axis", x1: pad.left, y1: pad.top, x2: pad.left, y2: height - pad.bottom }),
    line,
    xs.map((x, i) => svg("circle", { cx: X(x), cy: Y(ys[i]), r: 4, fill: chartColour(c.colours ? c.colours[i] : i, count) },
      svg("title", null, `${c.systems[i]}: ${c.metric} ${fmt(x, 2)}, ${human} ${fmt(ys[i], 3)}`))),
    placeLabels(xs.map((x, i) => ({ x: X(x), y: Y(ys[i]), text: shortName(c.systems[i], 18) })),
      { x0: pad.left, x1: width, y0: 0, y1: height - pad.bottom })
      .map((l) => (l ? svg("text", { x: l.x, y: l.y, class: "point-label", "text-anchor": l.anchor }, l.text) : null)),
    svg("text", { x: (pad.left + width) / 2, y: height - 6, "text-anchor": "middle" }, c.metric),
    svg("text", { x: 10, y: pad.top - 2 }, human),
    svg("text", { x: pad.left, y: height - pad.bottom + 14 }, fmt(x0, 1)),
    svg("text", { x: width - pad.right, y: height - pad.bottom + 14, "text-anchor": "end" }, fmt(x1, 1)),
    svg("text", { x: pad.left - 4, y: height - pad.bottom, "text-anchor": "end" }, fmt(y0, 2)),
    svg("text", { x: pad.left - 4, y: pad.top + 8, "text-anchor": "end" }, fmt(y1, 2)));
}

function estimateText(e) {
  const value = fmt(e.value, 3);
  return Number.isFinite(e.low) ? `${value} [${fmt(e.low, 3)}, ${fmt(e.high, 3)}]` : value;
}

function renderHuman(panel, app) {
  const human = app.ov.human;
  const rows = human.system_level.map((c) => h("tr", { "data-metric": c.metric }, h("th", { scope: "row" }, c.metric),
    h("td", { class: "num" }, estimateText(c.pearson)), h("td", { class: "num" }, estimateText(c.spearman)),
    h("td", { class: "num" }, estimateText(c.kendall)), h("td", { class: "num" }, estimateText(c.accuracy)),
    h("td", { class: "num" }, fmt(c.regression.slope, 4)), h("td", { class: "num" }, fmt(c.regression.intercept, 4))));
  put(panel, 
    h("h2", null, `Metrics against ${human.label}`),
    h("p", { class: "note" }, `Systems with text and human scores: ${human.systems.join(", ") || "none"}. `,
      `Human scores without text: ${human.human_only.join(", ") || "none"}. Systems without human scores: ${human.text_only.join(", ") || "none"}. `,
      "Lower-is-better metrics (TER) are negated in the correlations; intervals: percentile bootstrap over segments (parbleu meta)."),
    human.note ? h("p", { class: "note" }, human.note) : null,
    h("div", { class: "charts", id: "pb-scatter" }, human.system_level.map((c) => scatter(withColours(c, human.systems), human.label, human.systems.length))),
    systemLegend(human.systems, "pb-human-legend"),
    rows.length ? h("table", { class: "stats", id: "pb-correlations" },
      h("thead", null, h("tr", null, h("th", null, "metric"), ["Pearson", "Spearman", `Kendall`, "pairwise accuracy", "slope", "intercept"].map((x) => h("th", { class: "num" }, x)))),
      h("tbody", null, rows)) : null,
    human.segment_level.length ? [h("h3", null, "Segment level (WMT's Kendall-like tau)"),
      h("p", { class: "note", id: "pb-tau-ties" }, tauConvention(human.segment_level[0])),
      h("table", { class: "stats", id: "pb-segment-tau" }, h("thead", null, h("tr", null, h("th", null, "metric"), h("th", { class: "num" }, "tau"),
        ["concordant", "discordant", "metric ties", "human ties"].map((x) => h("th", { class: "num" }, x)))),
        h("tbody", null, human.segment_level.map((a) => h("tr", null, h("th", { scope: "row" }, a.metric), h("td", { class: "num" }, fmt(a.tau, 4)),
          [a.concordant, a.discordant, a.metric_ties, a.human_ties].map((n) => h("td", { class: "num" }, String(n)))))))] : null);
}

// The ties convention of the segment-level tau, in parbleu meta's words (cli/meta/output.py).
function tauConvention(a) {
  const rule = a.ties === "discordant"
    ? "a metric tie counts as discordant (WMT17–20 DARR)"
    : "metric ties are left out";
  return `System pairs per segment; human |delta| <= ${a.threshold} left out; metric ties ${a.ties}: ${rule}. tau = (concordant − discordant) / (concordant + discordant).`;
}

// The system-level correlation with each point's colour index among all judged systems.
function withColours(c, systems) {
  return { ...c, colours: c.systems.map((name) => systems.indexOf(name)) };
}
