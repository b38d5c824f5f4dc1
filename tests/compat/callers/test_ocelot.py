"""OCELoT (AppraiseDev/OCELoT): the leaderboard's scores of a submission.

``leaderboard/models.py:1200-1211`` reads the submission and the reference with ``open``
(lines keep their ``\\n``) and calls ``corpus_bleu(hyp_stream, [ref_stream],
tokenize=tokenize)`` (``char`` for Japanese, ``zh`` for Chinese, 13a otherwise) and
``corpus_chrf(hyp_stream, [ref_stream])``; ``leaderboard/utils.py:9`` imports
``smart_open`` from ``sacrebleu.utils``. Oracle: the same pattern with sacreBLEU 2.6.0.

* A complete submission: identical.
* A submission one line short: a documented refusal. sacreBLEU scores the lines it has
  against the first lines of the reference and drops the last reference line silently;
  parbleu raises `parbleu.LengthMismatchError` (OCELoT catches it and shows no score, which
  is what its own ``_validate_hyp_length`` asks for). Inside
  `parbleu.compat.allow_truncation` the numbers are sacreBLEU's, with a warning.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import parbleu
import parbleu.compat
from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both, sacrebleu_is

pytestmark = pytest.mark.shared_data


def _files(tmp_path: Path, corpus: Corpus, short: bool) -> tuple[Path, Path]:
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    lines = corpus.systems[corpus.names[0]]
    hyp.write_text("".join(f"{line}\n" for line in lines[: -1 if short else None]), "utf-8")
    ref.write_text("".join(f"{line}\n" for line in corpus.ref), "utf-8")
    return hyp, ref


def _scores(hyp: Path, ref: Path, tokenize: str) -> tuple[float, float, list[str]]:
    from sacrebleu import corpus_bleu, corpus_chrf  # noqa: PLC0415
    from sacrebleu.utils import smart_open  # noqa: PLC0415

    with hyp.open(encoding="utf-8") as hyp_file, ref.open(encoding="utf-8") as ref_file:
        hyp_stream = list(hyp_file)  # as OCELoT reads them: lines keep their "\n"
        ref_stream = list(ref_file)
    with smart_open(str(ref)) as handle:
        first = [next(handle) for _ in range(2)]
    bleu = corpus_bleu(hyp_stream, [ref_stream], tokenize=tokenize)
    chrf = corpus_chrf(hyp_stream, [ref_stream])
    return bleu.score, chrf.score, first


@pytest.mark.parametrize(("pair", "tokenize"), [("ende", "13a"), ("enzh", "zh")])
def test_a_complete_submission(
    tmp_path: Path, pair: str, tokenize: str, request: pytest.FixtureRequest
) -> None:
    hyp, ref = _files(tmp_path, request.getfixturevalue(pair), short=False)
    assert_identical(*run_both(lambda: _scores(hyp, ref, tokenize)))


def test_a_submission_one_line_short_is_refused_unless_truncation_is_allowed(
    tmp_path: Path, ende: Corpus
) -> None:
    hyp, ref = _files(tmp_path, ende, short=True)
    theirs = _scores(hyp, ref, "13a")
    with sacrebleu_is("parbleu"):
        with pytest.raises(parbleu.LengthMismatchError):
            _scores(hyp, ref, "13a")
        with parbleu.compat.allow_truncation(), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ours = _scores(hyp, ref, "13a")
    assert_identical(theirs, ours)
    n = len(ende.ref)
    messages = [str(w.message) for w in caught if w.category is parbleu.compat.TruncationWarning]
    assert len(messages) == 2  # BLEU and chrF
    assert all(f"lines of reference stream 0 {n}-{n} (1 of {n})" in m for m in messages)
