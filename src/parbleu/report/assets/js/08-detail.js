// Segment detail: source, references and outputs with n-gram match highlighting, the
// statistics behind each score, the matched character n-grams (chrF's), the edits (TER's),
// and a word-level diff of two outputs. Each view shows the first metric whose registry
// entry names it (metric.view); the n-gram view reads that metric's options (BLEU's).
function bleuSettings(ov) {
  const bleu = ov.metrics.find((m) => m.view === "ngrams");
  const options = bleu ? bleu.options : {};
  const order = options.max_ngram_order || (options.weights ? options.weights.length : 4);
  return { order, refLength: options.ref_length || "closest", metric: bleu || null };
}

// A line with the given tokens wrapped in spans of class classOf(k) (null: plain text).
function highlighted(line, tokens, classOf, attrsOf) {
  const parts = [];
  if (tokens.explicit) {
    tokens.list.forEach((tok, k) => {
      if (k) parts.push(" ");
      const cls = classOf(k);
      parts.push(cls ? h("span", { class: `tok ${cls}`, ...(attrsOf ? attrsOf(k) : {}) }, tok.t) : tok.t);
    });
    return h("div", { class: "text" }, h("span", { class: "original" }, line),
      h("span", { class: "as-tokens", title: "the tokenizer rewrote this line: its tokens as the metric sees them" }, parts));
  }
  let at = 0;
  tokens.list.forEach((tok, k) => {
    if (tok.s > at) parts.push(line.slice(at, tok.s));
    const cls = classOf(k);
    const text = line.slice(tok.s, tok.e);
    parts.push(cls ? h("span", { class: `tok ${cls}`, ...(attrsOf ? attrsOf(k) : {}) }, text) : text);
    at = tok.e;
  });
  if (at < line.length) parts.push(line.slice(at));
  return h("div", { class: "text" }, parts);
}

function textBlock(label, node, cls) {
  if (cls) node.classList.add(cls);
  return h("div", { class: "text-block" }, h("div", { class: "text-label" }, label), node);
}

function segmentScores(app, seg) {
  const { ov, data } = app;
  return scrollBox(h("table", { class: "stats", id: "pb-seg-scores" },
    h("thead", null, h("tr", null, h("th", null, "system"), ov.metrics.map((m) => h("th", { class: "num" }, m.label)))),
    h("tbody", null, ov.systems.map((name, s) => h("tr", { "data-system": s }, h("th", { scope: "row" }, name),
      ov.metrics.map((m) => h("td", { class: "num", "data-metric": m.key }, data.scoreText(m.key, s, seg))))))));
}

function presentRefs(data, seg, scheme) {
  const out = [];
  for (let k = 0; k < data.K; k++) out.push(data.refTokens(seg, k, scheme));
  return out;
}

function ngramView(app, seg) {
  const { ov, data, state } = app;
  const settings = bleuSettings(ov);
  const n = Math.min(state.order, settings.order);
  const refs = presentRefs(data, seg, "words");
  const refTokens = refs.filter((r) => r !== null).map((r) => r.list.map((t) => t.t));
  const details = ov.systems.map((_, s) => {
    const hyp = data.hypTokens(seg, s);
    return { hyp, detail: bleuDetail(hyp.list.map((t) => t.t), refTokens, settings.order, settings.refLength) };
  });
  const focus = details[state.a];
  const orderButtons = h("div", { class: "controls", role: "radiogroup", "aria-label": "n-gram order" },
    "n-gram order:", Array.from({ length: settings.order }, (_, k) => h("button", { type: "button", role: "radio",
      "aria-checked": k + 1 === n ? "true" : "false", "data-order": k + 1, onclick: () => app.setState({ order: k + 1 }) }, String(k + 1))));
  const legend = h("div", { class: "legend" }, h("span", { class: "tok match" }, "matched"),
    h("span", { class: "tok clip" }, "clipped (more often than in any reference)"), h("span", null, "plain: not in any reference"),
    h("span", { class: "tok refhit" }, `reference words matched by ${ov.systems[state.a]}`));
  let refIndex = 0;
  const refBlocks = refs.map((tokens, k) => {
    if (tokens === null) return textBlock(`${ov.references[k]} (absent)`, h("div", { class: "text muted" }, "–"));
    const marks = focus.detail.orders[n - 1].refMarks[refIndex++].marks;
    return textBlock(ov.references[k], highlighted(data.ref(seg, k), tokens, (t) => (marks[t] ? "refhit" : null), (t) => ({ "data-token": t })), "ref");
  });
  const systemBlocks = details.map(({ hyp, detail }, s) => {
    const status = tokenStatus(detail.orders[n - 1], hyp.list.length);
    const order = detail.orders[n - 1];
    return textBlock([h("span", null, ov.systems[s]), h("span", { "data-bleu-stats": s }, `${order.match}/${order.total} ${n}-grams matched`)],
      highlighted(data.hyp(seg, s), hyp, (t) => (status[t] === "miss" ? null : status[t]), (t) => ({ "data-token": t })), "sys");
  });
  return [orderButtons, legend, h("h3", null, "References"), refBlocks, h("h3", null, "Outputs"), systemBlocks,
    h("h3", null, `Statistics (BLEU's, from ${data.words.tokenize} tokens${data.words.lowercase ? ", lowercased" : ""})`),
    statsTable(ov, details, settings), ngramTable(app, focus, n)];
}

