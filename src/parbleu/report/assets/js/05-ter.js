// TER (Snover et al. 2006) of one hypothesis against one reference, move for move as
// sacreBLEU 2.6.0's lib_ter.py (after tercom) makes it: greedy block shifts while they lower
// the beam edit distance, then the edit operations of the shifted hypothesis. The edit count
// equals parbleu's TER statistics for the segment (fewest edits over the references).
const TER_MAX_SHIFT_SIZE = 10;
const TER_MAX_SHIFT_DIST = 50;
const TER_BEAM_WIDTH = 25;
const TER_MAX_CANDIDATES = 1000;
const TER_INFINITY = 1e16;

// Edit distance within sacreBLEU's beam; ops: " " match, "s" substitution, "d" hypothesis
// word deleted, "i" reference word inserted (sacreBLEU's names before its trace flip).
function terDistance(hyp, ref) {
  const n = hyp.length;
  const m = ref.length;
  const cost = [];
  const ops = [];
  cost.push(Array.from({ length: m + 1 }, (_, j) => j));
  ops.push(Array.from({ length: m + 1 }, () => "i"));
  for (let i = 1; i <= n; i++) {
    cost.push(new Array(m + 1).fill(TER_INFINITY));
    ops.push(new Array(m + 1).fill("x"));
  }
  const ratio = n ? m / n : 1;
  const beam = TER_BEAM_WIDTH < ratio / 2 ? Math.ceil(ratio / 2 + TER_BEAM_WIDTH) : TER_BEAM_WIDTH;
  for (let i = 1; i <= n; i++) {
    const diagonal = Math.floor(i * ratio);
    const lo = Math.max(0, diagonal - beam);
    const hi = i === n ? m + 1 : Math.min(m + 1, diagonal + beam);
    for (let j = lo; j < hi; j++) {
      if (j === 0) { cost[i][j] = cost[i - 1][j] + 1; ops[i][j] = "d"; continue; }
      const same = hyp[i - 1] === ref[j - 1];
      const candidates = [
        [cost[i - 1][j - 1] + (same ? 0 : 1), same ? " " : "s"],
        [cost[i - 1][j] + 1, "d"],
        [cost[i][j - 1] + 1, "i"],
      ];
      for (const [c, op] of candidates) if (cost[i][j] > c) { cost[i][j] = c; ops[i][j] = op; }
    }
  }
  let trace = "";
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const op = ops[i][j];
    trace = op + trace;
    if (op === " " || op === "s") { i--; j--; } else if (op === "i") j--; else if (op === "d") i--;
    else throw new Error("TER trace left the beam");
  }
  return { distance: cost[n][m], trace };
}

function terAlignment(trace) {
  const flipped = trace.replace(/[id]/g, (op) => (op === "i" ? "d" : "i"));
  let h = -1;
  let r = -1;
  const hypErr = [];
  const refErr = [];
  const align = new Map();
  for (const op of flipped) {
    if (op === " " || op === "s") {
      h++; r++; align.set(r, h);
      const e = op === "s" ? 1 : 0;
      hypErr.push(e); refErr.push(e);
    } else if (op === "i") { h++; hypErr.push(1); } else { r++; align.set(r, h); refErr.push(1); }
  }
  return { align, hypErr, refErr };
}

function terPerformShift(words, start, length, target) {
  if (target < start) return [...words.slice(0, target), ...words.slice(start, start + length), ...words.slice(target, start), ...words.slice(start + length)];
  if (target > start + length) return [...words.slice(0, start), ...words.slice(start + length, target), ...words.slice(start, start + length), ...words.slice(target)];
  return [...words.slice(0, start), ...words.slice(start + length, length + target), ...words.slice(start, start + length), ...words.slice(length + target)];
}

function* terShiftedPairs(hyp, ref) {
  for (let sh = 0; sh < hyp.length; sh++) {
    for (let sr = 0; sr < ref.length; sr++) {
      if (Math.abs(sr - sh) > TER_MAX_SHIFT_DIST) continue;
      let length = 0;
      while (hyp[sh + length] === ref[sr + length] && length < TER_MAX_SHIFT_SIZE) {
        length++;
        yield [sh, sr, length];
        if (hyp.length === sh + length || ref.length === sr + length) break;
      }
    }
  }
}

function sum(values, from, to) {
  let s = 0;
  for (let i = from; i < Math.min(to, values.length); i++) s += values[i];
  return s;
}

function compareCandidates(a, b) {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i] > b[i] ? 1 : -1;
  return 0;
}

function terShift(words, ref, checked) {
  const { distance: before, trace } = terDistance(words, ref);
  const { align, hypErr, refErr } = terAlignment(trace);
  let best = null;
  for (const [sh, sr, length] of terShiftedPairs(words, ref)) {
    if (sum(hypErr, sh, sh + length) === 0) continue;
    if (sum(refErr, sr, sr + length) === 0) continue;
    if (sh <= align.get(sr) && align.get(sr) < sh + length) continue;
    let previous = -1;
    for (let offset = -1; offset < length; offset++) {
      let target;
      if (sr + offset === -1) target = 0;
      else if (align.has(sr + offset)) target = align.get(sr + offset) + 1;
      else break;
      if (target === previous) continue;
      previous = target;
      const shifted = terPerformShift(words, sh, length, target);
      const candidate = [before - terDistance(shifted, ref).distance, length, -sh, -target, shifted, [sh, length, target]];
      checked++;
      if (best === null || compareCandidates(candidate, best) > 0) best = candidate;
    }
    if (checked >= TER_MAX_CANDIDATES) break;
  }
  if (best === null) return { gain: 0, words, checked, move: null };
  return { gain: best[0], words: best[4], checked, move: best[5] };
}

