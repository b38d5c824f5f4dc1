"""sacreBLEU 2.6.0's ``Metric`` base class, run by parbleu's engine.

Each compat metric wraps one parbleu metric (its "engine": `parbleu.BLEU`, `parbleu.CHRF` or
`parbleu.TER`) built once from its options dataclass (``BLEU(options=BleuOptions(...))``), with
the references of the constructor prepared once, as sacreBLEU caches them; references given
to a call are checked against the hypotheses and prepared for it
(``engine.with_prepared(engine.prepare(...))``). ``corpus_score`` computes per-segment
statistics with the engine, adds them as the engine's ``corpus_totals`` says (segment after
segment for TER's float statistics, as sacreBLEU's ``sum_of_lists`` does) and scores the sum;
``n_bootstrap`` adds sacreBLEU's bootstrap estimate, in its float32 arithmetic
(`parbleu.significance.confidence_interval`, through the engine's ``float32_scorer``).

As in sacreBLEU, the metric remembers the number of references of its last computation and
its last bootstrap run, for ``get_signature()``. Unlike sacreBLEU, its options cannot be
changed after construction (they are read-only properties), and it refuses what sacreBLEU
silently truncates: references with another number of segments than the hypotheses raise
`parbleu.LengthMismatchError` (sacreBLEU issues #220, #275).
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from parbleu import InputError
from parbleu.compat.metrics.score import Score
from parbleu.compat.metrics.signature import Signature
from parbleu.errors import ReferenceShapeError
from parbleu.metrics.base import AnyMetric
from parbleu.references import check_hypotheses, resolve_references
from parbleu.significance import DEFAULT_SEED, confidence_interval

__all__ = ["Metric", "Score", "Signature", "sacrelogger"]

#: sacreBLEU's logger name, so that code that configures it keeps working.
sacrelogger = logging.getLogger("sacrebleu")


class Metric(ABC):
    """What sacreBLEU's BLEU, CHRF and TER share: caching, corpus and sentence scores."""

    _SIGNATURE_TYPE: ClassVar[type[Signature]] = Signature

    def __init__(self, engine: AnyMetric, *, cached: bool) -> None:
        """Wrap `engine`, whose references (if `cached`) were given to its constructor."""
        self._engine = engine
        self._cached = cached
        self._force = True
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        self.num_refs: int | str | None = _nrefs(engine.signature()) if cached else None

    @abstractmethod
    def _to_score(self, result: Any) -> Score:
        """The sacreBLEU-shaped score of a parbleu result."""

    def _check_hypotheses(self, hypotheses: Sequence[str]) -> None:  # noqa: B027 (a hook)
        """Hook for warnings about the hypotheses (BLEU warns about tokenized text)."""

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
                silent truncation).
        """
        self._check_hypotheses(hypotheses)
        lines = check_hypotheses(hypotheses)
        engine, nrefs = self._engine_for(len(lines), references)
        stats = engine.statistics(lines)
        result = engine.score_totals(engine.corpus_totals(stats), engine.signature(nrefs))
        score = self._to_score(result)
        self.num_refs = nrefs
        if n_bootstrap > 1:
            estimate = confidence_interval(engine, stats, n_samples=n_bootstrap, seed=seed)
            score._mean = estimate.estimate.mean
            score._ci = estimate.estimate.ci
            self.n_bootstrap = n_bootstrap
            self.seed = str(seed).lower()
        return score

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> Score:
        """Score one hypothesis against its references (a sequence of strings)."""
        name = type(self).__name__
        if not isinstance(hypothesis, str):
            raise ReferenceShapeError(f"{name}: The argument `hyp` should be a string.")
        if isinstance(references, str) or not isinstance(references, Sequence):
            raise ReferenceShapeError(
                f"{name}: The argument `refs` should be a sequence of strings."
            )
        return self.corpus_score([hypothesis], [[reference] for reference in references])

    def get_signature(self) -> Signature:
        """The signature of the last computation (or of the cached references).

        Raises:
            ValueError: before anything was scored, as sacreBLEU does.
        """
        if self.num_refs is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        signature = self._SIGNATURE_TYPE.from_parbleu(self._engine.signature(self.num_refs))
        signature.update("bs", self.n_bootstrap)
        signature.update("seed", self.seed)
        return signature

    def _engine_for(
        self, n_segments: int, references: Sequence[Sequence[str]] | None
    ) -> tuple[AnyMetric, int | str]:
        """The engine holding the references to score against, and sacreBLEU's ``nrefs``.

        References given here, checked against `n_segments` hypotheses, are prepared for this
        call (``prepare`` and ``with_prepared``); without them the cached ones serve.
        """
        if references is not None and len(references) > 0:
            prepared = self._engine.prepare(resolve_references(n_segments, references))
            return self._engine.with_prepared(prepared), prepared.references.nrefs
        if not self._cached:
            raise InputError(
                f"{type(self).__name__}: no references were given, and none were cached "
                f"(pass references= to {type(self).__name__}() or to corpus_score)"
            )
        return self._engine, _nrefs(self._engine.signature())


def _nrefs(signature: Any) -> int | str:
    value = str(signature.as_dict()["nrefs"])
    return int(value) if value.isdigit() else value
