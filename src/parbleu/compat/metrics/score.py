"""sacreBLEU 2.6.0's score objects: ``Score``, ``BLEUScore``, ``CHRFScore``, ``TERScore``.

Same constructors, attributes and ``format`` output as sacreBLEU's (``metrics/base.py``,
``bleu.py``, ``chrf.py``, ``ter.py``), so code that reads ``.score``, ``.counts``,
``.precisions`` or parses ``format(is_json=True)`` keeps working. They are built from parbleu's
frozen results (`from_parbleu`); ``counts`` and ``totals`` are lists, as in sacreBLEU, so that
comparisons with lists hold.

One deliberate difference: with ``add-k`` smoothing sacreBLEU adds k to the ``counts`` and
``totals`` it returns (it smooths them in place); here they stay the counted n-grams, and
only the precisions are smoothed.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from typing import Any

from parbleu import BleuScore, ChrfScore, TerScore

__all__ = ["BLEUScore", "CHRFScore", "Score", "TERScore"]


class Score:
    """A score with its name, and the bootstrap estimate sacreBLEU prints as ``(μ = m ± ci)``.

    Args:
        name: the metric's name (``BLEU``, ``chrF2``, ``TER`` ...).
        score: the score.
    """

    def __init__(self, name: str, score: float) -> None:
        self.name = name
        self.score = score
        self._mean = -1.0
        self._ci = -1.0
        self._verbose = ""

    def format(
        self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False
    ) -> str:
        """SacreBLEU's text line (``BLEU|sig = 48.53 82.4/...``), score alone, or JSON."""
        text_score = f"{self.score:.{width}f}"
        record: dict[str, Any] = {
            "name": self.name,
            "score": float(text_score),
            "signature": signature,
        }
        if self._mean > 0:
            mean, ci = f"{self._mean:.{width}f}", f"{self._ci:.{width}f}"
            confidence = f"μ = {mean} ± {ci}"
            text_score += f" ({confidence})"
            if is_json:
                record.update(confidence_mean=float(mean), confidence_var=float(ci))
                record["confidence"] = confidence
        line = f"{self.name}|{signature}" if signature else self.name
        line = f"{line} = {text_score}"
        if self._verbose:
            line += f" {self._verbose}"
            record["verbose_score"] = self._verbose
        if score_only:
            return text_score
        if is_json:
            for field in filter(None, signature.split("|")):
                key, value = field.split(":", 1)
                record[key] = value
            return json.dumps(record, indent=1, ensure_ascii=False)
        return line

    def estimate_ci(self, scores: Sequence[Score]) -> None:
        """Store the mean and the 95% interval half-width of resampled scores.

        As sacreBLEU's ``Score.estimate_ci``: the bounds are the ``n // 40``-th smallest and
        largest scores, the mean is `statistics.mean` (Koehn 2004's bootstrap estimate).
        """
        values = sorted(score.score for score in scores)
        lower = len(values) // 40
        upper = len(values) - lower - 1
        self._ci = 0.5 * (values[upper] - values[lower])
        self._mean = statistics.mean(values)

    def __repr__(self) -> str:
        return self.format()


class BLEUScore(Score):
    """A BLEU score with its n-gram counts, precisions and brevity penalty."""

    def __init__(
        self,
        score: float,
        counts: Sequence[int],
        totals: Sequence[int],
        precisions: Sequence[float],
        bp: float,
        sys_len: int,
        ref_len: int,
    ) -> None:
        super().__init__("BLEU", score)
        self.bp = bp
        self.counts = list(counts)
        self.totals = list(totals)
        self.sys_len = sys_len
        self.ref_len = ref_len
        self.precisions = list(precisions)
        self.prec_str = "/".join(f"{p:.1f}" for p in self.precisions)
        self.ratio = self.sys_len / self.ref_len if self.ref_len else 0
        self._verbose = (
            f"{self.prec_str} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len:d} ref_len = {self.ref_len:d})"
        )

    @classmethod
    def from_parbleu(cls, result: BleuScore) -> BLEUScore:
        """The sacreBLEU-shaped copy of a parbleu BLEU result."""
        return cls(
            result.score,
            result.counts,
            result.totals,
            result.precisions,
            result.bp,
            result.sys_len,
            result.ref_len,
        )


class CHRFScore(Score):
    """A chrF (chrF++ with word n-grams) score; the name says beta and word order."""

    def __init__(self, score: float, char_order: int, word_order: int, beta: float) -> None:
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        super().__init__(f"chrF{beta}" + "+" * word_order, score)

    @classmethod
    def from_parbleu(cls, result: ChrfScore) -> CHRFScore:
        """The sacreBLEU-shaped copy of a parbleu chrF result."""
        return cls(result.score, result.char_order, result.word_order, result.beta)


class TERScore(Score):
    """A TER score with the total edits and the total average reference length."""

    def __init__(self, score: float, num_edits: float, ref_length: float) -> None:
        super().__init__("TER", score)
        self.num_edits = int(num_edits)
        self.ref_length = ref_length

    @classmethod
    def from_parbleu(cls, result: TerScore) -> TERScore:
        """The sacreBLEU-shaped copy of a parbleu TER result."""
        return cls(result.score, result.num_edits, result.ref_length)