function statsTable(ov, details, settings) {
  const orders = Array.from({ length: settings.order }, (_, k) => k + 1);
  return scrollBox(h("table", { class: "stats", id: "pb-bleu-stats" },
    h("thead", null, h("tr", null, h("th", null, "system"), h("th", { class: "num" }, "sys_len"), h("th", { class: "num" }, "ref_len"),
      orders.map((n) => h("th", { class: "num" }, `${n}-grams`)))),
    h("tbody", null, details.map(({ detail }, s) => h("tr", { "data-system": s }, h("th", { scope: "row" }, ov.systems[s]),
      h("td", { class: "num", "data-stat": "sys_len" }, String(detail.sysLen)), h("td", { class: "num", "data-stat": "ref_len" }, String(detail.refLen)),
      detail.orders.map((o) => h("td", { class: "num", "data-stat": `match_${o.n}/total_${o.n}` }, `${o.match}/${o.total}`)))))));
}

function ngramTable(app, focus, n) {
  const { ov, data } = app;
  const order = focus.detail.orders[n - 1];
  const seen = new Set();
  const rows = [];
  order.keys.forEach((key, i) => {
    if (seen.has(key)) return;
    seen.add(key);
    const inRefs = [];
    let refIndex = 0;
    for (let k = 0; k < data.K; k++) {
      if (!data.refPresent(app.current, k)) continue;
      const c = order.refMarks[refIndex++].counts.get(key) || 0;
      if (c) inRefs.push(`${ov.references[k]} ×${c}`);
    }
    const statuses = order.status.filter((_, j) => order.keys[j] === key);
    const matched = statuses.filter((x) => x === "match").length;
    const clipped = statuses.filter((x) => x === "clip").length;
    rows.push(h("tr", { tabindex: "0", "data-first": i },
      h("td", null, key), h("td", { class: "num" }, String(order.hypCounts.get(key))), h("td", { class: "num" }, String(order.maxRef.get(key) || 0)),
      h("td", { class: "num" }, String(matched)), h("td", { class: "num" }, String(clipped)), h("td", null, inRefs.join(", ") || "–")));
  });
  return [h("h3", null, `${n}-grams of ${ov.systems[app.state.a]}`),
    h("table", { class: "stats ngrams", id: "pb-ngrams" },
      h("thead", null, h("tr", null, h("th", null, "n-gram"), h("th", { class: "num" }, "count"), h("th", { class: "num" }, "max ref"),
        h("th", { class: "num" }, "matched"), h("th", { class: "num" }, "clipped"), h("th", null, "in references"))),
      h("tbody", null, rows))];
}

