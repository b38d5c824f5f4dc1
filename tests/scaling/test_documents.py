"""Per-document scores against sacreBLEU 2.6.0 scoring each document on its own (oracle).

Document ids come from a WMT XML test set (so they flow from the file to the scores); each
document's score must equal sacreBLEU's corpus score of that document's segments, for BLEU,
chrF and TER, and on the shared WMT21 en-ja data with its released document ids.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER

from parbleu import BLEU, CHRF, TER
from parbleu.errors import InputError, LengthMismatchError
from parbleu.io import read_test_set
from parbleu.scaling.documents import document_scores, document_statistics
from tests.compat.test_compat_scores import HYPS, REFS
from tests.io.builders import Doc, write_wmt_xml
from tests.wmt import WmtData, read_lines

PAIRS = [(BLEU, SacreBLEU), (CHRF, SacreCHRF), (TER, SacreTER)]


def _oracle(
    oracle: type, hyps: list[str], refs: list[list[str | None]], ids: list[str]
) -> dict[str, float]:
    scores = {}
    for doc in dict.fromkeys(ids):
        rows = [i for i, d in enumerate(ids) if d == doc]
        scores[doc] = (
            oracle()
            .corpus_score([hyps[i] for i in rows], [[r[i] for i in rows] for r in refs])
            .score
        )
    return scores


@pytest.fixture
def test_set(tmp_path: Path) -> object:
    sizes = [4, 7, 1, 9, 5, 4]  # documents of the 30 sample segments
    docs, start = [], 0
    for number, size in enumerate(sizes):
        rows = range(start, start + size)
        references = {k: {i - start + 1: REFS[j][i] for i in rows} for j, k in enumerate("AB")}
        docs.append(
            Doc(
                f"doc-{number}",
                [f"s{i}" for i in rows],
                references,
                {"fair": [HYPS[i] for i in rows]},
            )
        )
        start += size
    path = tmp_path / "sample.xml"
    write_wmt_xml(path, docs)
    return read_test_set(str(path))


@pytest.mark.parametrize(("metric", "oracle"), PAIRS)
def test_document_scores_from_a_test_set(test_set: object, metric: type, oracle: type) -> None:
    hyps, refs = test_set.system("fair"), test_set.reference_streams()  # type: ignore[attr-defined]
    ids = list(test_set.doc_ids)  # type: ignore[attr-defined]
    scorer = metric(refs)
    scores = document_scores(scorer, scorer.statistics(hyps), ids)
    assert scores == _oracle(oracle, hyps, refs, ids)


def test_documents_keep_first_appearance_order() -> None:
    bleu = BLEU([REFS[0][:4]])
    stats = bleu.statistics(HYPS[:4])
    names, totals = document_statistics(bleu, stats, ["z", "a", "z", "m"])
    assert names == ("z", "a", "m")
    rows = stats.values.tolist()
    assert totals.values.tolist() == [
        [x + y for x, y in zip(rows[0], rows[2], strict=True)],
        rows[1],
        rows[3],
    ]


def test_statistics_of_another_metric_are_refused() -> None:
    """chrF's rows put through BLEU's formula would be a wrong score, not an error."""
    stats = CHRF([REFS[0][:4]]).statistics(HYPS[:4])
    with pytest.raises(InputError, match="are not BLEU's"):
        document_scores(BLEU([REFS[0][:4]]), stats, ["a", "a", "b", "b"])


def test_one_id_per_segment() -> None:
    bleu = BLEU([REFS[0][:4]])
    with pytest.raises(LengthMismatchError, match="3 document ids for 4 segments"):
        document_scores(bleu, bleu.statistics(HYPS[:4]), ["a", "b", "c"])


@pytest.mark.shared_data
def test_wmt21_en_ja_documents(shared_data: WmtData) -> None:
    folder = shared_data.root / "newstest2021" / "en-ja"
    ids = read_lines(folder / "docids.txt")
    refs = [read_lines(folder / "ref.A.txt")]
    hyps = read_lines(folder / "sys" / "Online-W.txt")
    chrf = CHRF(refs)
    assert document_scores(chrf, chrf.statistics(hyps), ids) == _oracle(SacreCHRF, hyps, refs, ids)
