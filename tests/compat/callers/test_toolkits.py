"""Translation toolkits that call sacreBLEU's functions in one line each.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* transformers (huggingface/transformers), ``examples/legacy/seq2seq/utils.py``
  ``calculate_bleu`` (also ``tests/fsmt/test_fsmt_bleu_score.py``): ``{"bleu":
  round(corpus_bleu(output_lns, [refs_lns], **kwargs).score, 4)}``;
* NeMo (NVIDIA/NeMo), ``nemo/collections/nlp/models/machine_translation/mt_enc_dec_model.py``
  ``eval_epoch_end``: ``corpus_bleu(translations, [ground_truths], tokenize="zh" | "13a")``;
* OpenNMT-py (OpenNMT/OpenNMT-py), ``onmt/scorers/bleu.py:16`` and ``ter.py:16``:
  ``corpus_bleu(preds, [texts_refs]).score``, ``corpus_ter(preds, [texts_refs]).score``;
* joeynmt (joeynmt/joeynmt, ``joeynmt/metrics.py:19-33`` at commit 8cff7f5):
  ``sacrebleu.corpus_chrf(hypotheses=..., references=[...], remove_whitespace=...)``, and
  ``corpus_bleu(sys_stream=..., ref_streams=..., tokenize=...)``, sacreBLEU 1's keywords,
  which sacreBLEU 2.6.0 refuses with a TypeError: so does parbleu.compat;
* COMET (Unbabel/COMET), ``comet/cli/score.py:61`` and ``compare.py:70``: ``from
  sacrebleu.utils import get_reference_files, get_source_file`` (the look-ups themselves are
  the test-set registry's, docs/cli.md).
"""

from __future__ import annotations

import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, outcome, run_both

pytestmark = pytest.mark.shared_data


@pytest.mark.parametrize("options", [{}, {"lowercase": True}, {"tokenize": "intl"}])
def test_transformers_calculate_bleu(ende: Corpus, options: dict[str, object]) -> None:
    output_lns = ende.systems[ende.names[0]]

    def pattern() -> dict[str, float]:
        from sacrebleu import corpus_bleu  # noqa: PLC0415

        return {"bleu": round(corpus_bleu(output_lns, [ende.ref], **options).score, 4)}

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize(("pair", "tokenize"), [("enzh", "zh"), ("ende", "13a")])
def test_nemo_eval_epoch_end(pair: str, tokenize: str, request: pytest.FixtureRequest) -> None:
    corpus: Corpus = request.getfixturevalue(pair)
    translations = corpus.systems[corpus.names[1]]

    def pattern() -> float:
        from sacrebleu import corpus_bleu  # noqa: PLC0415

        return corpus_bleu(translations, [corpus.ref], tokenize=tokenize).score

    assert_identical(*run_both(pattern))


def test_opennmt_scorers(ende: Corpus) -> None:
    preds = ende.systems[ende.names[2]]

    def pattern() -> list[float]:
        from sacrebleu import corpus_bleu, corpus_ter  # noqa: PLC0415

        return [corpus_bleu(preds, [ende.ref]).score, corpus_ter(preds[:60], [ende.ref[:60]]).score]

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize("remove_whitespace", [True, False])
def test_joeynmt_chrf(ende: Corpus, remove_whitespace: bool) -> None:
    hypotheses = ende.systems[ende.names[0]]

    def pattern() -> float:
        import sacrebleu  # noqa: PLC0415

        return sacrebleu.corpus_chrf(
            hypotheses=hypotheses, references=[ende.ref], remove_whitespace=remove_whitespace
        ).score

    assert_identical(*run_both(pattern))


def test_joeynmt_bleu_with_sacrebleu_1_keywords_fails_in_both(ende: Corpus) -> None:
    def pattern() -> float:
        import sacrebleu  # noqa: PLC0415

        return sacrebleu.corpus_bleu(  # type: ignore[call-arg]
            sys_stream=ende.systems[ende.names[0]], ref_streams=[ende.ref], tokenize="13a"
        ).score

    theirs, ours = run_both(outcome(pattern))
    assert theirs[0] == ours[0] == "raised"
    assert theirs[1][0] == ours[1][0] == "TypeError"


def test_comet_imports() -> None:
    def pattern() -> list[str]:
        from sacrebleu.utils import get_reference_files, get_source_file  # noqa: PLC0415

        return [get_reference_files.__name__, get_source_file.__name__]

    assert_identical(*run_both(pattern))