function chrfView(app, seg) {
  const { ov, data, state } = app;
  const metric = ov.metrics.find((m) => m.view === "characters");
  const options = { char_order: 6, word_order: 0, beta: 2, whitespace: false, eps_smoothing: false, lowercase: false, ...metric.options };
  const tokenRows = (s) => data.hypTokenRow(seg, s);
  const lowered = (row, line) => {
    if (!options.lowercase) return null;
    const exception = data.lowerExceptions[row];
    return exception !== undefined ? exception : lowerWith(data.lowerTable || {}, line);
  };
  const side = (row, line) => chrfSide(line, lowered(row, line), options, data.whitespace);
  const refs = [];
  for (let k = 0; k < data.K; k++) {
    const line = data.ref(seg, k);
    refs.push(line === null ? null : side(data.refTokenRow(seg, k), line));
  }
  const n = Math.min(state.chrfOrder, options.char_order);
  const rows = ov.systems.map((name, s) => {
    const hyp = side(tokenRows(s), data.hyp(seg, s));
    return { s, hyp, best: chrfDetail(hyp, refs, options) };
  });
  const focus = rows[state.a];
  const orderButtons = h("div", { class: "controls", role: "radiogroup", "aria-label": "character n-gram order" }, "character n-gram order:",
    Array.from({ length: options.char_order }, (_, k) => h("button", { type: "button", role: "radio", "aria-checked": k + 1 === n ? "true" : "false",
      onclick: () => app.setState({ chrfOrder: k + 1 }) }, String(k + 1))));
  const charLine = (line, chars, marks) => {
    const positions = chars.map((c, i) => ({ s: c.s, e: c.s < 0 ? -1 : c.s + c.c.length, t: c.c, i }));
    const explicit = positions.some((p) => p.s < 0);
    return highlighted(line, { explicit, list: explicit ? positions.map((p) => ({ t: p.t })) : positions }, (k) => (marks[k] ? "match" : null));
  };
  const labels = [...Array.from({ length: options.char_order }, (_, k) => `char ${k + 1}`), ...Array.from({ length: options.word_order }, (_, k) => `word ${k + 1}`)];
  const best = focus.best;
  return [orderButtons,
    h("p", { class: "note" }, `chrF keeps, per segment, the reference with the best sentence chrF (the first on a tie); highlighted: characters in ${n}-grams that ${ov.systems[state.a]} and that reference share (clipped counts).`),
    best === null ? h("p", null, "No reference.") : [
      textBlock(`${ov.references[best.k]} (chosen for ${ov.systems[state.a]})`, charLine(data.ref(seg, best.k), refs[best.k].chars, chrfMarks(refs[best.k], focus.hyp, n)), "ref"),
      textBlock(ov.systems[state.a], charLine(data.hyp(seg, state.a), focus.hyp.chars, chrfMarks(focus.hyp, refs[best.k], n)), "sys")],
    scrollBox(h("table", { class: "stats", id: "pb-chrf-stats" },
      h("thead", null, h("tr", null, h("th", null, "system"), h("th", null, "reference"), labels.map((l) => h("th", { class: "num" }, `${l} hyp/ref/match`)))),
      h("tbody", null, rows.map(({ s, best: b }) => h("tr", { "data-system": s }, h("th", { scope: "row" }, ov.systems[s]),
        h("td", null, b ? ov.references[b.k] : "–"),
        labels.map((_, i) => h("td", { class: "num", "data-order": i }, b ? `${b.row[3 * i]}/${b.row[3 * i + 1]}/${b.row[3 * i + 2]}` : "–")))))))];
}

// TER's edits are searched in a worker (05-ter.js): the view says so at once, and shows the
// alignments when they come, if it is still on screen. Systems whose words exceed the page's
// limit against some reference are not aligned here.
function terView(app, seg) {
  const { ov, data } = app;
  const refs = [];
  for (let k = 0; k < data.K; k++) {
    const tokens = data.refTokens(seg, k, "edits");
    refs.push(tokens === null ? null : tokens.list.map((t) => t.t));
  }
  const hyps = ov.systems.map((_, s) => data.hypTokens(seg, s, "edits").list.map((t) => t.t));
  const aligned = hyps.map((hyp, s) => (terTooLong(hyp, refs) ? null : s)).filter((s) => s !== null);
  const body = h("div", { id: "pb-ter-body", "aria-busy": "true" },
    h("p", { class: "note", id: "pb-ter-status", role: "status" }, "Searching TER's shifts and edits…"));
  terAlign(aligned.map((s) => ({ hyp: hyps[s], refs }))).then((results) => {
    if (!body.isConnected) return;
    const rows = hyps.map(() => null);
    aligned.forEach((s, i) => { rows[s] = results[i]; });
    body.removeAttribute("aria-busy");
    put(body, terRows(app, rows, hyps, refs));
  }, (error) => {
    if (body.isConnected) put(body, h("p", { class: "note error", role: "status" }, `TER's edits could not be computed: ${error.message}`));
  });
  return body;
}

