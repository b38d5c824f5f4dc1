"""The report's summary as plain JSON-ready values.

What the overview, documents, buckets and human views show. Everything here is computed
elsewhere in `parbleu.report`; this module only arranges it.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from parbleu._version import __version__
from parbleu.meta.thresholds import agreement_matrix
from parbleu.report.analysis import Groups, group_scores
from parbleu.report.human import HumanAgreement
from parbleu.report.inputs import ReportInputs
from parbleu.report.scoring import MetricColumn
from parbleu.report.significance import MetricTests

__all__ = ["overview"]


def _metric(column: MetricColumn, tests: MetricTests) -> dict[str, Any]:
    return {
        "key": column.key,
        "label": column.label,
        "title": column.title,
        "view": column.view,
        "higher_is_better": column.higher_is_better,
        "decimals": column.decimals,
        "percent": column.percent,
        "note": column.note,
        "signature": column.signature,
        "options": dict(column.options),
        "corpus": list(column.corpus),
        "estimates": [[e.mean, e.lower, e.upper] for e in tests.estimates],
        "p_bootstrap": [list(row) for row in tests.bootstrap_p],
        "p_randomization": list(tests.randomization_p),
        "human_agreement": agreement_matrix(column.signature, column.corpus),
        "order": list(tests.ranking.order),
        "cluster": list(tests.ranking.cluster),
        "ranges": [list(r) for r in tests.ranking.ranges],
    }


def _buckets(columns: tuple[MetricColumn, ...], groups: Groups) -> dict[str, Any]:
    return {
        "labels": list(groups.labels),
        "counts": groups.counts.tolist(),
        "scores": {c.key: group_scores(c, groups).tolist() for c in columns},
    }


def _human(agreement: HumanAgreement | None) -> dict[str, Any] | None:
    if agreement is None:
        return None
    system_level = []
    for correlation in agreement.system_level:
        fields = correlation.to_dict()
        fields.pop("bootstrap", None)
        system_level.append(fields)
    return {
        "label": agreement.label,
        "systems": list(agreement.systems),
        "human_only": list(agreement.human_only),
        "text_only": list(agreement.text_only),
        "scores": agreement.human_scores,
        "system_level": system_level,
        "segment_level": [a.to_dict() for a in agreement.segment_level],
        "note": agreement.note,
    }


def overview(
    inputs: ReportInputs,
    columns: tuple[MetricColumn, ...],
    tests: tuple[MetricTests, ...],
    *,
    lengths: Groups,
    documents: Groups | None,
    human: HumanAgreement | None,
    seed: int,
) -> dict[str, Any]:
    """Everything the report shows that is not per segment."""
    return {
        "title": inputs.title,
        "version": __version__,
        "n_segments": inputs.n_segments,
        "systems": list(inputs.system_names),
        "references": list(inputs.reference_names),
        "nrefs": str(inputs.references.nrefs),
        "has_source": inputs.source is not None,
        "baseline": inputs.baseline,
        "significance": {**asdict(inputs.significance), "seed": seed},
        "metrics": [_metric(c, t) for c, t in zip(columns, tests, strict=True)],
        "length_buckets": _buckets(columns, lengths),
        "documents": None
        if documents is None
        else {"labels": list(documents.labels), "counts": documents.counts.tolist()},
        "human": _human(human),
    }
