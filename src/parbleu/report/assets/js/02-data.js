// The report's data: the summary (JSON) and the segment container (deflate, 7 bits a
// character; see parbleu/report/payload.py for its layout and seven_bit_text).
function readOverview() {
  return JSON.parse(document.getElementById("pb-overview").textContent);
}

// The bytes of payload.py's seven_bit_text: "LENGTH:" and 7 bits a character; a character
// from U+0100 is an escaped value (ESCAPED[index]) and the 7 bits after it.
const ESCAPED = [0, 10, 13, 60];

function sevenBitBytes(text) {
  const colon = text.indexOf(":");
  const length = Number(text.slice(0, colon));
  const out = new Uint8Array(length);
  let acc = 0;
  let bits = 0;
  let o = 0;
  const push = (v) => {
    acc = ((acc << 7) | v) & 0x7fff;
    bits += 7;
    if (bits >= 8) { bits -= 8; if (o < length) out[o++] = (acc >> bits) & 255; }
  };
  for (let i = colon + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) { push(c); continue; }
    const k = c - 0x100;
    push(ESCAPED[k >> 7]);
    push(k & 127);
  }
  if (o !== length) throw new Error("the segment data is shorter than its stated length");
  return out;
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Response(stream).arrayBuffer();
}

const ARRAY_TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array };

function parseContainer(buffer) {
  const bytes = new Uint8Array(buffer);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== "PBR1") throw new Error("the segment data is not a parbleu report container");
  const headLength = new DataView(buffer).getUint32(4, true);
  const decoder = new TextDecoder("utf-8");
  const header = JSON.parse(decoder.decode(bytes.subarray(8, 8 + headLength)));
  const base = Math.ceil((8 + headLength) / 8) * 8;
  const section = (name) => {
    const entry = header.sections[name];
    if (!entry) return null;
    const [offset, length, kind, layout] = entry;
    const start = base + offset;
    if (kind === "utf8") return decoder.decode(bytes.subarray(start, start + length));
    if (kind === "json") return JSON.parse(decoder.decode(bytes.subarray(start, start + length)));
    const type = ARRAY_TYPES[kind];
    if (layout !== "planes") return new type(buffer, start, length / type.BYTES_PER_ELEMENT);
    // Byte planes (payload.py): byte b of number i is at start + b * count + i.
    const width = type.BYTES_PER_ELEMENT;
    const count = length / width;
    const out = new Uint8Array(length);
    for (let b = 0; b < width; b++) {
      const plane = start + b * count;
      for (let i = 0; i < count; i++) out[i * width + b] = bytes[plane + i];
    }
    return new type(out.buffer);
  };
  const kind = (name) => (header.sections[name] ? header.sections[name][2] : null);
  return { header, section, kind };
}

function prefixSums(values) {
  const out = new Float64Array(values.length + 1);
  for (let i = 0; i < values.length; i++) out[i + 1] = out[i] + values[i];
  return out;
}

class TokenLayout {
  constructor(container, name, whitespace) {
    this.splits = container.section(`${name}/splits`);
    this.deltas = container.section(`${name}/deltas`);
    this.counts = container.section(`${name}/counts`);
    this.explicit = container.section(`${name}/explicit`) || {};
    this.lower = container.section(`${name}/lowercase`) || {};
    this.lowercase = Object.keys(this.lower).length > 0;
    this.first = prefixSums(this.splits);
    this.whitespace = whitespace;
  }

  // The tokens of token row `row` whose text is `line`: [{t, s, e}] with UTF-16 offsets
  // into the line (s = e = -1 where the tokens are stored explicitly).
  tokens(row, line) {
    const stored = this.explicit[row];
    if (stored !== undefined) {
      return { explicit: true, list: stored === "" ? [] : stored.split(" ").map((t) => ({ t, s: -1, e: -1 })) };
    }
    const from = this.first[row];
    const count = this.splits[row];
    const splits = [];
    let at = 0;
    for (let k = 0; k < count; k++) { at += this.deltas[from + k]; splits.push(at); }
    const list = [];
    let start = -1;
    let next = 0;
    for (let i = 0; i < line.length; i++) {
      if (this.whitespace.has(line.charCodeAt(i))) {
        if (start >= 0) { list.push(this.token(line, start, i)); start = -1; }
        continue;
      }
      if (start < 0) { start = i; continue; }
      if (next < splits.length && splits[next] === i) {
        list.push(this.token(line, start, i));
        start = i;
        next++;
      }
    }
    if (start >= 0) list.push(this.token(line, start, line.length));
    return { explicit: false, list };
  }

