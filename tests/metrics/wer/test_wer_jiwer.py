"""Oracle: jiwer 4.0.0 on WMT21 systems, word and character error rates.

For each pair and system, one ``jiwer.process_words`` / ``process_characters`` call over the
whole corpus (computed once per module) gives the corpus rate, the summed counts and every
sentence's alignment; parbleu's corpus score must be jiwer's rate times 100 exactly, its
counts jiwer's, and each segment's statistics the counts of jiwer's alignment of that
sentence. German and English words; English, Japanese and Chinese characters; the zh-en
system with empty lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jiwer
import numpy as np
import pytest

from parbleu.metrics.wer.metric import CER, WER, ErrorRate
from tests.wmt import WmtData

pytestmark = pytest.mark.shared_data

#: (pair, system): a few systems per pair keep the module to seconds.
CASES = [
    ("en-de", "Facebook-AI"),
    ("en-de", "Online-W"),
    ("zh-en", "ZengHuiMT"),  # two empty lines
    ("en-ja", "NiuTrans"),
    ("en-zh", "WeChat-AI"),
]
MEASURES: dict[str, tuple[type[ErrorRate], Callable[..., Any]]] = {
    "wer": (WER, jiwer.process_words),
    "cer": (CER, jiwer.process_characters),
}


def segment_counts(output: Any) -> np.ndarray:
    """hits, substitutions, deletions, insertions of each sentence, from jiwer's chunks."""
    rows = []
    for chunks in output.alignments:
        counts = dict.fromkeys(("equal", "substitute", "delete", "insert"), 0)
        for chunk in chunks:
            if chunk.type == "insert":
                counts[chunk.type] += chunk.hyp_end_idx - chunk.hyp_start_idx
            else:
                counts[chunk.type] += chunk.ref_end_idx - chunk.ref_start_idx
        rows.append([counts["equal"], counts["substitute"], counts["delete"], counts["insert"]])
    return np.array(rows, dtype=np.int64)


@pytest.fixture(scope="module")
def oracle(shared_data: WmtData) -> dict[tuple[str, str, str], tuple[list[str], list[str], Any]]:
    """jiwer's output for every case and measure (reference A), computed once."""
    pairs = {pair.folder.name: pair for pair in shared_data.wmt21_pairs}
    out = {}
    for name, system in CASES:
        reference, hypotheses = pairs[name].reference("A"), pairs[name].system(system)
        for measure, (_, process) in MEASURES.items():
            out[name, system, measure] = (reference, hypotheses, process(reference, hypotheses))
    return out


@pytest.mark.parametrize("measure", sorted(MEASURES))
@pytest.mark.parametrize(("pair", "system"), CASES)
def test_identical_to_jiwer(oracle: Any, pair: str, system: str, measure: str) -> None:
    reference, hypotheses, expected = oracle[pair, system, measure]
    metric = MEASURES[measure][0]([reference])
    result = metric.corpus_score(hypotheses)
    rate = expected.wer if measure == "wer" else expected.cer
    assert result.score == rate * 100
    counts = (result.hits, result.substitutions, result.deletions, result.insertions)
    assert counts == (
        expected.hits,
        expected.substitutions,
        expected.deletions,
        expected.insertions,
    )
    stats = metric.statistics(hypotheses)
    columns = [stats.column(name) for name in ("hits", "substitutions", "deletions", "insertions")]
    assert np.array_equal(np.stack(columns, axis=1), segment_counts(expected))


def test_several_references_never_score_worse(shared_data: WmtData) -> None:
    """en-de with references A, C and D: each segment's edits are the fewest of the three
    single-reference runs (jiwer per reference), so the corpus edits are at most each's."""
    pair = next(p for p in shared_data.wmt21_pairs if p.folder.name == "en-de")
    refs = [pair.reference(letter) for letter in ("A", "C", "D")]
    hyps = pair.system("Online-W")[:300]
    refs = [ref[:300] for ref in refs]
    single = [segment_counts(jiwer.process_words(ref, hyps)) for ref in refs]
    edits = np.stack([s[:, 1:].sum(axis=1) for s in single])
    stats = WER(refs).statistics(hyps)
    ours = stats.column("substitutions") + stats.column("deletions") + stats.column("insertions")
    assert np.array_equal(ours, edits.min(axis=0))