function terRows(app, rows, hyps, refs) {
  const { ov, state } = app;
  const longest = Math.max(0, ...refs.filter((r) => r !== null).map((r) => r.length));
  const skipped = rows.some((r, s) => r === null && terTooLong(hyps[s], refs));
  const focus = rows[state.a];
  const out = [h("table", { class: "stats", id: "pb-ter-stats" },
    h("thead", null, h("tr", null, h("th", null, "system"), h("th", null, "reference"), h("th", { class: "num" }, "edits"), h("th", { class: "num" }, "shifts"))),
    h("tbody", null, rows.map((r, s) => h("tr", { "data-system": s }, h("th", { scope: "row" }, ov.systems[s]),
      h("td", null, r ? ov.references[r.k] : "–"), h("td", { class: "num", "data-stat": "num_edits" }, r ? String(r.result.edits) : "–"),
      h("td", { class: "num" }, r ? String(r.result.shifts.length) : "–")))))];
  if (skipped) {
    out.push(h("p", { class: "note", id: "pb-ter-too-long" }, `Segments of more than ${TER_PAGE_MAX_CELLS.toLocaleString("en")} word pairs (hypothesis × reference: here up to ${Math.max(...hyps.map((x) => x.length))} × ${longest}) are not aligned in the page; their TER score is parbleu's, in the scores above.`));
  }
  if (!focus) return out;
  const result = focus.result;
  out.push(h("h3", null, `${ov.systems[state.a]} against ${ov.references[focus.k]}: ${result.edits} edits`),
    h("p", { class: "note" }, "Shifts first (tercom's greedy search), then = match, S substitution, D deletion (a hypothesis word), I insertion (a reference word)."),
    result.shifts.length ? h("ol", { id: "pb-ter-shifts" }, result.shifts.map((sh) => h("li", null, `shift “${sh.words.join(" ")}” from position ${sh.from + 1} to before position ${sh.to + 1}`))) : h("p", null, "No shifts."),
    h("div", { class: "scroll-x" }, h("table", { class: "edits", id: "pb-ter-ops" },
      h("tbody", null,
        h("tr", null, h("th", null, "output"), result.ops.map((o) => h("td", null, o.h === undefined ? "" : o.h))),
        h("tr", null, h("th", null, "edit"), result.ops.map((o) => h("td", { class: `op-${o.op === "=" ? "M" : o.op}` }, o.op))),
        h("tr", null, h("th", null, "reference"), result.ops.map((o) => h("td", null, o.r === undefined ? "" : o.r)))))));
  return out;
}

// Longest common subsequence of two token lists: which tokens of each are shared.
function lcsMarks(x, y) {
  const n = x.length;
  const m = y.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) {
    table[i][j] = x[i] === y[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  }
  const inX = new Array(n).fill(false);
  const inY = new Array(m).fill(false);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) { inX[i] = inY[j] = true; i++; j++; } else if (table[i + 1][j] >= table[i][j + 1]) i++; else j++;
  }
  return [inX, inY];
}

function diffView(app, seg) {
  const { ov, data, state } = app;
  const a = data.hypTokens(seg, state.a);
  const b = data.hypTokens(seg, state.b);
  const [inA, inB] = lcsMarks(a.list.map((t) => t.t), b.list.map((t) => t.t));
  return [h("div", { class: "legend" }, h("span", { class: "tok only-a" }, `only in A (${ov.systems[state.a]})`), h("span", { class: "tok only-b" }, `only in B (${ov.systems[state.b]})`)),
    textBlock(`A: ${ov.systems[state.a]}`, highlighted(data.hyp(seg, state.a), a, (k) => (inA[k] ? null : "only-a")), "sys"),
    textBlock(`B: ${ov.systems[state.b]}`, highlighted(data.hyp(seg, state.b), b, (k) => (inB[k] ? null : "only-b")), "sys")];
}

function renderDetail(panel, app, seg) {
  const { ov, data, state } = app;
  const views = [];  // a view per metric the report has that shows one; the diff always
  if (ov.metrics.some((m) => m.view === "ngrams")) views.push(["ngrams", "n-gram matches"]);
  const characters = ov.metrics.find((m) => m.view === "characters");
  if (characters) views.push(["characters", characters.title]);
  const edits = ov.metrics.find((m) => m.view === "edits");
  if (edits && data.tokens.edits) views.push(["edits", `${edits.title} edits`]);
  views.push(["diff", "diff A / B"]);
  const view = views.some(([id]) => id === state.detailView) ? state.detailView : views[0][0];
  const docLabel = data.docIndex ? ov.documents.labels[data.docIndex[seg]] : null;
  const source = data.source(seg);
  const body = { ngrams: ngramView, characters: chrfView, edits: terView, diff: diffView }[view](app, seg);
  put(panel, 
    h("div", { class: "seg-head" }, h("h2", { tabindex: "-1", id: "pb-seg-title" }, `Segment ${seg + 1}`),
      docLabel !== null ? h("span", { class: "badge" }, `document ${docLabel}`) : null,
      h("button", { type: "button", onclick: () => app.step(-1), title: "previous ( [ )" }, "◀"),
      h("button", { type: "button", onclick: () => app.step(1), title: "next ( ] )" }, "▶")),
    source !== null ? textBlock("source", h("div", { class: "text", id: "pb-source" }, source)) : null,
    segmentScores(app, seg),
    h("div", { role: "tablist", "aria-label": "detail views", class: "controls" }, views.map(([id, label]) => h("button", { type: "button", role: "tab",
      "aria-selected": id === view ? "true" : "false", "data-view": id, onclick: () => app.setState({ detailView: id }) }, label))),
    h("div", { id: `pb-detail-${view}` }, body));
}
