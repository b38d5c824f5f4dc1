"""Several ROUGE variants scored together on one tokenization (ROUGE-1, -2, -L, -Lsum).

rouge_score's ``RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"])`` tokenizes each pair
once for all the variants it is asked for; so does `RougeFamily`: references are prepared once
(n-grams counted up to the largest N) and each system's hypotheses are encoded once, then
every variant counts on the same token ids. Each variant is a `ROUGE` metric of its own, with
its own statistics, so significance tests and ``parbleu meta`` take them one by one.

    >>> from parbleu.metrics.rouge.family import RougeFamily
    >>> family = RougeFamily([["the cat sat on the mat"]], rouge_types=("rouge1", "rougeL"))
    >>> {name: round(s.fmeasure, 4) for name, s in family.corpus_score(["the cat sat"]).items()}
    {'rouge1': 0.6667, 'rougeL': 0.6667}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parbleu.errors import LengthMismatchError, OptionError
from parbleu.metrics.rouge.metric import ROUGE, RougeReferences, RougeTokens
from parbleu.metrics.rouge.options import RougeOptions, RougeVariant
from parbleu.metrics.rouge.result import RougeScore
from parbleu.options import options_from
from parbleu.references import check_hypotheses, resolve_references
from parbleu.stats import Stats

__all__ = ["DEFAULT_TYPES", "RougeFamily"]

#: The variants HF evaluate's ``rouge`` reports by default.
DEFAULT_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


class RougeFamily:
    """ROUGE variants with shared options, on references prepared once.

    Args:
        references: reference streams (K sequences of N strings), or ``ref_streams=`` /
            ``segment_refs=`` as for every metric.
        rouge_types: the variants, by rouge_score's names.
        **options: ``stem``, ``script``, ``multi_reference``, ``aggregate``, ``beta``, as
            for `ROUGE`.

    Raises:
        OptionError: no variants, a variant named twice, or an invalid option.
    """

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        rouge_types: Sequence[str] = DEFAULT_TYPES,
        **options: Any,
    ) -> None:
        if isinstance(rouge_types, str) or not rouge_types:
            raise OptionError(
                f"rouge_types must be a non-empty list of names; got {rouge_types!r}",
                option="rouge_types",
                expected="a non-empty list of names",
                received=rouge_types,
            )
        if len(set(rouge_types)) != len(rouge_types):
            raise OptionError(
                f"rouge_types names a variant twice: {list(rouge_types)}",
                option="rouge_types",
                expected="distinct names",
                received=list(rouge_types),
            )
        if "rouge_type" in options:
            raise OptionError(
                "RougeFamily takes rouge_types=, not rouge_type=", option="rouge_type"
            )
        variants = {
            name: options_from(RougeOptions, None, {**options, "rouge_type": name}, "RougeFamily")
            for name in rouge_types
        }
        first = next(iter(variants.values()))
        reference_set = resolve_references(
            _n_segments(references, ref_streams, segment_refs),
            references,
            ref_streams=ref_streams,
            segment_refs=segment_refs,
        )
        prepared = RougeReferences.build(
            reference_set,
            first.script,
            stem=first.stem,
            max_order=max(variant.order for variant in variants.values()),
            variants=[variant.variant for variant in variants.values()],
        )
        self.prepared = prepared
        self.metrics = {
            name: ROUGE(options=variant).with_prepared(prepared)
            for name, variant in variants.items()
        }

    def statistics(self, hypotheses: Sequence[str]) -> dict[str, Stats]:
        """Per-segment statistics of every variant, hypotheses encoded once."""
        lines = check_hypotheses(hypotheses)
        expected = self.prepared.references.n_segments
        if len(lines) != expected:
            raise LengthMismatchError(
                f"{len(lines)} hypotheses but the references have {expected} segments"
            )
        tokens = RougeTokens.encode(
            self.prepared.vocabulary,
            lines,
            sentences=any(
                m.options.variant is RougeVariant.SUMMARY_LCS for m in self.metrics.values()
            ),
        )
        return {
            name: metric.statistics_of_tokens(tokens, self.prepared)
            for name, metric in self.metrics.items()
        }

    def corpus_score(self, hypotheses: Sequence[str]) -> dict[str, RougeScore]:
        """The corpus score of every variant."""
        return {
            name: self.metrics[name].score_totals(self.metrics[name].corpus_totals(stats))
            for name, stats in self.statistics(hypotheses).items()
        }


def _n_segments(references: Any, ref_streams: Any, segment_refs: Any) -> int:
    """Segments the references imply (`resolve_references` then checks their shape)."""
    if segment_refs is not None:
        return len(segment_refs) if isinstance(segment_refs, Sequence) else 0
    streams = references if references is not None else ref_streams
    if isinstance(streams, Sequence) and streams and isinstance(streams[0], Sequence):
        return len(streams[0])
    return 0
