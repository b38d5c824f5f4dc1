"""METEOR exactly as NLTK 3.10's ``meteor_score`` computes it, on the statistics spine.

Each segment is tokenized (parbleu's tokenizers; NLTK takes words already split),
lowercased (NLTK's default ``preprocess``) and aligned to each of its references
(`parbleu.metrics.meteor.align`); its score is the best over references, as
``meteor_score`` takes it (``max``, the first of equals). A segment's row of statistics
holds the matches, chunks and lengths against that reference, and its score; the corpus
score is the mean segment score (what HF evaluate's ``meteor`` reports), so every resample,
block or subset of rows is scored the same way.

Usage (WordNet from Debian's ``wordnet-base``)::

    METEOR([["the cat sat on the mat"]], wordnet=DEBIAN_WORDNET).corpus_score(["a cat sat"])
    database = WordNet.load(DEBIAN_WORDNET)  # loaded once, shared by several metrics
    METEOR([["the cat sat on the mat"]], database=database)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.errors import OptionError
from parbleu.metrics.base import Metric
from parbleu.metrics.meteor.batch import NumberedWords, PairCounts, align_pairs
from parbleu.metrics.meteor.formula import METEOR_LAYOUT, meteor, meteor_means
from parbleu.metrics.meteor.lexicon import Lexicon
from parbleu.metrics.meteor.options import MeteorOptions
from parbleu.metrics.meteor.result import MeteorScore
from parbleu.metrics.meteor.wordnet import DEBIAN_WORDNET, WordNet
from parbleu.options import options_from
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats
from parbleu.tokenizers import make_tokenizer
from parbleu.tokenizers.base import Tokenizer

__all__ = ["METEOR", "MeteorReferences"]

Words = list[list[str]]
#: A segment's matches, chunks, hypothesis and reference lengths, and score.
SegmentCounts = tuple[int, int, int, int, float]


def _words(lines: list[str], tokenizer: Tokenizer) -> Words:
    """Tokenized, lowercased words of each line."""
    return [line.lower().split() for line in tokenizer.tokenize_lines(lines)]


@dataclass(frozen=True, eq=False)
class MeteorReferences:
    """References split into lowercased words once, for any number of systems.

    `lexicon` keeps the stems and synonym sets that scoring against these references has
    looked up, so every system after the first finds most of its words there.
    """

    references: ReferenceSet
    words: NumberedWords  # stream after stream, segment after segment
    vocabulary: dict[str, int]  # the words' ids (read only)
    present: BoolArray  # (n_streams, n_segments)
    lexicon: Lexicon


def _best(
    segment_of: list[int],
    counts: PairCounts,
    hyp_lengths: list[int],
    ref_lengths: list[int],
    options: MeteorOptions,
) -> list[SegmentCounts]:
    """Each segment's counts and score against its best reference (the first of equals)."""
    best: list[SegmentCounts | None] = [None] * len(hyp_lengths)
    for segment, matches, chunks, ref_len in zip(
        segment_of, counts.matches.tolist(), counts.chunks.tolist(), ref_lengths, strict=True
    ):
        hyp_len = hyp_lengths[segment]
        score = meteor(
            matches,
            chunks,
            hyp_len,
            ref_len,
            alpha=options.alpha,
            beta=options.beta,
            gamma=options.gamma,
        )
        found = best[segment]
        if found is None or score > found[4]:
            best[segment] = (matches, chunks, hyp_len, ref_len, score)
    if any(found is None for found in best):
        raise ValueError("a segment without references")  # resolve_references refuses them
    return best  # type: ignore[return-value]


def _database(options: MeteorOptions, database: WordNet | None) -> WordNet:
    """The WordNet `database` given, or the one in the options' folder, loaded."""
    if database is None:
        if options.wordnet is None:
            raise OptionError(
                "METEOR needs WordNet 3.0: give wordnet= (its folder; on Debian or Ubuntu, "
                f"apt-get install wordnet-base, then {DEBIAN_WORDNET}) or database= (a "
                "WordNet already loaded)",
                option="wordnet",
                expected="a WordNet 3.0 folder",
            )
        return WordNet.load(options.wordnet)
    if not isinstance(database, WordNet):
        raise OptionError(
            f"database must be a loaded WordNet; got {type(database).__name__}",
            option="database",
            expected="a WordNet",
            received=database,
        )
    if options.wordnet is not None and options.wordnet.resolve() != database.folder.resolve():
        raise OptionError(
            f"wordnet={options.wordnet} but the database was loaded from {database.folder}",
            option="wordnet",
            expected=str(database.folder),
            received=options.wordnet,
        )
    return database


