// Overview: every system with every metric, intervals, p-values, clusters and signatures.
// The score guidelines of the MT evaluation course chapter ("Interpreting BLEU Scores"), for
// news translation, in our words; a band holds [lower, upper) (19.6 reads as 10-19).
const BLEU_BANDS = [
  ["< 10", "almost useless"],
  ["10 – 19", "hard to understand; some words are right"],
  ["20 – 29", "the basic meaning comes through, with significant errors"],
  ["30 – 39", "understandable, with some problems of fluency"],
  ["40 – 49", "good quality, with minor errors"],
  ["50 – 59", "very good, close to human quality"],
  ["60 +", "excellent, and rare unless the test data leaked into training"],
];

function bandOf(score) {
  const cuts = [10, 20, 30, 40, 50, 60];
  let k = 0;
  while (k < cuts.length && score >= cuts[k]) k++;
  return BLEU_BANDS[k][1];
}

// A wide table scrolls inside its own box instead of widening the page.
function scrollBox(table) {
  return h("div", { class: "scroll-x" }, table);
}

function pCell(p, alpha) {
  if (p === null || p === undefined) return h("td", { class: "num" }, "–");
  return h("td", { class: "num" + (p < alpha ? " sig" : ""), title: p < alpha ? `significant at ${alpha}` : "not significant" }, fmtP(p) + (p < alpha ? " *" : ""));
}

// P(humans agree with the difference of systems a and b), Kocmi et al. 2024 (parbleu.meta.thresholds).
function agreeCell(m, a, b) {
  if (!m.human_agreement) return null;
  const p = a === b ? null : m.human_agreement[a][b];
  return h("td", { class: "num agree", title: "humans agree with a difference this size (Kocmi et al. 2024)" },
    p === null ? "–" : `${fmt(100 * p, 1)}%`);
}

function scoreTable(ov) {
  const alpha = ov.significance.alpha;
  const head = h("tr", null, h("th", { scope: "col", "data-sort": "system" }, "System"),
    ov.metrics.map((m) => [
      h("th", { scope: "col", class: "num", "data-sort": m.key }, m.label + (m.higher_is_better ? " ↑" : " ↓")),
      h("th", { scope: "col", class: "num" }, "95% CI"),
      h("th", { scope: "col", class: "num" }, "p (bs)"),
      h("th", { scope: "col", class: "num" }, "p (ar)"),
      m.human_agreement ? h("th", { scope: "col", class: "num" }, "humans agree") : null,
      h("th", { scope: "col", class: "num" }, "rank"),
    ]));
  const rows = ov.systems.map((name, s) => h("tr", { "data-system": s },
    h("th", { scope: "row", class: s === ov.baseline ? "is-baseline" : null }, name),
    ov.metrics.map((m) => {
      const [mean, lo, hi] = m.estimates[s];
      const range = m.ranges[s];
      return [
        h("td", { class: "num", "data-metric": m.key }, fmt(m.corpus[s], m.decimals)),
        h("td", { class: "num", title: `bootstrap mean ${fmt(mean, m.decimals)}` }, `[${fmt(lo, m.decimals)}, ${fmt(hi, m.decimals)}]`),
        pCell(s === ov.baseline ? null : m.p_bootstrap[ov.baseline][s], alpha),
        pCell(m.p_randomization[s], alpha),
        agreeCell(m, ov.baseline, s),
        h("td", { class: "num" }, range[0] === range[1] ? String(range[0]) : `${range[0]}–${range[1]}`),
      ];
    })));
  return scrollBox(h("table", { class: "scores", id: "pb-score-table" }, h("thead", null, head), h("tbody", null, rows)));
}

function rankingTable(ov, m) {
  const rows = m.order.map((s, position) => {
    const previous = position > 0 ? m.cluster[m.order[position - 1]] : m.cluster[s];
    const range = m.ranges[s];
    return h("tr", { class: previous !== m.cluster[s] ? "cluster-break" : null, "data-system": s },
      h("td", { class: "num" }, range[0] === range[1] ? String(range[0]) : `${range[0]}–${range[1]}`),
      h("td", { class: s === ov.baseline ? "is-baseline" : null }, ov.systems[s]),
      h("td", { class: "num" }, fmt(m.corpus[s], m.decimals)));
  });
  return h("table", { class: "ranking", "data-metric": m.key },
    h("caption", { class: "muted" }, `${m.label}: clusters`),
    h("thead", null, h("tr", null, h("th", { class: "num" }, "rank"), h("th", null, "system"), h("th", { class: "num" }, m.label))),
    h("tbody", null, rows));
}

function pMatrix(ov, m) {
  const alpha = ov.significance.alpha;
  return h("details", null, h("summary", null, `${m.label}: paired bootstrap p-values of every pair`),
    scrollBox(h("table", { class: "pmatrix" },
      h("thead", null, h("tr", null, h("th", null, ""), ov.systems.map((name) => h("th", { class: "num", colspan: m.human_agreement ? 2 : null }, name)))),
      h("tbody", null, ov.systems.map((name, i) => h("tr", null, h("th", { scope: "row" }, name),
        ov.systems.map((_, j) => [i === j ? h("td", { class: "num" }, "–") : pCell(m.p_bootstrap[i][j], alpha), agreeCell(m, i, j)])))))));
}

