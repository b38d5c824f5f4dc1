"""The WMT21 test sets of ``../shared/data`` as the replication reads them (the only I/O).

The folder's layout is its README's: ``newstest2021/<src>-<tgt>/`` holds ``ref.<X>.txt``,
``sys/<system>.txt`` and ``human/*.tsv`` (``system<TAB>score`` at system level,
``system<TAB>seg_id<TAB>score`` at segment level). Texts are read as sacreBLEU's command line
reads them (`parbleu.io.plain.read_segments`: trailing whitespace stripped).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from parbleu import BLEU, CHRF, TER
from parbleu.errors import InputError
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.io.plain import read_segments
from parbleu.meta import SegmentStats
from parbleu.metrics import AnyMetric
from parbleu.metrics.external import ExternalScores

__all__ = [
    "METRIC_LABEL",
    "MQM_PAIRS",
    "PAIRS",
    "Pair",
    "make_metric",
    "read_pairs",
]

#: The six WMT21 pairs of the data, in the order of the tables.
PAIRS = ("en-de", "en-zh", "en-ja", "zh-en", "de-en", "ja-en")
#: The pairs with Google's MQM segment scores.
MQM_PAIRS = ("en-de", "zh-en")
#: BLEU tokenizers that reproduce WMT21's official BLEU (data README).
BLEU_TOKENIZER = {"de": "13a", "en": "13a", "zh": "zh", "ja": "char"}
#: How each metric is named in the tables.
METRIC_LABEL = {"bleu": "BLEU", "chrf": "chrF2", "ter": "TER"}


def make_metric(name: str, target: str, *, sentence: bool = False, jobs: int = 1) -> AnyMetric:
    """The metric as WMT21 reports it for the target language.

    TER splits on whitespace only unless normalized; for Chinese and Japanese targets it is
    therefore normalized with Asian support (tercom's ``-N`` and ``--asian-support``), which
    makes every CJK character a word. ``asian_support`` alone changes nothing in sacreBLEU.
    BLEU for single segments (``sentence``) uses effective order, as sacreBLEU's sentence BLEU.
    """
    if name == "bleu":
        return BLEU(tokenize=BLEU_TOKENIZER[target], effective_order=sentence)
    if name == "chrf":
        return CHRF()
    asian = target in ("zh", "ja")
    return TER(asian_support=asian, normalized=asian, n_jobs=jobs)


@dataclass(frozen=True)
class Pair:
    """One WMT21 test set: its references (by letter) and systems (by name), read."""

    folder: Path
    references: dict[str, list[str]]
    systems: dict[str, list[str]]

    @property
    def name(self) -> str:
        """``en-de``."""
        return self.folder.name

    @property
    def target(self) -> str:
        """The target language, ``de``."""
        return self.name.split("-")[1]

    @property
    def n_segments(self) -> int:
        """Segments of the test set."""
        return len(next(iter(self.references.values())))

    def human_file(self, name: str) -> str:
        """The path of a file of ``human/``."""
        return str(self.folder / "human" / name)

    def system_scores(self, name: str) -> dict[str, float]:
        """System-level human scores from ``human/<name>`` (``da_sys.tsv``)."""
        return read_system_scores(self.human_file(name)).scores

    def segment_scores(self, name: str, label: str) -> SegmentStats:
        """Segment-level human scores (``mqm_seg.tsv``) as statistics; unrated segments allowed."""
        scores = read_segment_scores(self.human_file(name), with_system=True)
        table = ExternalScores.from_segment_scores(
            scores, self.n_segments, name=label, allow_missing=True
        )
        return SegmentStats(label, table, {s: table.system_statistics(s) for s in table.systems})


def _read_pair(folder: Path) -> Pair:
    refs = sorted(folder.glob("ref.*.txt"))
    systems = sorted((folder / "sys").glob("*.txt"))
    if not refs or not systems:
        raise InputError(f"{folder}: expected ref.*.txt and sys/*.txt (the data README's layout)")
    return Pair(
        folder,
        {path.name[len("ref.") : -len(".txt")]: read_segments(str(path)) for path in refs},
        {path.stem: read_segments(str(path)) for path in systems},
    )


def read_pairs(data: Path) -> dict[str, Pair]:
    """The six WMT21 pairs under `data` (the shared data folder).

    Raises:
        InputError: the folder or one of its pairs is missing, or a pair lacks references or
            systems.
    """
    root = data / "newstest2021"
    if not root.is_dir():
        raise InputError(
            f"no WMT21 data at {root}: give the shared data folder (--data, or "
            "$PARBLEU_SHARED_DATA)"
        )
    missing = [name for name in PAIRS if not (root / name).is_dir()]
    if missing:
        raise InputError(f"{root}: missing the pairs {', '.join(missing)}")
    return {name: _read_pair(root / name) for name in PAIRS}
