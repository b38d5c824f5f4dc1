"""sacreBLEU 2.6.0's ``Metric`` base class, run by parbleu's engine.

Each compat metric wraps one parbleu metric (its "engine": `parbleu.BLEU`, `parbleu.CHRF` or
`parbleu.TER`) built once from its options dataclass, with the references of the
constructor prepared once, as sacreBLEU caches them. ``corpus_score`` and ``sentence_score``
are the engine's (`parbleu.metrics.base.Metric.call_score`: a few segments take its
small-input path, more its batch path); ``n_bootstrap`` adds sacreBLEU's bootstrap estimate,
in its float32 arithmetic (`parbleu.significance.confidence_interval`).

sacreBLEU's internals, which real projects call (mbrs, TensorFlow Model Analysis, MATEO,
evaluate), are here with its exact layouts: ``_cache_references`` and ``_ref_cache``,
``_extract_corpus_statistics`` (per-segment statistics as lists, computed by the engine),
``_aggregate_and_compute`` and, per metric, ``_preprocess_segment``,
``_extract_reference_info``, ``_compute_segment_statistics`` and
``_compute_score_from_stats``. A ``_ref_cache`` assigned by the caller is honoured.

As in sacreBLEU, the metric remembers the number of references of its last computation
(``num_refs``, -1 for a variable number) and its last bootstrap run, for ``get_signature()``.
Unlike sacreBLEU, its options cannot be changed after construction (read-only properties),
and it refuses what sacreBLEU silently truncates (`parbleu.compat.truncation`).
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from parbleu.compat.metrics.score import Score
from parbleu.compat.metrics.signature import Signature
from parbleu.compat.sacrebleu_utils import sum_of_lists
from parbleu.compat.truncation import sacrebleu_pairs, truncation_allowed
from parbleu.errors import InputError, ReferenceShapeError
from parbleu.metrics.base import AnyMetric
from parbleu.references import ReferenceSet, check_hypotheses, resolve_references
from parbleu.significance import DEFAULT_SEED, confidence_interval
from parbleu.stats import Stats

__all__ = ["Metric", "Score", "Signature", "sacrelogger"]

#: sacreBLEU's logger name, so that code that configures it keeps working.
sacrelogger = logging.getLogger("sacrebleu")

#: The types of a sequence of strings (`Metric.sentence_score`'s usual references).
_ONLY_STR = {str}

#: sacreBLEU's ``num_refs`` for a variable number of references per segment.
VARIABLE_REFS = -1


def _nrefs_field(num_refs: int | str) -> int | str:
    """The signature's ``nrefs`` value of sacreBLEU's ``num_refs``."""
    return "var" if num_refs in (VARIABLE_REFS, "var") else num_refs


class Metric(ABC):
    """What sacreBLEU's BLEU, CHRF and TER share: caching, corpus and sentence scores."""

    _SIGNATURE_TYPE: ClassVar[type[Signature]] = Signature

    def __init__(self, engine: AnyMetric, *, cached: bool) -> None:
        """Wrap `engine`, whose references (if `cached`) were given to its constructor."""
        self._engine = engine
        self._cached = cached
        self._force = True
        self._assigned_cache: list[dict[str, Any]] | None = None
        self._built_cache: list[dict[str, Any]] | None = None
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        self.num_refs: int | str | None = None
        if cached and engine.prepared is not None:
            self.num_refs = self._num_refs(engine.prepared.references.nrefs)

    # -- what each metric defines -------------------------------------------------------------

    @abstractmethod
    def _to_score(self, result: Any) -> Score:
        """The sacreBLEU-shaped score of a parbleu result."""

    @abstractmethod
    def _rows(self, stats: Stats) -> list[list[Any]]:
        """The engine's statistics in sacreBLEU's per-segment layout (lists, its types)."""

    @abstractmethod
    def _preprocess_segment(self, sent: str) -> str:
        """SacreBLEU's preprocessing of one segment (casing, tokenization)."""

    @abstractmethod
    def _extract_reference_info(self, refs: Sequence[str]) -> dict[str, Any]:
        """SacreBLEU's reference information of one segment's preprocessed references."""

    @abstractmethod
    def _compute_segment_statistics(self, hypothesis: str, ref_kwargs: dict[str, Any]) -> list[Any]:
        """SacreBLEU's statistics of one preprocessed hypothesis against reference info."""

    @abstractmethod
    def _compute_score_from_stats(self, stats: Sequence[Any]) -> Score:
        """SacreBLEU's score of summed statistics (a list or a NumPy array)."""

    def _check_hypotheses(self, hypotheses: Sequence[str]) -> None:  # noqa: B027 (a hook)
        """Hook for warnings about the hypotheses (BLEU warns about tokenized text)."""

    # -- sacreBLEU's internals ---------------------------------------------------------------

    def _aggregate_and_compute(self, stats: Sequence[Sequence[Any]]) -> Score:
        """The score of per-segment statistics, added in segment order."""
        totals = sum_of_lists(stats)
        if totals is None:
            raise InputError("no segment statistics to aggregate")
        return self._compute_score_from_stats(totals)

    def _cache_references(self, references: Sequence[Sequence[str | None]]) -> list[dict[str, Any]]:
        """Per segment, the reference information of its preprocessed references.

        As sacreBLEU: `references` are K streams, segment i is ``zip(*references)[i]``,
        absent references (None) are left out, and ``num_refs`` becomes the number of
        references per segment (-1 if it varies). Streams of different lengths are refused
        (sacreBLEU keeps the shortest), unless `parbleu.compat.allow_truncation` is on.
        """
        if truncation_allowed():
            streams = sacrebleu_pairs(None, references)[1]
        else:
            streams = [list(stream) for stream in references]
            if len({len(stream) for stream in streams}) > 1:
                resolve_references(len(streams[0]), streams)  # says which stream is off
        counts = set()
        cache = []
        for refs in zip(*streams, strict=True):
            lines = [ref for ref in refs if ref is not None]
            counts.add(len(lines))
            cache.append(self._extract_reference_info([self._preprocess_segment(x) for x in lines]))
        self.num_refs = counts.pop() if len(counts) == 1 else VARIABLE_REFS
        return cache

    @property
    def _ref_cache(self) -> list[dict[str, Any]] | None:
        """SacreBLEU's reference cache: that of the constructor's references, or None.

        Built from the references on first access; one assigned by the caller is used by
        ``corpus_score(hyps, None)`` and ``_extract_corpus_statistics(hyps, None)``.
        """
        if self._assigned_cache is not None:
            return self._assigned_cache
        if self._built_cache is None and self._cached and self._engine.prepared is not None:
            streams = self._engine.prepared.references.streams
            num_refs = self.num_refs
            self._built_cache = self._cache_references(streams)
            self.num_refs = num_refs
        return self._built_cache

    @_ref_cache.setter
    def _ref_cache(self, cache: list[dict[str, Any]] | None) -> None:
        self._assigned_cache = cache

    def _extract_corpus_statistics(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]] | None
    ) -> list[list[Any]]:
        """Per-segment statistics in sacreBLEU's layout, against `references` or the cache.

        Raises:
            RuntimeError: no references given and none cached (sacreBLEU's error).
        """
        self._check_hypotheses(hypotheses)
        if not references and self._assigned_cache:
            return self._statistics_of_cache(hypotheses, self._assigned_cache)
        if not references and not self._cached:
            raise RuntimeError("No references provided and the cache is empty.")
        return self._rows(self._statistics(hypotheses, references)[0])

    def _statistics_of_cache(
        self, hypotheses: Sequence[str], cache: list[dict[str, Any]]
    ) -> list[list[Any]]:
        """SacreBLEU's per-segment loop over a reference cache the caller assigned."""
        if len(cache) != len(hypotheses):
            if not truncation_allowed():
                raise ReferenceShapeError(
                    f"{len(hypotheses)} hypotheses but the assigned _ref_cache has "
                    f"{len(cache)} segments"
                )
            hypotheses, (cache,) = sacrebleu_pairs(hypotheses, [cache])
        return [
            self._compute_segment_statistics(self._preprocess_segment(hyp), ref_kwargs)
            for hyp, ref_kwargs in zip(hypotheses, cache, strict=True)
        ]

    # -- scoring ----------------------------------------------------------------------------

    def _given(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> tuple[list[str], ReferenceSet]:
        """Checked hypotheses and references of a call (or sacreBLEU's truncation of them)."""
        if truncation_allowed():
            hypotheses, references = sacrebleu_pairs(hypotheses, references)
        lines = check_hypotheses(hypotheses)
        given = resolve_references(len(lines), references)
        self.num_refs = self._num_refs(given.nrefs)
        return lines, given

    def _with_cache(self, hypotheses: Sequence[str]) -> tuple[list[str], AnyMetric]:
        """Checked hypotheses and the engine with the constructor's references.

        With `parbleu.compat.allow_truncation` both are cut to the shorter, as sacreBLEU.
        """
        prepared = self._engine.prepared
        if prepared is None or not self._cached:
            raise InputError(
                f"{type(self).__name__}: no references were given, and none were cached "
                f"(pass references= to {type(self).__name__}() or to corpus_score)"
            )
        self.num_refs = self._num_refs(prepared.references.nrefs)
        if not truncation_allowed() or len(hypotheses) == prepared.references.n_segments:
            return check_hypotheses(hypotheses), self._engine
        hyps, streams = sacrebleu_pairs(hypotheses, prepared.references.streams)
        return check_hypotheses(hyps), self._engine.with_references(ref_streams=streams)

    def _statistics(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]] | None
    ) -> tuple[Stats, AnyMetric]:
        """The engine's per-segment statistics of a call, and the engine that computed them."""
        if references:
            lines, given = self._given(hypotheses, references)
            return self._engine.call_statistics(lines, given), self._engine
        lines, engine = self._with_cache(hypotheses)
        return engine.statistics(lines), engine

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str]] | None = None,
        n_bootstrap: int = 1,
        *,
        seed: int | None = DEFAULT_SEED,
    ) -> Score:
        """Score a corpus against reference streams (K lists of N strings), or the cached ones.

        With ``n_bootstrap > 1`` the score also carries the mean and 95% interval of as many
        bootstrap resamples (Koehn 2004), drawn with ``seed`` (sacreBLEU's default 12345; it
        reads ``$SACREBLEU_SEED``, parbleu takes the argument).

        Raises:
            parbleu.LengthMismatchError: references with a different number of segments (no
                silent truncation; see `parbleu.compat.allow_truncation`).
        """
        self._check_hypotheses(hypotheses)
        if not references and self._assigned_cache:
            return self._aggregate_and_compute(
                self._statistics_of_cache(hypotheses, self._assigned_cache)
            )
        if n_bootstrap <= 1 and references:
            lines, given = self._given(hypotheses, references)
            return self._to_score(self._engine.call_score(lines, given))
        stats, engine = self._statistics(hypotheses, references)
        score = self._to_score(engine.score_totals(engine.corpus_totals(stats)))
        if n_bootstrap > 1:
            estimate = confidence_interval(engine, stats, n_samples=n_bootstrap, seed=seed).estimate
            number = np.float32 if estimate.float32 else float  # sacreBLEU's type of them
            score._mean, score._ci = number(estimate.mean), number(estimate.ci)
            self.n_bootstrap = n_bootstrap
            self.seed = str(seed).lower()
        return score

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> Score:
        """Score one hypothesis against its references (a sequence of strings)."""
        name = type(self).__name__
        if not isinstance(hypothesis, str):
            raise ReferenceShapeError(f"{name}: The argument `hyp` should be a string.")
        if type(references) not in (list, tuple) and (
            isinstance(references, str) or not isinstance(references, Sequence)
        ):
            raise ReferenceShapeError(
                f"{name}: The argument `refs` should be a sequence of strings."
            )
        if references and {*map(type, references)} == _ONLY_STR:
            # Checked as the engine's sentence_score checks them: one stream per reference.
            self.num_refs = len(references)
            given = ReferenceSet(tuple(zip(references)))
            return self._to_score(self._engine.call_score([hypothesis], given))
        return self.corpus_score([hypothesis], [[reference] for reference in references])

    def get_signature(self) -> Signature:
        """The signature of the last computation (or of the cached references).

        Raises:
            ValueError: before anything was scored, as sacreBLEU does.
        """
        if self.num_refs is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        engine_signature = self._engine.signature(_nrefs_field(self.num_refs))
        signature = self._SIGNATURE_TYPE.from_parbleu(engine_signature)
        signature.update("bs", self.n_bootstrap)
        signature.update("seed", self.seed)
        return signature

    @staticmethod
    def _num_refs(nrefs: int | str) -> int:
        """SacreBLEU's ``num_refs`` of parbleu's ``nrefs`` (``var`` is -1)."""
        return VARIABLE_REFS if nrefs == "var" else int(nrefs)
