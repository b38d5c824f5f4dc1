"""``-d/--detail``: the score of each original language (and domain) of a test set apart.

As sacreBLEU 2.6.0's ``utils.print_subset_results`` prints it after the corpus score: for
each original language of the test set (sorted), the segments of that language, then those
of each domain (the ``domain`` field; for wmt18 and wmt19 each country, ``country:US``, and
each domain of sacreBLEU's annotations) or of ``--subset``, each scored as a corpus of its
own (its references prepared again, as sacreBLEU's ``corpus_score(system, refs)`` does), one
line per metric::

    origlang=de domain=ALL : sentences=1500   BLEU = 20.3

Two differences: with ``--origlang`` the breakdown covers that language (sacreBLEU iterates
over the characters of the option's value and fails), and the segments are those ``-t``,
``--origlang`` and ``--subset`` selected (sacreBLEU uses the whole test set). A local
test-set file (``--test-set-file``) is broken down the same way by its own original
languages and domains (`breakdown_lines`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from parbleu.cli.testsets.context import TestSetContext
from parbleu.cli.testsets.options import TestSetRequest
from parbleu.cli.testsets.selection import domains, kept_segments, opened_pairs
from parbleu.metrics.base import AnyMetric

__all__ = ["breakdown_lines", "detail_lines"]

#: What sacreBLEU prints when it finds no original languages (reference files, for one).
_NO_SUBSETS = "No subset information found. Consider using --origlang argument."


def _metadata(
    request: TestSetRequest, context: TestSetContext
) -> tuple[list[str], list[str | None], list[str]]:
    """Original language and domain of every segment of ``-t``, and the subsets to show."""
    origlang: list[str] = []
    domain: list[str | None] = []
    subsets: set[str] = set()
    for opened in opened_pairs(request, context):
        languages = opened.lines("origlang") if "origlang" in opened.fields() else []
        origlang.extend(languages)
        domain.extend(domains(opened)[: len(languages)])
        annotations = opened.test_set.subsets if opened.test_set is not None else None
        if annotations is not None:  # sacreBLEU's countries and domains of wmt18/wmt19
            subsets |= {f"country:{v.split('-')[0]}" for v in annotations.values()}
            subsets |= {v.split("-")[1] for v in annotations.values()}
        else:
            subsets |= {d for d in domain if d}
    return origlang, domain, sorted(subsets)


def _keeps(language: str, lang: str) -> bool:
    return lang != language[4:] if language.startswith("non-") else lang == language


def _groups(
    request: TestSetRequest,
    origlang: Sequence[str],
    domain: Sequence[str | None],
    available: Sequence[str],
) -> dict[str, list[int]]:
    """The segments of each line of the breakdown, by its label."""
    languages = [request.origlang] if request.origlang else sorted(set(origlang))
    subsets: list[str | None] = [None]
    subsets += [request.subset] if request.subset is not None else list(available)
    groups: dict[str, list[int]] = {}
    for language in languages:
        for subset in subsets:
            pattern = None if subset is None else re.compile(subset.removeprefix("country:"))
            chosen = [
                i
                for i, (lang, dom) in enumerate(zip(origlang, domain, strict=True))
                if _keeps(language, lang)
                and (pattern is None or (dom is not None and pattern.search(dom)))
            ]
            if not chosen:
                continue
            label = "domain=ALL" if subset is None else f"domain={subset}"
            if subset is not None and subset.startswith("country:"):
                label = f"country={subset[8:]}"
            groups[f"origlang={language} {label}"] = chosen
    return groups


def detail_lines(
    request: TestSetRequest, context: TestSetContext, metrics: Sequence[AnyMetric], inputs: Any
) -> list[str]:
    """The breakdown's lines for one system (``inputs.systems[0]``)."""
    if not request.test_set:  # sacreBLEU's answer for reference files
        return [_NO_SUBSETS]
    origlang, domain, available = _metadata(request, context)
    keep = kept_segments(request, context, len(origlang))
    if keep is not None:
        origlang = [origlang[i] for i in keep]
        domain = [domain[i] for i in keep]
    return breakdown_lines(request, origlang, domain, metrics, inputs, available=available)


def breakdown_lines(
    request: TestSetRequest,
    origlang: Sequence[str],
    domain: Sequence[str | None],
    metrics: Sequence[AnyMetric],
    inputs: Any,
    *,
    available: Sequence[str] | None = None,
) -> list[str]:
    """The breakdown of the segments of `inputs` by their original language and domain.

    `origlang` and `domain` are those of the segments scored (a local test-set file's, or
    those ``-t`` selected); `available` the subsets to show (default: the domains found).
    """
    if available is None:
        available = sorted({d for d in domain if d})
    groups = _groups(request, origlang, domain, available)
    if not groups:
        return [_NO_SUBSETS]
    system, refs = inputs.systems[0], inputs.refs
    rows = []
    for label, chosen in groups.items():
        subset_refs = [[stream[i] for i in chosen] for stream in refs]
        for metric in metrics:
            score = metric.with_references(subset_refs).corpus_score([system[i] for i in chosen])
            rows.append((label, len(chosen), score))
    left = max(len(label) for label, _, _ in rows) + 1
    name = max(len(score.name) for _, _, score in rows[: len(metrics)])
    return [
        f"{label:<{left}}: sentences={n:<6} {score.name:<{name}} = {score.score:.{request.width}f}"
        for label, n, score in rows
    ]
