"""``-d/--detail``: the score of each original language (and domain) of a test set apart.

As sacreBLEU 2.6.0's ``utils.print_subset_results`` prints it after the corpus score: for
each original language of the test set (sorted), the segments of that language, then those
of each domain (WMT XML test sets with a ``domain`` attribute) or of ``--subset``, each
scored as a corpus of its own (its references prepared again, as sacreBLEU's
``corpus_score(system, refs)`` does), one line per metric::

    origlang=de domain=ALL : sentences=1500   BLEU = 20.3

Two differences: with ``--origlang`` the breakdown covers that language (sacreBLEU iterates
over the characters of the option's value and fails), and the segments are those ``-t``,
``--origlang`` and ``--subset`` selected (sacreBLEU uses the whole test set).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from parbleu.cli.testsets.cache import SacrebleuCache
from parbleu.cli.testsets.options import TestSetRequest
from parbleu.cli.testsets.registry import RawFormat
from parbleu.cli.testsets.selection import cached_pairs, kept_segments
from parbleu.metrics.base import AnyMetric

__all__ = ["breakdown_lines", "detail_lines"]

#: What sacreBLEU prints when it finds no original languages (reference files, for one).
_NO_SUBSETS = "No subset information found. Consider using --origlang argument."


def _metadata(request: TestSetRequest, cache: SacrebleuCache) -> tuple[list[str], list[str | None]]:
    """Original language and domain of every segment of ``-t``, before selection."""
    origlang: list[str] = []
    domain: list[str | None] = []
    for cached in cached_pairs(request, cache):
        languages = cached.lines("origlang")
        origlang.extend(languages)
        has_domain = cached.test_set.raw_format is RawFormat.WMT_XML and "domain" in cached.fields()
        domain.extend(cached.lines("domain") if has_domain else [None] * len(languages))
    return origlang, domain


def _groups(
    request: TestSetRequest, origlang: Sequence[str], domain: Sequence[str | None]
) -> dict[str, list[int]]:
    """The segments of each line of the breakdown, by its label."""
    languages = [request.origlang] if request.origlang else sorted(set(origlang))
    subsets: list[str | None] = [None]
    subsets += [request.subset] if request.subset is not None else sorted({d for d in domain if d})
    groups: dict[str, list[int]] = {}
    for language in languages:
        for subset in subsets:
            pattern = None if subset is None else re.compile(subset.removeprefix("country:"))
            chosen = [
                i
                for i, (lang, dom) in enumerate(zip(origlang, domain, strict=True))
                if (lang != language[4:] if language.startswith("non-") else lang == language)
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
    request: TestSetRequest,
    cache: SacrebleuCache,
    metrics: Sequence[AnyMetric],
    inputs: Any,
    *,
    width: int,
) -> list[str]:
    """The breakdown's lines for one system (``inputs.systems[0]``)."""
    if not request.test_set:  # sacreBLEU's answer for reference files
        return [_NO_SUBSETS]
    origlang, domain = _metadata(request, cache)
    keep = kept_segments(request, cache, len(origlang))
    if keep is not None:
        origlang = [origlang[i] for i in keep]
        domain = [domain[i] for i in keep]
    return breakdown_lines(request, origlang, domain, metrics, inputs, width=width)


def breakdown_lines(
    request: TestSetRequest,
    origlang: Sequence[str],
    domain: Sequence[str | None],
    metrics: Sequence[AnyMetric],
    inputs: Any,
    *,
    width: int,
) -> list[str]:
    """The breakdown of the segments of `inputs` by their original language and domain.

    `origlang` and `domain` are those of the segments scored (a local test-set file's, or
    those ``-t`` selected).
    """
    groups = _groups(request, origlang, domain)
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
        f"{label:<{left}}: sentences={n:<6} {score.name:<{name}} = {score.score:.{width}f}"
        for label, n, score in rows
    ]
