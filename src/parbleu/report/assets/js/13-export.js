// Export: the segment list (as filtered and sorted) as CSV and JSON, the overview and the
// cluster tables as CSV and LaTeX, downloaded from a Blob (no server). The files are those
// `parbleu report --export DIR` writes (parbleu.report.export): CSV and LaTeX byte for byte,
// JSON value for value; full-precision numbers as Python's repr, scores as the page shows
// them, LaTeX as parbleu's booktabs tables (parbleu.io.latex). Only function declarations
// here: the app starts before this part of the script has run.

// Python's repr of a float: the shortest digits that read back, in Python's notation.
function pyFloat(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, power] = x.toExponential().split("e");
  const exponent = Number(power);
  if (exponent < -4 || exponent >= 16) {
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = x < 0 ? "-" : "";
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || "0"}`;
}

function csvCell(value) {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvText(rows) {
  return rows.map((row) => row.map(csvCell).join(",") + "\n").join("");
}

function latexEscape(text) {
  const rules = { "&": "\\&", "%": "\\%", $: "\\$", "#": "\\#", _: "\\_", "^": "\\^{}", "{": "\\{", "}": "\\}",
    "~": "\\textasciitilde{}", "\\": "\\textbackslash{}", "<": "\\ensuremath{<}", ">": "\\ensuremath{>}" };
  return Array.from(text, (c) => (c in rules ? rules[c] : c)).join("");
}

// parbleu.io.latex.latex_table: booktabs, first column right-aligned, the others centred.
function latexTable(header, rows, ruleAfter) {
  const length = (text) => Array.from(text).length;
  const widths = header.map((title, i) => Math.max(length(title) + 2, ...rows.map((row) => length(row[i]))));
  const pad = (text, width, right) => {
    const room = width - length(text);
    if (room <= 0) return text;
    if (right) return " ".repeat(room) + text;
    const left = Math.floor(room / 2);
    return " ".repeat(left) + text + " ".repeat(room - left);
  };
  const line = (cells) => cells.map((cell, i) => ` ${latexEscape(pad(cell, widths[i], i === 0))} `).join("&") + "\\\\";
  const body = [];
  rows.forEach((row, i) => { body.push(line(row)); if (ruleAfter && ruleAfter[i]) body.push("\\midrule"); });
  return [`\\begin{tabular}{r${"c".repeat(header.length - 1)}}`, "\\toprule", line(header), "\\midrule", ...body, "\\bottomrule", "\\end{tabular}"];
}

function rankText(range, dash) {
  return range[0] === range[1] ? String(range[0]) : `${range[0]}${dash}${range[1]}`;
}

function optionalFloat(x) {
  return x === null || x === undefined ? "" : pyFloat(x);
}

function overviewCsv(ov) {
  const header = ["system"];
  for (const m of ov.metrics) {
    const l = m.label;
    header.push(l, `${l} mean`, `${l} lower`, `${l} upper`, `${l} p bootstrap`, `${l} p randomization`, `${l} rank low`, `${l} rank high`, `${l} cluster`);
  }
  const rows = ov.systems.map((name, s) => [name, ...ov.metrics.flatMap((m) => [
    pyFloat(m.corpus[s]), pyFloat(m.estimates[s][0]), pyFloat(m.estimates[s][1]), pyFloat(m.estimates[s][2]),
    optionalFloat(s === ov.baseline ? null : m.p_bootstrap[ov.baseline][s]), optionalFloat(m.p_randomization[s]),
    m.ranges[s][0], m.ranges[s][1], m.cluster[s]])]);
  return csvText([header, ...rows]);
}

function signatureComments(ov) {
  const sig = ov.significance;
  return [`% 95% CI: paired bootstrap percentile interval (${sig.bootstrap} resamples, seed ${sig.seed}); rank: significance cluster (paired bootstrap, p < ${sig.alpha})`,
    ...ov.metrics.map((m) => `% ${m.label}: ${m.signature}`)];
}

function overviewLatex(ov) {
  const header = ["System", ...ov.metrics.flatMap((m) => [m.label, `${m.label} 95% CI`, `${m.label} rank`])];
  const rows = ov.systems.map((name, s) => [name, ...ov.metrics.flatMap((m) => [fmt(m.corpus[s], m.decimals),
    `[${fmt(m.estimates[s][1], m.decimals)}, ${fmt(m.estimates[s][2], m.decimals)}]`, rankText(m.ranges[s], "--")])]);
  return [...signatureComments(ov), ...latexTable(header, rows, null)].join("\n") + "\n";
}

function clustersCsv(ov) {
  const rows = [["metric", "rank low", "rank high", "cluster", "system", "score"]];
  for (const m of ov.metrics) for (const s of m.order) rows.push([m.label, m.ranges[s][0], m.ranges[s][1], m.cluster[s], ov.systems[s], pyFloat(m.corpus[s])]);
  return csvText(rows);
}

function clustersLatex(ov) {
  const blocks = ov.metrics.map((m) => {
    const rows = m.order.map((s) => [rankText(m.ranges[s], "--"), ov.systems[s], fmt(m.corpus[s], m.decimals)]);
    const ends = m.order.map((s, i) => i + 1 < m.order.length && m.cluster[m.order[i + 1]] !== m.cluster[s]);
    return [`% ${m.label}: ${m.signature}`, ...latexTable(["rank", "System", m.label], rows, ends)].join("\n");
  });
  return [signatureComments(ov)[0], ...blocks].join("\n\n") + "\n";
}

// One record per segment: document, every metric's score of every system, and the texts.
function segmentRecord(ov, d, seg) {
  const record = { segment: seg + 1 };
  if (ov.documents) record.document = ov.documents.labels[d.docIndex[seg]];
  record.scores = {};
  for (const m of ov.metrics) {
    record.scores[m.label] = {};
    ov.systems.forEach((name, s) => { const text = d.scoreText(m.key, s, seg); record.scores[m.label][name] = text === "–" ? null : Number(text); });
  }
  if (d.hasSource) record.source = d.source(seg);
  record.references = {};
  ov.references.forEach((name, k) => { record.references[name] = d.ref(seg, k); });
  record.outputs = {};
  ov.systems.forEach((name, s) => { record.outputs[name] = d.hyp(seg, s); });
  return record;
}

function segmentsCsv(ov, d, segments) {
  const header = ["segment"];
  if (ov.documents) header.push("document");
  for (const m of ov.metrics) for (const name of ov.systems) header.push(`${m.label} ${name}`);
  if (d.hasSource) header.push("source");
  for (const name of ov.references) header.push(`reference ${name}`);
  for (const name of ov.systems) header.push(`output ${name}`);
  const rows = [header];
  for (const seg of segments) {
    const row = [seg + 1];
    if (ov.documents) row.push(ov.documents.labels[d.docIndex[seg]]);
    for (const m of ov.metrics) ov.systems.forEach((_, s) => { const text = d.scoreText(m.key, s, seg); row.push(text === "–" ? "" : text); });
    if (d.hasSource) row.push(d.source(seg));
    ov.references.forEach((_, k) => row.push(d.ref(seg, k)));
    ov.systems.forEach((_, s) => row.push(d.hyp(seg, s)));
    rows.push(row);
  }
  return csvText(rows);
}

function segmentsJson(ov, d, segments) {
  return JSON.stringify(Array.from(segments, (seg) => segmentRecord(ov, d, seg)), null, 1) + "\n";
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function exportButton(id, label, title, make) {
  return h("button", { type: "button", id, class: "export", title, "aria-label": `export ${title}`, onclick: make }, label);
}

function addOverviewExport(app) {
  const ov = app.ov;
  const bar = h("div", { class: "controls export-bar", id: "pb-export-overview" }, "Export: ",
    exportButton("pb-export-overview-csv", "overview CSV", "overview.csv", () => download("overview.csv", overviewCsv(ov), "text/csv")),
    exportButton("pb-export-overview-tex", "overview LaTeX", "overview.tex", () => download("overview.tex", overviewLatex(ov), "application/x-tex")),
    exportButton("pb-export-clusters-csv", "clusters CSV", "clusters.csv", () => download("clusters.csv", clustersCsv(ov), "text/csv")),
    exportButton("pb-export-clusters-tex", "clusters LaTeX", "clusters.tex", () => download("clusters.tex", clustersLatex(ov), "application/x-tex")));
  app.panels.overview.insertBefore(bar, app.panels.overview.firstChild);
}

function addSegmentExport(app) {
  const browser = app.browser;
  const segments = () => browser.order;
  put(app.browser.count.parentNode.appendChild(h("span", { class: "export-bar", id: "pb-export-segments" })),
    "export ", exportButton("pb-export-segments-csv", "CSV", "the segments in the list, as sorted: segments.csv",
      () => download("segments.csv", segmentsCsv(app.ov, app.data, segments()), "text/csv")),
    " ", exportButton("pb-export-segments-json", "JSON", "the segments in the list, as sorted: segments.json",
      () => download("segments.json", segmentsJson(app.ov, app.data, segments()), "application/json")));
}
