"""parbleu.compat against sacreBLEU 2.6.0 itself (oracle): scores, signatures, formats.

Every value is compared with what the installed sacreBLEU returns for the same call, on the
sample corpus bundled with parbleu (three systems, two references), with every metric and a
grid of options. Signatures differ in one field only, ``version``, which names parbleu.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sacrebleu
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER

import parbleu
import parbleu.compat as compat

SAMPLE = Path(parbleu.__file__).with_name("sample")
REFS = [(SAMPLE / f"ref.{k}.txt").read_text(encoding="utf-8").splitlines() for k in "AB"]
SYSTEMS = {
    name: (SAMPLE / f"system-{name}.txt").read_text(encoding="utf-8").splitlines()
    for name in ("strong", "fair", "weak")
}
HYPS = SYSTEMS["fair"]

METRICS = [
    ("BLEU", {}),
    ("BLEU", {"tokenize": "intl", "lowercase": True}),
    ("BLEU", {"tokenize": "char", "smooth_method": "floor", "smooth_value": 0.2}),
    ("BLEU", {"smooth_method": "add-k", "effective_order": True, "max_ngram_order": 3}),
    ("CHRF", {}),
    ("CHRF", {"word_order": 2}),
    ("CHRF", {"whitespace": True, "eps_smoothing": True, "lowercase": True, "beta": 3}),
    ("TER", {}),
    ("TER", {"normalized": True, "no_punct": True, "case_sensitive": True}),
]
ORACLES = {"BLEU": SacreBLEU, "CHRF": SacreCHRF, "TER": SacreTER}


def _pair(name: str, options: dict[str, object]) -> tuple[object, object]:
    return ORACLES[name](**options), getattr(compat, name)(**options)


def _same_but_version(ours: str, theirs: str) -> None:
    """Equal signatures but for ``version`` (and parbleu's ``order`` field, docs/compat.md).

    sacreBLEU leaves a maximum n-gram order other than 4 out of its signature; parbleu
    writes it as ``order:N``, so that equal signatures mean equal arithmetic.
    """
    ours = ours.replace(f"parbleu-{parbleu.__version__}", sacrebleu.__version__)
    assert ours.replace("|order:3|", "|") == theirs


@pytest.mark.parametrize(("name", "options"), METRICS)
def test_corpus_scores_and_formats(name: str, options: dict[str, object]) -> None:
    oracle, metric = _pair(name, options)
    expected, got = oracle.corpus_score(HYPS, REFS), metric.corpus_score(HYPS, REFS)
    assert got.score == expected.score
    assert got.name == expected.name
    signature = str(metric.get_signature())
    _same_but_version(signature, str(oracle.get_signature()))
    assert got.format(signature=signature) == expected.format(signature=signature)
    assert got.format(score_only=True, width=4) == expected.format(score_only=True, width=4)
    ours = json.loads(got.format(signature=signature, is_json=True))
    theirs = json.loads(expected.format(signature=signature, is_json=True))
    assert ours == theirs


@pytest.mark.parametrize(("name", "options"), METRICS)
def test_sentence_scores(name: str, options: dict[str, object]) -> None:
    oracle, metric = _pair(name, options)
    for i in (0, 7, 29):
        refs = [REFS[0][i], REFS[1][i]]
        assert (
            metric.sentence_score(HYPS[i], refs).score == oracle.sentence_score(HYPS[i], refs).score
        )
    _same_but_version(str(metric.get_signature()), str(oracle.get_signature()))


@pytest.mark.parametrize(("name", "options"), METRICS)
def test_cached_references(name: str, options: dict[str, object]) -> None:
    oracle = ORACLES[name](references=REFS, **options)
    metric = getattr(compat, name)(references=REFS, **options)
    _same_but_version(str(metric.get_signature()), str(oracle.get_signature()))
    for hyps in SYSTEMS.values():
        assert metric.corpus_score(hyps, None).score == oracle.corpus_score(hyps, None).score


def test_variable_number_of_references() -> None:
    refs = [REFS[0], [ref if i % 3 else None for i, ref in enumerate(REFS[1])]]
    expected = SacreBLEU().corpus_score(HYPS, refs)
    metric = compat.BLEU()
    assert metric.corpus_score(HYPS, refs).score == expected.score
    assert "nrefs:var" in str(metric.get_signature())


def test_bleu_attributes() -> None:
    expected, got = sacrebleu.corpus_bleu(HYPS, REFS), compat.corpus_bleu(HYPS, REFS)
    for attribute in ("counts", "totals", "precisions", "bp", "sys_len", "ref_len", "ratio"):
        assert getattr(got, attribute) == getattr(expected, attribute), attribute
    assert got.prec_str == expected.prec_str
    assert repr(got) == repr(expected)


@pytest.mark.parametrize(("name", "options"), METRICS[::2])
def test_bootstrap_estimate(name: str, options: dict[str, object]) -> None:
    oracle, metric = _pair(name, options)
    expected = oracle.corpus_score(HYPS, REFS, n_bootstrap=200)
    got = metric.corpus_score(HYPS, REFS, n_bootstrap=200)
    assert (got._mean, got._ci) == (expected._mean, expected._ci)
    signature = str(metric.get_signature())
    assert "|bs:200|seed:12345|" in signature
    _same_but_version(signature, str(oracle.get_signature()))
    assert got.format(signature=signature) == expected.format(signature=signature)


def test_functions_take_sacrebleus_keywords() -> None:
    hyp, refs = HYPS[3], [REFS[0][3]]
    pairs = [
        (
            compat.corpus_bleu(HYPS, REFS, use_effective_order=True, force=True),
            sacrebleu.corpus_bleu(HYPS, REFS, use_effective_order=True, force=True),
        ),
        (compat.raw_corpus_bleu(HYPS, REFS, 0.05), sacrebleu.raw_corpus_bleu(HYPS, REFS, 0.05)),
        (
            compat.sentence_bleu(hyp, refs, smooth_method="add-k", tokenize="intl"),
            sacrebleu.sentence_bleu(hyp, refs, smooth_method="add-k", tokenize="intl"),
        ),
        (
            compat.corpus_chrf(HYPS, REFS, remove_whitespace=False, word_order=2),
            sacrebleu.corpus_chrf(HYPS, REFS, remove_whitespace=False, word_order=2),
        ),
        (compat.sentence_chrf(hyp, refs, beta=1), sacrebleu.sentence_chrf(hyp, refs, beta=1)),
        (
            compat.corpus_ter(HYPS, REFS, asian_support=True, normalized=True),
            sacrebleu.corpus_ter(HYPS, REFS, asian_support=True, normalized=True),
        ),
        (
            compat.sentence_ter(hyp, refs, no_punct=True),
            sacrebleu.sentence_ter(hyp, refs, no_punct=True),
        ),
    ]
    for got, expected in pairs:
        assert (got.name, got.score) == (expected.name, expected.score)


@pytest.mark.parametrize(
    ("correct", "total", "sys_len", "ref_len", "method", "value", "effective"),
    [
        ([9, 7, 5, 3], [10, 8, 6, 4], 11, 11, "none", None, False),
        ([4, 2, 0, 0], [6, 5, 4, 3], 6, 9, "exp", None, False),
        ([4, 2, 0, 0], [6, 5, 4, 3], 6, 9, "floor", 0.3, True),
        ([4, 2, 1, 0], [6, 5, 4, 3], 6, 5, "add-k", 2, False),
        ([0, 0, 0, 0], [0, 0, 0, 0], 0, 0, "floor", 0.1, False),
    ],
)
def test_compute_bleu(
    correct: list[int],
    total: list[int],
    sys_len: int,
    ref_len: int,
    method: str,
    value: float | None,
    effective: bool,
) -> None:
    arguments = (correct, total, sys_len, ref_len, method, value, effective)
    got = compat.BLEU.compute_bleu(*arguments)
    expected = SacreBLEU.compute_bleu(list(correct), list(total), *arguments[2:])
    assert (got.score, got.precisions, got.bp) == (expected.score, expected.precisions, expected.bp)
