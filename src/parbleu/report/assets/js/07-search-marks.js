// Why a row of the segment list matched the search: the field that holds the query, and
// the match marked in it.

// Where `query` starts in `line` (-1: nowhere), ignoring case as the search does: by
// lowercasing, where that keeps every offset.
function findText(line, query, caseSensitive) {
  if (!caseSensitive) {
    const lowered = line.toLowerCase();
    if (lowered.length === line.length) return lowered.indexOf(query.toLowerCase());
  }
  return line.indexOf(query);
}

// The fields a search looks in, A's output first: [label, field, text].
function searchFields(browser, seg) {
  const d = browser.d;
  const field = browser.inputs.field.value;
  const out = [];
  const take = (name) => field === "all" || field === name;
  if (take("a")) out.push([null, "a", d.hyp(seg, browser.a)]);
  if (take("source") && d.hasSource) out.push(["source", "source", d.source(seg)]);
  if (take("refs")) for (let k = 0; k < d.K; k++) if (d.refPresent(seg, k)) out.push([browser.ov.references[k], "ref", d.ref(seg, k)]);
  if (take("b") && browser.b !== browser.a) out.push([`B: ${browser.ov.systems[browser.b]}`, "b", d.hyp(seg, browser.b)]);
  if (field === "all") browser.ov.systems.forEach((name, s) => { if (s !== browser.a && s !== browser.b) out.push([name, "system", d.hyp(seg, s)]); });
  return out;
}

// Why a row matched the search: the first field holding the query, named unless it is A's
// output, with the match marked (and the text before it cut, so that the match shows);
// [nodes, the whole line as a tooltip].
function matchedText(browser, seg) {
  const query = browser.inputs.query.value;
  const own = browser.d.hyp(seg, browser.a);
  if (!query) return [own, own];
  const caseSensitive = browser.inputs.caseSensitive.checked;
  for (const [label, field, line] of searchFields(browser, seg)) {
    const at = findText(line, query, caseSensitive);
    if (at < 0) continue;
    const from = at > 12 ? at - 8 : 0;
    return [[label ? h("span", { class: "why", "data-field": field }, label) : null, from ? "…" : "",
      line.slice(from, at), h("mark", { class: "hit" }, line.slice(at, at + query.length)), line.slice(at + query.length)],
    label ? `${label}: ${line}` : line];
  }
  return [own, own];
}
