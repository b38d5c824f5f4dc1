"""Text to token ids: the only place where strings turn into integers.

A corpus is encoded in a few C-level passes: lines are joined with a marker word between them,
lowercased and rewritten as whole text, split once into words, and each distinct word is looked
up (and, for tokenizers that split on whitespace, tokenized) once. The result is an `Encoded`
corpus: one flat int64 array of token ids and the offset of every segment in it.

Reference text grows the vocabulary; hypothesis text is looked up in it, and tokens the
references never contain get id -1, which can never match.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, repeat

import numpy as np
import numpy.typing as npt

from parbleu.tokenizers.base import Tokenizer

__all__ = ["UNKNOWN", "Encoded", "TextEncoder"]

#: Token id of a hypothesis token that no reference contains.
UNKNOWN = -1

IntArray = npt.NDArray[np.int64]

# Candidate markers between lines: non-whitespace characters no tokenizer rewrites.
_MARKERS = ("\x00", "\x01", "\x02", "\x03", "\ue000", "\ue001", "\U000f0000", "\U0010fffd")


@dataclass(frozen=True)
class Encoded:
    """Token ids of a corpus: segment ``i`` is ``ids[offsets[i]:offsets[i + 1]]``."""

    ids: IntArray
    offsets: IntArray

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return len(self.offsets) - 1

    @property
    def lengths(self) -> IntArray:
        """Number of tokens of each segment."""
        return np.diff(self.offsets)

    def segment(self, index: int) -> IntArray:
        """Token ids of one segment."""
        return self.ids[self.offsets[index] : self.offsets[index + 1]]

    def slice(self, start: int, stop: int) -> Encoded:
        """Segments ``start`` to ``stop - 1`` as a corpus of their own."""
        lo, hi = self.offsets[start], self.offsets[stop]
        return Encoded(self.ids[lo:hi], self.offsets[start : stop + 1] - lo)


def _join_with_marker(lines: Sequence[str]) -> tuple[str, str]:
    """Join lines with `` MARKER `` where MARKER occurs in no line."""
    for marker in _MARKERS:
        text = f" {marker} ".join(lines)
        if text.count(marker) == len(lines) - 1:
            return text, marker
    raise ValueError("every candidate line marker occurs in the text")  # pragma: no cover


class _WordTable:
    """Token ids of each known word, stored as one flat array (CSR layout)."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self._starts: list[int] = []
        self._lengths: list[int] = []
        self._flat: list[int] = []
        self._arrays: tuple[IntArray, IntArray, IntArray] | None = None

    def add(self, word: str, token_ids: Sequence[int]) -> None:
        self.index[word] = len(self._starts)
        self._starts.append(len(self._flat))
        self._lengths.append(len(token_ids))
        self._flat.extend(token_ids)
        self._arrays = None

    def arrays(self) -> tuple[IntArray, IntArray, IntArray]:
        """(starts, lengths, flat) as arrays, rebuilt only after words were added."""
        if self._arrays is None:
            self._arrays = (
                np.asarray(self._starts, dtype=np.int64),
                np.asarray(self._lengths, dtype=np.int64),
                np.asarray(self._flat, dtype=np.int64),
            )
        return self._arrays


@dataclass(frozen=True)
class _Lookup:
    """Result of looking up a list of strings: rows, and what was not found."""

    rows: IntArray
    is_marker: npt.NDArray[np.bool_]
    missing: IntArray  # positions not found (markers included)
    missing_items: list[str]
    new_items: list[str]  # distinct items not found, markers excluded, in first-seen order


def _lookup(items: list[str], marker: str, index: dict[str, int]) -> _Lookup:
    rows = np.fromiter(map(index.get, items, repeat(-1)), np.int64, len(items))
    missing = np.flatnonzero(rows < 0)
    missing_items = [items[i] for i in missing]
    is_marker = np.zeros(len(items), dtype=bool)
    is_marker[missing[np.fromiter((item == marker for item in missing_items), bool)]] = True
    new_items = [item for item in dict.fromkeys(missing_items) if item != marker]
    return _Lookup(rows, is_marker, missing, missing_items, new_items)