  token(line, s, e) {
    let t = line.slice(s, e);
    if (this.lowercase) t = lowerWith(this.lower, t);
    return { t, s, e };
  }
}

function lowerWith(table, text) {
  let out = "";
  for (const ch of text) out += table[ch] !== undefined ? table[ch] : ch;
  return out;
}

class ReportData {
  constructor(overview, container) {
    const head = container.header;
    this.ov = overview;
    this.container = container;
    this.n = head.n_segments;
    this.K = head.n_references;
    this.S = head.n_systems;
    this.hasSource = head.has_source;
    this.R = (this.hasSource ? 1 : 0) + this.K + this.S;
    this.W = this.K + this.S;
    this.whitespace = new Set(head.whitespace);
    this.words = head.words;
    this.text = container.section("text");
    this.starts = prefixSums(container.section("text/lengths"));
    if (this.starts[this.starts.length - 1] !== this.text.length) {
      throw new Error("the segment text does not have the stored length");
    }
    this.present = container.section("references/present");
    this.tokens = { words: new TokenLayout(container, "tokens/words", this.whitespace) };
    if (head.sections["tokens/edits/splits"]) this.tokens.edits = new TokenLayout(container, "tokens/edits", this.whitespace);
    this.scores = {};
    for (const metric of overview.metrics) {
      const name = `scores/${metric.key}`;
      this.scores[metric.key] = { values: container.section(name), fixed: container.kind(name) === "i32", decimals: metric.decimals };
    }
    this.docIndex = container.section("documents/index");
    this.docScores = {};
    if (this.docIndex) {
      for (const metric of overview.metrics) {
        const name = `documents/${metric.key}`;
        this.docScores[metric.key] = { values: container.section(name), fixed: container.kind(name) === "i32", decimals: metric.decimals };
      }
    }
    this.lowerTable = container.section("characters/lowercase");
    this.lowerExceptions = container.section("characters/exceptions") || {};
    this.lowerText = null;
    this.lowerKeepsOffsets = false;
  }

  row(seg, offset) { return seg * this.R + offset; }
  line(row) { return this.text.slice(this.starts[row], this.starts[row + 1]); }
  source(seg) { return this.hasSource ? this.line(this.row(seg, 0)) : null; }
  refPresent(seg, k) { return this.present[seg * this.K + k] === 1; }
  ref(seg, k) { return this.refPresent(seg, k) ? this.line(this.row(seg, (this.hasSource ? 1 : 0) + k)) : null; }
  hyp(seg, s) { return this.line(this.row(seg, (this.hasSource ? 1 : 0) + this.K + s)); }
  refTokenRow(seg, k) { return seg * this.W + k; }
  hypTokenRow(seg, s) { return seg * this.W + this.K + s; }

  refTokens(seg, k, scheme = "words") {
    const line = this.ref(seg, k);
    return line === null ? null : this.tokens[scheme].tokens(this.refTokenRow(seg, k), line);
  }
  hypTokens(seg, s, scheme = "words") {
    return this.tokens[scheme].tokens(this.hypTokenRow(seg, s), this.hyp(seg, s));
  }
  refLength(seg) {
    for (let k = 0; k < this.K; k++) if (this.refPresent(seg, k)) return this.tokens.words.counts[this.refTokenRow(seg, k)];
    return 0;
  }
  hypLength(seg, s) { return this.tokens.words.counts[this.hypTokenRow(seg, s)]; }

