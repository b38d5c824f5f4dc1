// chrF (Popović 2015) and chrF++ (Popović 2017) statistics of one segment, exactly as
// sacreBLEU 2.6.0 and parbleu compute them: character n-grams of the text without
// whitespace (unless kept), chrF++'s words with one punctuation mark split off one end,
// [hyp, ref, match] per order against each reference, and the reference with the best
// sentence chrF (the first one on a tie).
const CHRF_EPS = 1e-16;
const CHRF_PUNCT = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

function chrfScore(row, options) {
  const factor = options.beta ** 2;
  const order = row.length / 3;
  let fSum = 0;
  let pSum = 0;
  let rSum = 0;
  let effective = 0;
  for (let n = 0; n < order; n++) {
    const hyp = row[3 * n];
    const ref = row[3 * n + 1];
    const match = row[3 * n + 2];
    const precision = hyp > 0 ? match / hyp : CHRF_EPS;
    const recall = ref > 0 ? match / ref : CHRF_EPS;
    const denominator = factor * precision + recall;
    fSum = fSum + (denominator > 0 ? ((1 + factor) * precision * recall) / denominator : CHRF_EPS);
    if (hyp > 0 && ref > 0) { pSum = pSum + precision; rSum = rSum + recall; effective += 1; }
  }
  if (options.eps_smoothing) return (100 * fSum) / order;
  const pMean = effective > 0 ? pSum / effective : 0;
  const rMean = effective > 0 ? rSum / effective : 0;
  if (pMean + rMean === 0) return 0;
  return 100 * (((1 + factor) * pMean * rMean) / (factor * pMean + rMean));
}

// The characters chrF sees, with the UTF-16 offset of each in the line (-1: not in the line).
function chrfChars(line, lowered, options, whitespace) {
  const text = lowered === null ? line : lowered;
  const chars = [];
  let offset = 0;
  for (const ch of text) {
    const keep = options.whitespace || !whitespace.has(ch.charCodeAt(0));
    if (keep) chars.push({ c: ch, s: lowered === null || lowered.length === line.length ? offset : -1 });
    offset += ch.length;
  }
  return chars;
}

function chrfWords(text, whitespace) {
  const words = [];
  let current = "";
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (whitespace.has(code)) {
      if (current) words.push(current);
      current = "";
    } else current += text[i];
  }
  const out = [];
  for (const w of words) {
    const cps = Array.from(w);
    if (cps.length > 1 && CHRF_PUNCT.has(cps[cps.length - 1])) out.push(cps.slice(0, -1).join(""), cps[cps.length - 1]);
    else if (cps.length > 1 && CHRF_PUNCT.has(cps[0])) out.push(cps[0], cps.slice(1).join(""));
    else out.push(w);
  }
  return out;
}

function ngramCounts(units, n, join) {
  const counts = new Map();
  for (let i = 0; i + n <= units.length; i++) {
    const key = units.slice(i, i + n).join(join);
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return counts;
}

function matchStats(hyp, ref) {
  let hypCount = 0;
  let match = 0;
  for (const [k, c] of hyp) { hypCount += c; if (ref.has(k)) match += Math.min(c, ref.get(k)); }
  let refCount = 0;
  for (const c of ref.values()) refCount += c;
  return [ref.size > 0 ? hypCount : 0, refCount, match];
}

// side: {chars: [..], words: [..]} of the hypothesis or a reference.
function chrfSide(line, lowered, options, whitespace) {
  const chars = chrfChars(line, lowered, options, whitespace);
  const words = options.word_order > 0 ? chrfWords(lowered === null ? line : lowered, whitespace) : [];
  const units = chars.map((c) => c.c);
  const charCounts = [];
  for (let n = 1; n <= options.char_order; n++) charCounts.push(ngramCounts(units, n, ""));
  const wordCounts = [];
  for (let n = 1; n <= options.word_order; n++) wordCounts.push(ngramCounts(words, n, " "));
  return { chars, units, words, counts: [...charCounts, ...wordCounts] };
}

function chrfDetail(hyp, refs, options) {
  let best = null;
  refs.forEach((ref, k) => {
    if (ref === null) return;
    const row = [];
    hyp.counts.forEach((counts, i) => row.push(...matchStats(counts, ref.counts[i])));
    const score = chrfScore(row, options);
    if (best === null || score > best.score) best = { k, row, score };
  });
  return best;
}

// Which characters of `side` lie in order-n n-grams that match `other` (clipped in order).
function chrfMarks(side, other, n) {
  const marks = new Array(side.units.length).fill(false);
  const budget = new Map(other.counts[n - 1]);
  for (let i = 0; i + n <= side.units.length; i++) {
    const key = side.units.slice(i, i + n).join("");
    const left = budget.get(key) || 0;
    if (left > 0) {
      budget.set(key, left - 1);
      for (let t = i; t < i + n; t++) marks[t] = true;
    }
  }
  return marks;
}