// Why the chapter's bands do not read this report's BLEU (none: they do). They are for
// corpus BLEU against one reference with uniform 4-gram weights: more references match more
// n-grams and raise BLEU (sacreBLEU's signature records nrefs for this reason).
function bandsDoNotApply(ov, bleu) {
  const reasons = [];
  const refs = ov.references.length;
  if (refs !== 1) reasons.push(`this report scores against ${refs} references, and more references raise BLEU`);
  const options = bleu.options || {};
  const weights = options.weights || null;
  const order = options.max_ngram_order || (weights ? weights.length : 4);
  const uniform = !weights || weights.every((w) => Math.abs(w - 1 / weights.length) < 1e-9);
  if (order !== 4 || !uniform) reasons.push(`its ${bleu.label} is not BLEU's 4-gram, uniform-weight form`);
  return reasons;
}

function bandsTable(ov) {
  const bleu = ov.metrics.find((m) => m.view === "ngrams");
  if (!bleu) return [];  // the chapter gives bands for BLEU only
  const reasons = bandsDoNotApply(ov, bleu);
  const applies = reasons.length === 0;
  const others = ov.metrics.filter((m) => m !== bleu).map((m) => m.label);
  const rows = BLEU_BANDS.map(([range, meaning]) => h("tr", null, h("td", null, range), h("td", null, meaning),
    applies ? h("td", null, ov.systems.filter((_, s) => bandOf(bleu.corpus[s]) === meaning).join(", ")) : null));
  const scope = applies
    ? `These bands read corpus BLEU against one reference, with BLEU's 4-gram uniform weights, as here; each system is placed by its ${bleu.label}.`
    : `These bands read corpus BLEU against one reference, with BLEU's 4-gram uniform weights. They do not apply here: ${reasons.join("; ")}. No system is placed in them.`;
  return [
    h("h2", null, "Reading BLEU scores"),
    h("p", { class: applies ? "note" : "note caveat", id: "pb-bands-scope", "data-applies": applies ? "true" : "false" }, scope,
      others.length ? ` The chapter gives no such bands for ${others.join(", ")}.` : ""),
    h("table", { class: "bands", id: "pb-bands" }, h("thead", null, h("tr", null, h("th", null, "BLEU"), h("th", null, "rough reading"),
      applies ? h("th", null, "systems here") : null)), h("tbody", null, rows)),
    h("p", { class: "note", id: "pb-bands-note" },
      "The bands and caveats are those of the MT evaluation course chapter (section \"Interpreting BLEU Scores\"), in our words. ",
      "They are a rough guide for news translation: other domains and language pairs differ a lot. ",
      "For reference, the chapter puts the state of the art on WMT news at about 40–45 BLEU from German into English and 35–40 from English into German, ",
      "a good model of short image descriptions (Multi30k) at 35–40, and conversational text lower, where 20–25 can be reasonable. ",
      "BLEU does not measure factual accuracy (invented facts can score well), whether the meaning is preserved (a good paraphrase scores low), or fluency directly. ",
      "A higher score is not always a better translation: a system can fit the style of the references, lose variety, and people may prefer another output. ",
      "Compare BLEU only with the same tokenization, the same number of references, the same test set and the same BLEU implementation (equal signatures)."),
  ];
}

function renderOverview(panel, ov) {
  const sig = ov.significance;
  put(panel, 
    h("h2", null, `${ov.systems.length} systems, ${ov.n_segments} segments, ${ov.references.length} reference${ov.references.length === 1 ? "" : "s"}`),
    sortableScores(scoreTable(ov), ov),
    h("p", { class: "note" },
      `95% CI: paired bootstrap percentile interval (${sig.bootstrap} resamples, seed ${sig.seed}). `,
      `p (bs): paired bootstrap resampling against the baseline (Koehn 2004, sacreBLEU's p-value); p (ar): approximate randomization against the baseline (${sig.trials} trials, Riezler and Maxwell 2005). `,
      `* marks p < ${sig.alpha}. Humans agree (BLEU, chrF with sacreBLEU's defaults): how often people order two systems as a difference of this size does (Kocmi et al. 2024, published logistic fits). Rank: the system's cluster; systems in a cluster are not separated by the paired bootstrap at ${sig.alpha}: `,
      "a line is drawn only where every system above is significantly better than every system below (WMT's presentation)."),
    h("h2", null, "Scores with 95% intervals"), h("div", { class: "charts", id: "pb-score-charts" }, ov.metrics.map((m) => scoreChart(ov, m))),
    h("h2", null, "Rankings with significance clusters"),
    h("div", { class: "charts" }, ov.metrics.map((m) => rankingTable(ov, m))),
    ov.metrics.filter((m) => m.note).map((m) => h("p", { class: "note", "data-metric": m.key }, `${m.title}: ${m.note}.`)),
    ov.metrics.map((m) => pMatrix(ov, m)),
    h("h2", null, "Signatures"),
    scrollBox(h("table", null, h("tbody", null, ov.metrics.map((m) => h("tr", null, h("th", { scope: "row" }, m.label), h("td", { class: "signature" }, m.signature)))))),
    bandsTable(ov),
    h("p", { class: "note" }, `parbleu ${ov.version}. References: ${ov.references.join(", ")}.`));
}