class TextEncoder:
    """Encodes text for one tokenizer and casing into token ids over a shared vocabulary.

    The vocabulary only grows through `encode_references`; `encode_hypotheses` never changes
    the encoder, so one prepared set of references serves any number of systems.
    """

    def __init__(self, tokenizer: Tokenizer, *, lowercase: bool) -> None:
        self.tokenizer = tokenizer
        self.lowercase = lowercase
        self.vocabulary: dict[str, int] = {}
        self._words = _WordTable()

    @property
    def vocabulary_size(self) -> int:
        """Number of distinct reference tokens (ids are ``0 .. size - 1``)."""
        return len(self.vocabulary)

    def encode_references(self, lines: Sequence[str]) -> Encoded:
        """Encode reference lines, adding their tokens to the vocabulary."""
        return self._encode(lines, grow=True)

    def encode_hypotheses(self, lines: Sequence[str]) -> Encoded:
        """Encode hypothesis lines; tokens absent from the references become `UNKNOWN`."""
        return self._encode(lines, grow=False)

    def tokenized(self, lines: Sequence[str]) -> list[str]:
        """Each line lowercased (if asked), right-stripped and tokenized, as sacreBLEU does."""
        if self.lowercase:
            lines = [line.lower() for line in lines]
        return self.tokenizer.tokenize_lines([line.rstrip() for line in lines])

    def _encode(self, lines: Sequence[str], *, grow: bool) -> Encoded:
        if not lines:
            return Encoded(np.zeros(0, np.int64), np.zeros(1, np.int64))
        text, marker = _join_with_marker(lines)
        # Words can be tokenized alone unless a line holds a newline (13a rule 1 needs it).
        if self.tokenizer.splits_on_whitespace and "\n" not in text:
            if self.lowercase:
                text = text.lower()
            words = self.tokenizer.prepare_text(text).split()
            return self._encode_words(words, marker, len(lines), grow=grow)
        text, marker = _join_with_marker(self.tokenized(lines))
        found = _lookup(text.split(), marker, self.vocabulary)
        if grow:
            ids = list(self._grow(found.new_items))
            new = dict(zip(found.new_items, ids, strict=True))
            found.rows[found.missing] = [new.get(item, UNKNOWN) for item in found.missing_items]
        return _cut(found.rows, found.is_marker, len(lines))

    def _encode_words(self, words: list[str], marker: str, n_lines: int, *, grow: bool) -> Encoded:
        table = self._words
        found = _lookup(words, marker, table.index)
        tokenized = [tokens.split() for tokens in self.tokenizer.tokenize_words(found.new_items)]
        if grow:
            for word, tokens in zip(found.new_items, tokenized, strict=True):
                table.add(word, list(self._grow(tokens)))
            starts, lengths, flat = table.arrays()
            new_rows = {word: table.index[word] for word in found.new_items}
        else:  # words only these hypotheses contain get rows after the known ones
            starts, lengths, flat = table.arrays()
            get = self.vocabulary.get
            extra = [[get(token, UNKNOWN) for token in tokens] for tokens in tokenized]
            extra_lengths = np.fromiter(map(len, extra), np.int64, len(extra))
            new_rows = {word: len(starts) + i for i, word in enumerate(found.new_items)}
            starts = np.concatenate([starts, len(flat) + np.cumsum(extra_lengths) - extra_lengths])
            lengths = np.concatenate([lengths, extra_lengths])
            flat = np.concatenate([flat, np.fromiter(chain.from_iterable(extra), np.int64)])
        rows = found.rows
        rows[found.missing] = [new_rows.get(word, -1) for word in found.missing_items]
        return _expand(rows, found.is_marker, (starts, lengths, flat), n_lines)

    def _grow(self, tokens: Sequence[str]) -> Iterator[int]:
        vocabulary = self.vocabulary
        for token in tokens:
            yield vocabulary.setdefault(token, len(vocabulary))


def _cut(ids: IntArray, is_marker: npt.NDArray[np.bool_], n_segments: int) -> Encoded:
    """Cut a token stream into segments at the markers."""
    boundaries = np.flatnonzero(is_marker)
    offsets = np.empty(n_segments + 1, np.int64)
    offsets[0] = 0
    offsets[1:-1] = boundaries - np.arange(len(boundaries))
    offsets[-1] = len(ids) - len(boundaries)
    return Encoded(np.ascontiguousarray(ids[~is_marker]), offsets)


def _expand(
    rows: IntArray,
    is_marker: npt.NDArray[np.bool_],
    table: tuple[IntArray, IntArray, IntArray],
    n_segments: int,
) -> Encoded:
    """Replace each word by its token ids and cut the stream into segments at the markers."""
    starts, lengths, flat = table
    words = _cut(rows, is_marker, n_segments)
    token_counts = lengths[words.ids]
    cumulative = np.concatenate([[0], np.cumsum(token_counts)])
    offsets = cumulative[words.offsets]
    # Position of each output token in `flat`: its word's start plus its rank inside the word.
    gather = np.arange(cumulative[-1], dtype=np.int64) + np.repeat(
        starts[words.ids] - cumulative[:-1], token_counts
    )
    return Encoded(flat[gather], offsets)
