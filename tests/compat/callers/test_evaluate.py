"""Hugging Face evaluate (huggingface/evaluate, commit a7dd338): its sacreBLEU-based metrics.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* ``metrics/sari/sari.py:243-244`` and ``metrics/wiki_split/wiki_split.py:270-271``:
  ``version.parse(sacrebleu.__version__).major >= 2`` then
  ``sacrebleu.metrics.bleu._get_tokenizer(tokenizer)()(sentence)`` on lowercased sentences,
  13a and intl (before issue 23 both metrics crashed on parbleu);
* ``metrics/wiki_split/wiki_split.py:306-318``: ``sacrebleu.corpus_bleu`` of transposed
  per-prediction references, ``.score``;
* ``metrics/sacrebleu/sacrebleu.py:153-178``: ``scb.corpus_bleu(..., smooth_method,
  smooth_value, force, lowercase, use_effective_order, tokenize)`` and the output dictionary
  (``counts`` and ``totals`` with add-k, as sacreBLEU returns them);
* ``metrics/chrf/chrf.py:170-189`` and ``metrics/ter/ter.py:196-214``: ``CHRF(char_order,
  word_order, beta, lowercase, whitespace, eps_smoothing)`` (positional) and
  ``TER(normalized=, no_punct=, asian_support=, case_sensitive=)``, ``corpus_score`` and the
  fields read from the result.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both

pytestmark = pytest.mark.shared_data


def _per_prediction(corpus: Corpus, n: int) -> list[list[str]]:
    """evaluate's reference shape: each prediction's references."""
    return [[corpus.refs[k][i] for k in ("A", "C")] for i in range(n)]


def _transposed(references: list[list[str]]) -> list[list[str]]:
    width = len(references[0])
    return [[refs[i] for refs in references] for i in range(width)]


@pytest.mark.parametrize("tokenizer", ["13a", "intl"])
def test_sari_and_wiki_split_normalize(ende: Corpus, tokenizer: str) -> None:
    lines = ende.ref[:80] + ende.systems[ende.names[0]][:80]

    def pattern() -> list[str]:
        import sacrebleu  # noqa: PLC0415

        assert int(sacrebleu.__version__.split(".")[0]) >= 2
        out = []
        for sentence in lines:
            normalized = sacrebleu.metrics.bleu._get_tokenizer(tokenizer)()(sentence.lower())
            out.append(normalized)
        return out

    assert_identical(*run_both(pattern))


def test_wiki_split_sacrebleu(ende: Corpus) -> None:
    predictions = ende.systems[ende.names[0]]
    references = _per_prediction(ende, len(predictions))

    def pattern() -> float:
        import sacrebleu  # noqa: PLC0415

        return sacrebleu.corpus_bleu(
            predictions,
            _transposed(references),
            smooth_method="exp",
            smooth_value=None,
            force=False,
            lowercase=False,
            use_effective_order=False,
        ).score

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"smooth_method": "add-k", "smooth_value": 1, "tokenize": "intl"},
        {"smooth_method": "floor", "smooth_value": 0.5, "lowercase": True, "force": True},
        {"smooth_method": "none", "use_effective_order": True, "tokenize": "char"},
    ],
)
def test_sacrebleu_metric(ende: Corpus, options: dict[str, Any]) -> None:
    predictions = ende.systems[ende.names[1]]
    references = _per_prediction(ende, len(predictions))

    def pattern() -> dict[str, Any]:
        import sacrebleu as scb  # noqa: PLC0415

        output = scb.corpus_bleu(predictions, _transposed(references), **options)
        return {
            "score": output.score,
            "counts": output.counts,
            "totals": output.totals,
            "precisions": output.precisions,
            "bp": output.bp,
            "sys_len": output.sys_len,
            "ref_len": output.ref_len,
        }

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize("arguments", [(6, 0, 2, False, False, False), (6, 2, 3, True, True, True)])
def test_chrf_metric(ende: Corpus, arguments: tuple[Any, ...]) -> None:
    predictions = ende.systems[ende.names[2]]
    references = _per_prediction(ende, len(predictions))

    def pattern() -> dict[str, Any]:
        from sacrebleu import CHRF  # noqa: PLC0415

        output = CHRF(*arguments).corpus_score(predictions, _transposed(references))
        return {
            "score": output.score,
            "char_order": output.char_order,
            "word_order": output.word_order,
            "beta": output.beta,
        }

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize("flags", [(False, False, False, False), (True, True, False, True)])
def test_ter_metric(ende: Corpus, flags: tuple[bool, ...]) -> None:
    predictions = ende.systems[ende.names[0]][:60]
    references = _per_prediction(ende, len(predictions))

    def pattern() -> dict[str, Any]:
        from sacrebleu import TER  # noqa: PLC0415

        normalized, ignore_punct, support_zh_ja_chars, case_sensitive = flags
        sb_ter = TER(
            normalized=normalized,
            no_punct=ignore_punct,
            asian_support=support_zh_ja_chars,
            case_sensitive=case_sensitive,
        )
        output = sb_ter.corpus_score(predictions, _transposed(references))
        return {
            "score": output.score,
            "num_edits": output.num_edits,
            "ref_length": output.ref_length,
        }

    assert_identical(*run_both(pattern))
