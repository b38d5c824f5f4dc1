"""sacreBLEU 2.6.0's function API (its ``sacrebleu.compat`` module), on parbleu's engine.

``corpus_bleu``, ``raw_corpus_bleu``, ``sentence_bleu``, ``corpus_chrf``, ``sentence_chrf``,
``corpus_ter`` and ``sentence_ter`` with sacreBLEU's positional and keyword arguments
(``use_effective_order``, ``force``, ``remove_whitespace`` ...). References are reference
streams, K lists of N strings; unlike sacreBLEU, streams of another length than the
hypotheses raise `parbleu.LengthMismatchError` instead of being truncated.

    >>> round(corpus_bleu(["It is a cat."], [["It is a cat."]]).score, 2)
    100.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from parbleu.compat.metrics.bleu import BLEU, BLEUScore
from parbleu.compat.metrics.chrf import CHRF, CHRFScore
from parbleu.compat.metrics.ter import TER, TERScore

__all__ = [
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
]


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: str = BLEU.TOKENIZER_DEFAULT,
    use_effective_order: bool = False,
) -> BLEUScore:
    """Corpus BLEU against reference streams."""
    metric = BLEU(
        lowercase=lowercase,
        force=force,
        tokenize=tokenize,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )
    return cast(BLEUScore, metric.corpus_score(hypotheses, references))


def raw_corpus_bleu(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    smooth_value: float | None = BLEU.SMOOTH_DEFAULTS["floor"],
) -> BLEUScore:
    """Corpus BLEU without tokenization, with ``floor`` smoothing and effective order."""
    return corpus_bleu(
        hypotheses,
        references,
        smooth_method="floor",
        smooth_value=smooth_value,
        force=True,
        tokenize="none",
        use_effective_order=True,
    )


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenize: str = BLEU.TOKENIZER_DEFAULT,
    use_effective_order: bool = True,
) -> BLEUScore:
    """BLEU of one sentence against its references (effective order by default)."""
    metric = BLEU(
        lowercase=lowercase,
        tokenize=tokenize,
        force=False,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )
    return metric.sentence_score(hypothesis, references)


def corpus_chrf(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: int = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """Corpus chrF (chrF++ with ``word_order=2``) against reference streams."""
    metric = _chrf(char_order, word_order, beta, remove_whitespace, eps_smoothing)
    return cast(CHRFScore, metric.corpus_score(hypotheses, references))


def sentence_chrf(
    hypothesis: str,
    references: Sequence[str],
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: int = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """ChrF of one sentence against its references."""
    metric = _chrf(char_order, word_order, beta, remove_whitespace, eps_smoothing)
    return cast(CHRFScore, metric.sentence_score(hypothesis, references))


def _chrf(
    char_order: int, word_order: int, beta: int, remove_whitespace: bool, eps_smoothing: bool
) -> CHRF:
    """The metric of sacreBLEU's chrF functions (``remove_whitespace`` is ``not whitespace``)."""
    return CHRF(
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        whitespace=not remove_whitespace,
        eps_smoothing=eps_smoothing,
    )


def corpus_ter(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """Corpus TER against reference streams."""
    metric = TER(
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
    )
    return cast(TERScore, metric.corpus_score(hypotheses, references))


def sentence_ter(
    hypothesis: str,
    references: Sequence[str],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """TER of one sentence against its references."""
    metric = TER(
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
    )
    return cast(TERScore, metric.sentence_score(hypothesis, references))