class METEOR(Metric[MeteorScore, MeteorReferences]):
    """METEOR with fixed options and a WordNet database, optionally with references prepared.

    Args:
        references: reference streams (K sequences of N strings); or give ``ref_streams=`` or
            ``segment_refs=`` (N sequences of references) instead.
        database: a `WordNet` already loaded (to share it between metrics); or give its
            folder as the ``wordnet`` option.
        options: a `MeteorOptions` value; or give its fields as keywords: ``wordnet`` (a
            WordNet 3.0 folder, such as ``DEBIAN_WORDNET``), ``tokenize`` (13a by default),
            ``alpha`` (0.9), ``beta`` (3.0), ``gamma`` (0.5).

    Raises:
        OptionError: no WordNet given, or options out of range.
        MissingDependencyError: WordNet is not in the folder (the message says how to get it).
    """

    name = "METEOR"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        database: WordNet | None = None,
        options: MeteorOptions | None = None,
        **settings: Any,
    ) -> None:
        options = options_from(MeteorOptions, options, settings, "METEOR")
        self.wordnet = _database(options, database)
        self.options = dataclasses.replace(options, wordnet=self.wordnet.folder)
        self.tokenizer = make_tokenizer(self.options.tokenize)
        self._setup(references, ref_streams, segment_refs)

    @property
    def layout(self) -> Layout:
        """``matches, chunks, hyp_len, ref_len, score_sum, segments``."""
        return METEOR_LAYOUT

    @property
    def sums_in_any_order(self) -> bool:
        """False: segment scores are floats, added in segment order."""
        return False

    @property
    def systems_share_prepared_work(self) -> bool:
        """True: the prepared references' `Lexicon` serves every system scored against them."""
        return True

    def prepare(self, references: ReferenceSet) -> MeteorReferences:
        """Split the references into lowercased words once, with an empty `Lexicon`."""
        lines = [
            words
            for stream in references.present_streams()
            for words in _words(stream, self.tokenizer)
        ]
        numbered, vocabulary = NumberedWords.of(lines, {})
        present = np.array(references.present_mask(), dtype=bool)
        return MeteorReferences(references, numbered, vocabulary, present, Lexicon(self.wordnet))

    def _statistics(self, lines: list[str], prepared: MeteorReferences) -> Stats:
        lexicon = prepared.lexicon
        if lexicon.wordnet is not self.wordnet:  # prepared by a METEOR on another database
            lexicon = Lexicon(self.wordnet)
        hypotheses, vocabulary = NumberedWords.of(
            _words(lines, self.tokenizer), prepared.vocabulary
        )
        # (segment, stream) pairs of every present reference, segment by segment.
        streams, segment_of = np.nonzero(prepared.present[:, : len(lines)].T)[::-1]
        references = NumberedWords(
            prepared.words.ids,
            prepared.words.starts.reshape(prepared.present.shape)[streams, segment_of],
            prepared.words.lengths.reshape(prepared.present.shape)[streams, segment_of],
        )
        pairs = align_pairs(
            hypotheses,
            references,
            segment_of,
            list(vocabulary),
            stem=lexicon.stem,
            synonyms=lexicon.synonyms,
        )
        counts = _best(
            segment_of.tolist(),
            pairs,
            hypotheses.lengths.tolist(),
            references.lengths.tolist(),
            self.options,
        )
        table = np.array(counts, dtype=np.float64).reshape(len(lines), 5)
        names = ("matches", "chunks", "hyp_len", "ref_len", "score_sum")
        parts = {name: table[:, k] for k, name in enumerate(names)}
        parts["segments"] = np.ones(len(lines))
        return Stats(self.columns, self.layout.assemble(parts, dtype=np.float64))

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """``100 *`` the mean segment METEOR of each row of summed statistics."""
        scores: FloatArray = 100 * meteor_means(rows, self.layout)
        return scores

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """tok, alpha, beta, gamma, wordnet (the database's version)."""
        return self.options.signature_fields(self.wordnet.version)

    def score_totals(
        self, totals: npt.ArrayLike, signature: Signature | None = None
    ) -> MeteorScore:
        """The result for one row of summed statistics."""
        row = np.asarray(totals, dtype=np.float64)
        mean = float(meteor_means(row, self.layout)[0])
        return MeteorScore(
            score=100 * mean,
            meteor=mean,
            statistics=tuple(float(x) for x in row),
            signature=signature if signature is not None else self.signature(),
        )
