// Two-system comparison (iBLEU's mode, compare-mt's analyses): wins and losses per segment,
// score histograms, reference-length buckets, word accuracy by frequency and salient n-grams.
const FREQ_CUTOFFS = [1, 2, 3, 4, 5, 10, 100, 1000];

function freqLabels() {
  const labels = [];
  let last = 0;
  for (const x of FREQ_CUTOFFS) { labels.push(x - 1 === last ? String(last) : `${last}–${x - 1}`); last = x; }
  labels.push(`${last}+`);
  return labels;
}

function freqBucket(freq) {
  let k = 0;
  while (k < FREQ_CUTOFFS.length && freq >= FREQ_CUTOFFS[k]) k++;
  return k;
}

function addCount(map, key, value) { map.set(key, (map.get(key) || 0) + value); }

// Counts of every n-gram of orders 1..maxOrder in one map (orders cannot collide: tokens
// hold no spaces, so an n-gram's key has n - 1 spaces).
function countAll(tokens, maxOrder) {
  const counts = new Map();
  for (let i = 0; i < tokens.length; i++) {
    let key = tokens[i];
    counts.set(key, (counts.get(key) || 0) + 1);
    for (let n = 2; n <= maxOrder && i + n <= tokens.length; n++) {
      key += " " + tokens[i + n - 1];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  return counts;
}

// compare-mt's n-gram matches (ngram_utils.compare_ngrams, mode "match") with BLEU's clipping
// against every reference, and its word accuracy by frequency (FreqWordBucketer with the
// first reference as frequency data), for two systems, over segments [from, to) into `acc`.
function compareSegments(data, a, b, maxOrder, from, to, acc) {
  const { matches, words } = acc;
  for (let seg = from; seg < to; seg++) {
    const refs = [];
    for (let k = 0; k < data.K; k++) { const t = data.refTokens(seg, k); if (t) refs.push(t.list.map((x) => x.t)); }
    const hyps = [a, b].map((s) => data.hypTokens(seg, s).list.map((x) => x.t));
    const maxRef = refs.length === 1 ? countAll(refs[0], maxOrder) : new Map();
    if (refs.length > 1) {
      for (const r of refs) for (const [g, c] of countAll(r, maxOrder)) if (c > (maxRef.get(g) || 0)) maxRef.set(g, c);
    }
    hyps.forEach((hyp, side) => {
      for (const [g, c] of countAll(hyp, maxOrder)) {
        const m = Math.min(c, maxRef.get(g) || 0);
        if (m) addCount(matches[side], g, m);
      }
    });
    if (refs.length) {
      const first = countKeys(refs[0]);
      for (const [w, c] of first) addCount(words.ref, w, c);
      hyps.forEach((hyp, side) => {
        for (const [w, c] of countKeys(hyp)) {
          addCount(words.out[side], w, c);
          const m = Math.min(c, first.get(w) || 0);
          if (m) addCount(words.match[side], w, m);
        }
      });
    }
  }
}

function emptyCounts() {
  return { matches: [new Map(), new Map()], words: { ref: new Map(), out: [new Map(), new Map()], match: [new Map(), new Map()] } };
}

// The analysis of a pair from its counts: what the page shows (small, sent back by the worker).
function compareResult(acc, top) {
  return { salient: salient(acc.matches, 1, top), accuracy: wordAccuracy(acc.words) };
}

// The whole pass, in the worker: `report` holds the deflated container, which the worker
// inflates and reads itself (nothing large crosses to or from the page's thread).
async function compareInWorker(job, post) {
  const container = parseContainer(await inflate(job.packed));
  const data = new ReportData({ metrics: [] }, container);
  const acc = emptyCounts();
  const chunk = 2000;
  for (let start = 0; start < data.n; start += chunk) {
    compareSegments(data, job.a, job.b, job.maxOrder, start, Math.min(data.n, start + chunk), acc);
    post({ progress: Math.min(1, (start + chunk) / data.n) });
  }
  post({ result: compareResult(acc, job.top) });
}

const COMPARE_WORKER_SOURCE = [
  '"use strict";',
  `const ARRAY_TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array };`,
  `const FREQ_CUTOFFS = ${JSON.stringify(FREQ_CUTOFFS)};`,
  ...[inflate, parseContainer, prefixSums, lowerWith, TokenLayout, ReportData, countAll, countKeys, addCount,
    compareSegments, emptyCounts, salient, freqLabels, freqBucket, wordAccuracy, compareResult, compareInWorker].map(String),
  "onmessage = (event) => compareInWorker(event.data, (message) => postMessage(message));",
].join("\n");

// The pair's analysis in a Web Worker (the page's thread stays free); where the browser
// refuses workers, in the page in chunks, a frame between them.
function compareCorpus(data, a, b, maxOrder, top, progress) {
  const job = runWorker(COMPARE_WORKER_SOURCE, { packed: data.packed, a, b, maxOrder, top },
    (answer) => answer.result !== undefined, (answer) => progress(answer.progress));
  return job === null ? compareInPage(data, a, b, maxOrder, top, progress) : job.then((answer) => answer.result);
}

async function compareInPage(data, a, b, maxOrder, top, progress) {
  const acc = emptyCounts();
  const chunk = 500;
  for (let start = 0; start < data.n; start += chunk) {
    compareSegments(data, a, b, maxOrder, start, Math.min(data.n, start + chunk), acc);
    progress(Math.min(1, (start + chunk) / data.n));
    await nextFrame();
  }
  return compareResult(acc, top);
}

// A − B of every segment in `key` (NaN where either has no score).
function segmentDifferences(data, key, a, b) {
  const out = new Float64Array(data.n);
  for (let seg = 0; seg < data.n; seg++) out[seg] = data.scoreValue(key, a, seg) - data.scoreValue(key, b, seg);
  return out;
}

// The `count` segments of largest sign * difference (the later segment first on a tie), in
// one pass: no sort of every segment.
function extremeSegments(diffs, sign, count) {
  const chosen = [];
  const before = (x, y) => sign * diffs[x] > sign * diffs[y] || (sign * diffs[x] === sign * diffs[y] && x > y);
  for (let seg = 0; seg < diffs.length; seg++) {
    if (Number.isNaN(diffs[seg])) continue;
    if (chosen.length === count && !before(seg, chosen[count - 1])) continue;
    let k = Math.min(chosen.length, count - 1);
    chosen[k] = seg;
    while (k > 0 && before(chosen[k], chosen[k - 1])) { [chosen[k], chosen[k - 1]] = [chosen[k - 1], chosen[k]]; k--; }
  }
  return chosen;
}

function salient(matches, alpha, top) {
  const keys = new Set([...matches[0].keys(), ...matches[1].keys()]);
  const scored = [];
  for (const k of keys) {
    const m1 = matches[0].get(k) || 0;
    const m2 = matches[1].get(k) || 0;
    scored.push([k, (m1 + alpha) / (m1 + m2 + 2 * alpha), m1, m2]);
  }
  scored.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return { a: scored.slice(0, top), b: scored.slice(-top).reverse() };
}

function wordAccuracy(words) {
  const buckets = freqLabels().map(() => [[0, 0, 0], [0, 0, 0]]);
  const types = new Set([...words.ref.keys(), ...words.out[0].keys(), ...words.out[1].keys()]);
  for (const w of types) {
    const bucket = buckets[freqBucket(words.ref.get(w) || 0)];
    for (const side of [0, 1]) {
      bucket[side][0] += words.match[side].get(w) || 0;
      bucket[side][1] += words.ref.get(w) || 0;
      bucket[side][2] += words.out[side].get(w) || 0;
    }
  }
  return buckets.map((sides) => sides.map(([match, ref, out]) => {
    if (match === 0) return 0;
    const recall = match / ref;
    const precision = match / out;
    return (2 * precision * recall) / (precision + recall);
  }));
}

function barChart(labels, series, names, format) {
  const width = 520;
  const height = 200;
  const left = 40;
  const bottom = 40;
  const top = 10;
  const values = series.flat().filter((v) => Number.isFinite(v));
  const max = Math.max(1e-9, ...values);
  const band = (width - left) / labels.length;
  const bar = (band - 6) / series.length;
  const y = (v) => top + (height - top - bottom) * (1 - v / max);
  return svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": names.join(" vs ") },
    svg("line", { class: "axis", x1: left, y1: height - bottom, x2: width, y2: height - bottom }),
    labels.map((label, i) => [
      series.map((values, s) => (Number.isFinite(values[i]) ? svg("rect", { x: left + i * band + 3 + s * bar, y: y(values[i]), width: bar,
        height: Math.max(0, height - bottom - y(values[i])), fill: sysColour(s === 0 ? 0 : 5) }, svg("title", null, `${names[s]} ${label}: ${format(values[i])}`)) : null)),
      svg("text", { x: left + i * band + band / 2, y: height - bottom + 14, "text-anchor": "middle" }, label),
    ]),
    svg("text", { x: 2, y: top + 8 }, format(max)),
    names.map((name, s) => [svg("rect", { x: left + 4 + s * 200, y: height - 14, width: 10, height: 10, fill: sysColour(s === 0 ? 0 : 5) }),
      svg("text", { x: left + 18 + s * 200, y: height - 5 }, name.length > 28 ? name.slice(0, 27) + "…" : name)]));
}

// Which way A − B points: the metric's own direction (from the data), and who is ahead.
function directionCell(m, diff) {
  const rule = m.higher_is_better ? "↑ higher is better" : "↓ lower is better";
  const shown = Number(diff.toFixed(m.decimals)); // the difference as the page prints it
  const ahead = !(Math.abs(shown) > 0) ? "tie" : (shown > 0) === m.higher_is_better ? "A ahead" : "B ahead";
  return h("td", { class: "direction", "data-direction": m.higher_is_better ? "higher" : "lower", "data-ahead": ahead }, `${rule}: ${ahead}`);
}

class CompareView {
  constructor(app) { this.app = app; this.cache = new Map(); }

  render(panel) {
    const { ov, data, state } = this.app;
    const a = state.a;
    const b = state.b;
    const m = ov.metrics.find((x) => x.key === state.metric);
    const select = (value, key) => {
      const el = h("select", { "aria-label": `system ${key.toUpperCase()}`, id: `pb-compare-${key}` }, ov.systems.map((name, s) => h("option", { value: s }, name)));
      el.value = String(value);
      el.addEventListener("change", () => this.app.setState({ [key]: Number(el.value) }));
      return el;
    };
    const metricSelect = h("select", { "aria-label": "metric", id: "pb-compare-metric" }, ov.metrics.map((x) => h("option", { value: x.key }, x.label)));
    metricSelect.value = state.metric;
    metricSelect.addEventListener("change", () => this.app.setState({ metric: metricSelect.value }));
    this.analysis = h("div", { id: "pb-compare-analysis" }, h("p", { class: "muted" }, "Computing n-gram and word statistics…"));
    put(panel, 
      h("div", { class: "controls" }, h("label", null, "A ", select(a, "a")), h("label", null, "B ", select(b, "b")), h("label", null, "metric ", metricSelect)),
      a === b ? h("p", { class: "note" }, "Choose two different systems.") : null,
      this.summary(a, b),
      h("h2", null, `${m.label} of each segment`),
      this.histogram(m, a, b),
      a === b ? null : [h("h2", null, `${m.label}: A against B, and A − B, segment by segment`),
        h("div", { class: "charts" }, pairScatter(data, m, a, b, [ov.systems[a], ov.systems[b]]),
          differenceHistogram(segmentDifferences(data, m.key, a, b), m, [ov.systems[a], ov.systems[b]]))],
      h("h2", null, "By reference length (compare-mt's buckets; score of each bucket's segments)"),
      this.lengthTable(m, a, b),
      this.extremes(m, a, b),
      this.analysis);
    this.fillAnalysis(a, b);
  }

  summary(a, b) {
    const { ov, data } = this.app;
    const rows = ov.metrics.map((m) => {
      let wins = 0; let losses = 0; let ties = 0;
      for (let seg = 0; seg < data.n; seg++) {
        const x = data.rawScore(m.key, a, seg);
        const y = data.rawScore(m.key, b, seg);
        if (Number.isNaN(x) || Number.isNaN(y) || x === MISSING || y === MISSING) continue;
        const better = m.higher_is_better ? x > y : x < y;
        const worse = m.higher_is_better ? x < y : x > y;
        if (better) wins++; else if (worse) losses++; else ties++;
      }
      const p = a === b ? null : m.p_bootstrap[a][b];
      return h("tr", { "data-metric": m.key }, h("th", { scope: "row" }, m.label),
        h("td", { class: "num" }, fmt(m.corpus[a], m.decimals)), h("td", { class: "num" }, fmt(m.corpus[b], m.decimals)),
        h("td", { class: "num" }, fmt(m.corpus[a] - m.corpus[b], m.decimals)), directionCell(m, m.corpus[a] - m.corpus[b]), pCell(p, ov.significance.alpha),
        h("td", { class: "num", "data-count": "wins" }, String(wins)), h("td", { class: "num", "data-count": "losses" }, String(losses)), h("td", { class: "num", "data-count": "ties" }, String(ties)));
    });
    return h("table", { class: "stats", id: "pb-compare-summary" },
      h("thead", null, h("tr", null, h("th", null, "metric"), h("th", { class: "num" }, `A: ${ov.systems[a]}`), h("th", { class: "num" }, `B: ${ov.systems[b]}`),
        h("th", { class: "num" }, "A − B"), h("th", null, "direction"), h("th", { class: "num" }, "p (bs)"), h("th", { class: "num" }, "A better"), h("th", { class: "num" }, "B better"), h("th", { class: "num" }, "ties"))),
      h("tbody", null, rows));
  }

  histogram(m, a, b) {
    const { data, ov } = this.app;
    let lo = Infinity; let hi = -Infinity;
    for (const s of [a, b]) for (let seg = 0; seg < data.n; seg++) { const v = data.scoreValue(m.key, s, seg); if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); } }
    const percent = m.percent;
    const edges = percent ? [10, 20, 30, 40, 50, 60, 70, 80, 90] : Array.from({ length: 9 }, (_, k) => lo + ((hi - lo) * (k + 1)) / 10);
    const labels = percent ? ["<10", ...edges.slice(0, -1).map((e, k) => `${e}–${edges[k + 1]}`), "≥90"] : edges.map((e) => `<${fmt(e, 2)}`).concat("rest");
    const counts = [a, b].map((s) => {
      const c = new Array(edges.length + 1).fill(0);
      for (let seg = 0; seg < data.n; seg++) {
        const v = data.scoreValue(m.key, s, seg);
        if (!Number.isFinite(v)) continue;
        let k = 0; while (k < edges.length && v >= edges[k]) k++;
        c[k]++;
      }
      return c;
    });
    return h("div", { id: "pb-histogram" }, barChart(labels, counts, [ov.systems[a], ov.systems[b]], (v) => String(v)));
  }

  lengthTable(m, a, b) {
    const { ov } = this.app;
    const buckets = ov.length_buckets;
    const scores = buckets.scores[m.key];
    return h("table", { class: "stats", id: "pb-length-buckets" },
      h("thead", null, h("tr", null, h("th", null, "reference tokens"), h("th", { class: "num" }, "segments"), h("th", { class: "num" }, ov.systems[a]), h("th", { class: "num" }, ov.systems[b]))),
      h("tbody", null, buckets.labels.map((label, k) => h("tr", null, h("td", null, label), h("td", { class: "num" }, String(buckets.counts[k])),
        h("td", { class: "num" }, fmt(scores[k][a], m.decimals)), h("td", { class: "num" }, fmt(scores[k][b], m.decimals))))));
  }

  extremes(m, a, b) {
    const { data, ov } = this.app;
    const diffs = segmentDifferences(data, m.key, a, b);
    const sign = m.higher_is_better ? 1 : -1;
    const best = extremeSegments(diffs, sign, 10);
    const worst = extremeSegments(diffs, -sign, 10);
    const list = (items, who) => h("ol", null, items.map((seg) => h("li", null,
      h("button", { type: "button", onclick: () => this.app.openSegment(seg) }, `segment ${seg + 1}`),
      ` ${ov.systems[who]} ahead by ${fmt(Math.abs(diffs[seg]), m.decimals)}: `, h("span", { class: "muted" }, data.hyp(seg, who)))));
    return [h("h2", null, `Segments where ${ov.systems[a]} is most ahead`), list(best, a), h("h2", null, `Segments where ${ov.systems[b]} is most ahead`), list(worst, b)];
  }

  async fillAnalysis(a, b) {
    const { data, ov } = this.app;
    if (a === b) { clear(this.analysis); return; }
    const key = `${a}/${b}`;
    const target = this.analysis;
    let result = this.cache.get(key);
    if (!result) {
      const status = h("p", { class: "muted", role: "status" }, "Computing n-gram and word statistics…");
      put(target, status);
      result = await compareCorpus(data, a, b, 4, 15, (f) => { status.textContent = `Computing n-gram and word statistics… ${Math.round(f * 100)}%`; });
      this.cache.set(key, result);
    }
    if (target !== this.analysis) return;
    const top = result.salient;
    const accuracy = result.accuracy;
    const ngramRows = (items) => items.map(([g, score, m1, m2]) => h("tr", null, h("td", null, g), h("td", { class: "num" }, fmt(score, 3)), h("td", { class: "num" }, String(m1)), h("td", { class: "num" }, String(m2))));
    const table = (id, items) => h("table", { class: "stats", id }, h("thead", null, h("tr", null, h("th", null, "n-gram"), h("th", { class: "num" }, "salience"),
      h("th", { class: "num" }, `matches ${ov.systems[a]}`), h("th", { class: "num" }, `matches ${ov.systems[b]}`))), h("tbody", null, ngramRows(items)));
    put(target, 
      h("h2", null, "Word accuracy by frequency (F-measure; frequency in the first reference)"),
      h("div", { id: "pb-word-accuracy" }, barChart(freqLabels(), [accuracy.map((x) => x[0]), accuracy.map((x) => x[1])], [ov.systems[a], ov.systems[b]], (v) => fmt(v, 4)),
        h("table", { class: "stats" }, h("thead", null, h("tr", null, h("th", null, "frequency"), h("th", { class: "num" }, ov.systems[a]), h("th", { class: "num" }, ov.systems[b]))),
          h("tbody", null, freqLabels().map((label, k) => h("tr", null, h("td", null, label), h("td", { class: "num" }, fmt(accuracy[k][0], 4)), h("td", { class: "num" }, fmt(accuracy[k][1], 4))))))),
      h("h2", null, "Salient n-grams (compare-mt): matched more often by one system"),
      h("p", { class: "note" }, "Salience (m_A + 1) / (m_A + m_B + 2), m: how often the n-gram (orders 1–4) matches a reference, clipped as BLEU clips (Neubig et al. 2019)."),
      h("div", { class: "charts" }, h("div", null, h("h3", null, `${ov.systems[a]} gets right`), table("pb-salient-a", top.a)),
        h("div", null, h("h3", null, `${ov.systems[b]} gets right`), table("pb-salient-b", top.b))));
  }
}
