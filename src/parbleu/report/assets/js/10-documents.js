// Documents: every document's score per system (the metric over the document's segments),
// sortable, with a chart of the documents in the table's order; a document opens in the
// segment browser.
class DocumentsView {
  constructor(app) { this.app = app; this.sort = { column: -1, descending: false }; }

  render(panel) {
    const { ov, data, state } = this.app;
    const docs = ov.documents;
    const m = ov.metrics.find((x) => x.key === state.metric);
    const nDocs = docs.labels.length;
    const order = Array.from({ length: nDocs }, (_, k) => k);
    const { column, descending } = this.sort;
    if (column === -2) order.sort((x, y) => docs.counts[x] - docs.counts[y] || x - y);
    else if (column >= 0) {
      order.sort((x, y) => {
        const vx = data.docScoreValue(m.key, column, x, nDocs);
        const vy = data.docScoreValue(m.key, column, y, nDocs);
        return (vx === vy ? 0 : vx < vy ? -1 : 1) || x - y;
      });
    }
    if (descending) order.reverse();
    const header = (label, id) => h("th", { class: "num", scope: "col" }, h("button", { type: "button",
      "aria-sort": column === id ? (descending ? "descending" : "ascending") : "none",
      onclick: () => { this.sort = { column: id, descending: column === id ? !descending : true }; this.render(panel); } }, label));
    const metricSelect = h("select", { "aria-label": "metric", id: "pb-doc-metric" }, ov.metrics.map((x) => h("option", { value: x.key }, x.label)));
    metricSelect.value = state.metric;
    metricSelect.addEventListener("change", () => this.app.setState({ metric: metricSelect.value }));
    put(panel, 
      h("div", { class: "controls" }, h("label", null, "metric ", metricSelect), h("span", { class: "badge" }, `${nDocs} documents`)),
      documentChart(data, m, order, nDocs, ov.systems),
      systemLegend(ov.systems, "pb-document-legend"),
      h("table", { class: "stats", id: "pb-documents" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, "document"), header("segments", -2), ov.systems.map((name, s) => header(name, s)))),
        h("tbody", null, order.map((k) => h("tr", { "data-document": k },
          h("th", { scope: "row" }, h("button", { type: "button", onclick: () => this.app.openDocument(k) }, docs.labels[k])),
          h("td", { class: "num" }, String(docs.counts[k])),
          ov.systems.map((_, s) => h("td", { class: "num" }, data.docScoreText(m.key, s, k, nDocs))))))));
  }
}