// Words are carried as {w, origin} so that the display can show where each one came from.
function terEdits(hyp, ref) {
  if (ref.length === 0) return { edits: hyp.length, shifts: [], ops: hyp.map((w, i) => ({ op: "D", h: w, hi: i })), final: hyp.map((w, i) => ({ w, origin: i })) };
  let words = hyp.map((w, i) => ({ w, origin: i }));
  const plain = (list) => list.map((x) => x.w);
  const shifts = [];
  let checked = 0;
  for (;;) {
    const step = terShift(plain(words), ref, checked);
    checked = step.checked;
    if (checked >= TER_MAX_CANDIDATES) break;
    if (step.gain <= 0) break;
    const [start, length, target] = step.move;
    shifts.push({ words: plain(words.slice(start, start + length)), origins: words.slice(start, start + length).map((x) => x.origin), from: start, to: target });
    words = terPerformShift(words, start, length, target);
  }
  const { distance, trace } = terDistance(plain(words), ref);
  const ops = [];
  let h = 0;
  let r = 0;
  for (const op of trace) {
    if (op === " " || op === "s") { ops.push({ op: op === " " ? "=" : "S", h: words[h].w, hi: words[h].origin, r: ref[r] }); h++; r++; }
    else if (op === "d") { ops.push({ op: "D", h: words[h].w, hi: words[h].origin }); h++; }
    else { ops.push({ op: "I", r: ref[r] }); r++; }
  }
  return { edits: shifts.length + distance, shifts, ops, final: words };
}

// The fewest edits over the present references (the first one on a tie), as TER counts them.
function terBest(hyp, refs) {
  let best = null;
  refs.forEach((ref, k) => {
    if (ref === null) return;
    const result = terEdits(hyp, ref);
    if (best === null || result.edits < best.result.edits) best = { k, result };
  });
  return best;
}

// The page aligns a hypothesis with a reference only up to this many pairs of words (the
// product of their lengths): the search above tries up to 1000 shifts, each an edit
// distance over that many cells, so the limit bounds the work at about a second of a
// worker (3,000 words against 3,000 took 271 s, 1,000 against 1,000 12 to 17 s). Longer
// segments keep their TER score (parbleu's statistics); only the edit-by-edit view is left out.
const TER_PAGE_MAX_CELLS = 40000;

function terTooLong(hyp, refs) {
  return refs.some((ref) => ref !== null && hyp.length * ref.length > TER_PAGE_MAX_CELLS);
}

// The search runs in a Web Worker, off the page's thread, so that the page answers clicks
// and keys while it runs. The worker is made from this file's own functions.
const TER_WORKER_SOURCE = [
  '"use strict";',
  `const TER_MAX_SHIFT_SIZE = ${TER_MAX_SHIFT_SIZE};`,
  `const TER_MAX_SHIFT_DIST = ${TER_MAX_SHIFT_DIST};`,
  `const TER_BEAM_WIDTH = ${TER_BEAM_WIDTH};`,
  `const TER_MAX_CANDIDATES = ${TER_MAX_CANDIDATES};`,
  `const TER_INFINITY = ${TER_INFINITY};`,
  ...[terDistance, terAlignment, terPerformShift, terShiftedPairs, sum, compareCandidates, terShift, terEdits, terBest].map(String),
  "onmessage = (event) => postMessage(event.data.map((job) => terBest(job.hyp, job.refs)));",
].join("\n");

let terWorker = null; // the worker aligning the segment on screen, while it works

// terBest of each job ({hyp, refs}), computed in a worker. A new call ends the worker of
// the previous one (whose segment or view is no longer shown): its promise never settles.
// Where the browser refuses workers, the jobs are computed here (they are within the limit).
function terAlign(jobs) {
  if (terWorker !== null) terWorker.terminate();
  terWorker = null;
  let url = null;
  let worker;
  try {
    url = URL.createObjectURL(new Blob([TER_WORKER_SOURCE], { type: "text/javascript" }));
    worker = new Worker(url);
  } catch (error) {
    if (url !== null) URL.revokeObjectURL(url);
    return Promise.resolve(jobs.map((job) => terBest(job.hyp, job.refs)));
  }
  terWorker = worker;
  return new Promise((resolve, reject) => {
    const done = () => {
      URL.revokeObjectURL(url);
      worker.terminate();
      if (terWorker === worker) terWorker = null;
    };
    worker.onmessage = (event) => { done(); resolve(event.data); };
    worker.onerror = (event) => { event.preventDefault(); done(); reject(new Error(event.message || "the TER worker failed")); };
    worker.postMessage(jobs);
  });
}
