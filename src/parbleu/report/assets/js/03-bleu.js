// BLEU's n-gram matches of one hypothesis, computed from its tokens (Papineni et al. 2002,
// section 2.1): each n-gram counts at most as often as it occurs in the reference where it
// occurs most (clipping). The statistics equal parbleu's BLEU.statistics for the segment.
// Occurrences are clipped in reading order: the first `max reference count` occurrences of
// an n-gram match, later ones are shown as clipped.
function ngramKeys(tokens, n) {
  const keys = [];
  for (let i = 0; i + n <= tokens.length; i++) keys.push(tokens.slice(i, i + n).join(" "));
  return keys;
}

function countKeys(keys) {
  const counts = new Map();
  for (const k of keys) counts.set(k, (counts.get(k) || 0) + 1);
  return counts;
}

// hyp: token strings; refs: token string arrays of the present references.
function bleuDetail(hyp, refs, maxOrder, refLengthMode) {
  const orders = [];
  for (let n = 1; n <= maxOrder; n++) {
    const hypKeys = ngramKeys(hyp, n);
    const refCounts = refs.map((r) => countKeys(ngramKeys(r, n)));
    const maxRef = new Map();
    for (const counts of refCounts) {
      for (const [k, c] of counts) if (c > (maxRef.get(k) || 0)) maxRef.set(k, c);
    }
    const used = new Map();
    const hypCounts = countKeys(hypKeys);
    const status = hypKeys.map((k) => {
      const allowed = maxRef.get(k) || 0;
      if (allowed === 0) return "miss";
      const seen = (used.get(k) || 0) + 1;
      used.set(k, seen);
      return seen <= allowed ? "match" : "clip";
    });
    let match = 0;
    for (const [k, c] of hypCounts) match += Math.min(c, maxRef.get(k) || 0);
    const refMarks = refs.map((r, k) => {
      const marks = new Array(r.length).fill(false);
      const budget = new Map(hypCounts);
      ngramKeys(r, n).forEach((key, j) => {
        const left = budget.get(key) || 0;
        if (left > 0) {
          budget.set(key, left - 1);
          for (let t = j; t < j + n; t++) marks[t] = true;
        }
      });
      return { marks, counts: refCounts[k] };
    });
    orders.push({ n, keys: hypKeys, status, match, total: Math.max(0, hyp.length - n + 1), maxRef, hypCounts, refMarks });
  }
  return { sysLen: hyp.length, refLen: referenceLength(hyp.length, refs.map((r) => r.length), refLengthMode), orders };
}

// The reference length of the brevity penalty: the closest (shorter on a tie) or shortest.
function referenceLength(hypLength, lengths, mode) {
  if (!lengths.length) return 0;
  if (mode === "shortest") return Math.min(...lengths);
  let best = lengths[0];
  for (const length of lengths) {
    const d = Math.abs(length - hypLength);
    const bd = Math.abs(best - hypLength);
    if (d < bd || (d === bd && length < best)) best = length;
  }
  return best;
}

// Per token of the hypothesis: the best status of the order-n n-grams covering it.
function tokenStatus(order, length) {
  const rank = { miss: 0, clip: 1, match: 2 };
  const out = new Array(length).fill("miss");
  order.status.forEach((st, i) => {
    for (let t = i; t < i + order.n; t++) if (rank[st] > rank[out[t]]) out[t] = st;
  });
  return out;
}