  // A segment score: fixed-point units (integers) or a float; MISSING/NaN where none.
  rawScore(key, s, seg) { return this.scores[key].values[s * this.n + seg]; }
  scoreValue(key, s, seg) {
    const entry = this.scores[key];
    const v = entry.values[s * this.n + seg];
    if (entry.fixed) return v === MISSING ? NaN : v / 10 ** entry.decimals;
    return v;
  }
  scoreText(key, s, seg) {
    const entry = this.scores[key];
    const v = entry.values[s * this.n + seg];
    return entry.fixed ? fmtFixed(v, entry.decimals) : fmt(v, entry.decimals);
  }
  docScoreText(key, s, doc, nDocs) {
    const entry = this.docScores[key];
    const v = entry.values[s * nDocs + doc];
    return entry.fixed ? fmtFixed(v, entry.decimals) : fmt(v, entry.decimals);
  }
  docScoreValue(key, s, doc, nDocs) {
    const entry = this.docScores[key];
    const v = entry.values[s * nDocs + doc];
    return entry.fixed ? (v === MISSING ? NaN : v / 10 ** entry.decimals) : v;
  }

  // The text lowercased (where that keeps every offset; else the text as it is).
  lowered() {
    if (this.lowerText === null) {
      const lowered = this.text.toLowerCase();
      this.lowerKeepsOffsets = lowered.length === this.text.length;
      this.lowerText = this.lowerKeepsOffsets ? lowered : this.text;
    }
    return this.lowerText;
  }

  // Segments whose chosen rows contain `query`: a Uint8Array of 0/1 per segment.
  search(query, caseSensitive, rowAllowed) {
    const hits = new Uint8Array(this.n);
    if (!query) return hits.fill(1);
    let hay = this.text;
    let needle = query;
    if (!caseSensitive) {
      hay = this.lowered();
      // Comparing the strings would not do: a text without capitals lowers to itself.
      needle = this.lowerKeepsOffsets ? query.toLowerCase() : query;
    }
    const starts = this.starts;
    let pos = hay.indexOf(needle);
    while (pos >= 0) {
      let lo = 0;
      let hi = starts.length - 1;
      while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (starts[mid] <= pos) lo = mid; else hi = mid; }
      const row = lo;
      const end = starts[row + 1];
      if (!rowAllowed(row % this.R)) { pos = hay.indexOf(needle, end); continue; }
      if (pos + needle.length > end) { pos = hay.indexOf(needle, pos + 1); continue; }
      const seg = Math.floor(row / this.R);
      hits[seg] = 1;
      if (seg + 1 >= this.n) break;
      pos = hay.indexOf(needle, starts[(seg + 1) * this.R]);
    }
    return hits;
  }
}

// Decoding and inflating run in a Web Worker made from these functions, so that the page
// answers while 100,000 segments load; both results come back transferred, not copied.
const UNPACK_WORKER_SOURCE = [
  '"use strict";',
  `const ESCAPED = ${JSON.stringify(ESCAPED)};`,
  ...[sevenBitBytes, inflate].map(String),
  "onmessage = async (event) => { const packed = sevenBitBytes(event.data); const buffer = await inflate(packed);",
  "  postMessage({ packed, buffer }, [packed.buffer, buffer]); };",
].join("\n");

// Runs `source` in a Web Worker made from a Blob of the page's own code and posts it
// `message`; resolves with the first answer for which `final(answer)` holds, passing the others
// to `other` (progress). Null where the browser refuses workers (the caller computes in the page).
function runWorker(source, message, final = () => true, other = () => {}) {
  let url = null;
  let worker;
  try {
    url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    worker = new Worker(url);
  } catch (error) {
    if (url !== null) URL.revokeObjectURL(url);
    return null;
  }
  return new Promise((resolve, reject) => {
    const done = () => { URL.revokeObjectURL(url); worker.terminate(); };
    worker.onmessage = (event) => { if (final(event.data)) { done(); resolve(event.data); } else other(event.data); };
    worker.onerror = (event) => { event.preventDefault(); done(); reject(new Error(event.message || "a worker of the page failed")); };
    worker.postMessage(message);
  });
}

// The deflated container and the inflated one, from the page's 7-bit text.
async function unpack(text) {
  const job = runWorker(UNPACK_WORKER_SOURCE, text);
  if (job !== null) return job;
  const packed = sevenBitBytes(text);
  return { packed, buffer: await inflate(packed) };
}

async function loadSegments(overview) {
  const { packed, buffer } = await unpack(document.getElementById("pb-segments").textContent);
  const data = new ReportData(overview, parseContainer(buffer));
  data.packed = packed; // the deflated container, for workers that read it themselves
  return data;
}
