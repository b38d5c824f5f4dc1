"""The tokens of every line, in a form the browser rebuilds them from the line's own text.

The report shows n-gram matches on the text as written, so the browser must know each token
exactly as the metric saw it and where it lies in the line. Storing the tokens would double
the report's size; almost always they are the line's whitespace-separated words, split a few
more times (13a splits ``end.`` into ``end`` and ``.``) and, for case-insensitive metrics,
lowercased. So a line is stored as the UTF-16 offsets where its words split further
(`TokenLayout.split_counts`, `TokenLayout.split_deltas`), and the browser splits the text on
Python's whitespace (the characters ``str.split`` splits on, shipped with the report),
then at those offsets, then lowercases each character through `TokenLayout.lowercase`
(Python's own ``str.lower`` of each character that occurs, where it is one character).

Nothing is trusted: for every line the rebuilt tokens are compared with the tokenizer's
output, character for character. A line where they differ (13a unescapes ``&amp;``, TER with
``--ter-normalized`` rewrites text, ``str.lower`` maps a final sigma by context or a
character to two) keeps its tokens explicitly (`TokenLayout.explicit`). The comparison is a
few array operations over a block of lines at a time, never a Python loop per token.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.tokenizers.base import WHITESPACE

__all__ = ["BLOCK_LINES", "TokenLayout", "TokenSpans", "layout", "spans_from_tokens"]

IntArray = npt.NDArray[np.int64]
Codes = npt.NDArray[np.unsignedinteger[Any]]

#: Lines tokenized and compared at a time (bounded memory).
BLOCK_LINES = 1 << 14

_IS_SPACE = np.zeros(max(WHITESPACE) + 2, dtype=bool)
_IS_SPACE[list(WHITESPACE)] = True


@dataclass(frozen=True, eq=False)
class TokenSpans:
    """Tokens of a block of lines: ``codes[starts[t]:starts[t] + lengths[t]]`` for token t.

    The tokens of line ``i`` are numbers ``offsets[i]`` to ``offsets[i + 1] - 1``.
    """

    codes: Codes
    starts: IntArray
    lengths: IntArray
    offsets: IntArray

    def token(self, index: int) -> str:
        """One token as a string."""
        start = int(self.starts[index])
        chunk = self.codes[start : start + int(self.lengths[index])]
        return "".join(map(chr, chunk.tolist()))


@dataclass(frozen=True, eq=False)
class TokenLayout:
    """How the browser rebuilds the tokens of every line of a scheme (see the module doc)."""

    split_counts: IntArray  # per line: further splits inside its words
    split_deltas: IntArray  # per split: UTF-16 offset from the previous split (or line start)
    token_counts: IntArray  # per line: number of tokens
    explicit: dict[int, str]  # line -> its tokens joined by spaces, where rebuilding fails
    lowercase: dict[str, str]  # character -> its lowercase (applied to rebuilt tokens)


def _code_points(text: str) -> npt.NDArray[np.uint32]:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def spans_from_tokens(token_lists: Sequence[Sequence[str]]) -> TokenSpans:
    """`TokenSpans` of lines given as lists of tokens (tokens hold no whitespace)."""
    counts = np.fromiter(map(len, token_lists), dtype=np.int64, count=len(token_lists))
    text = " ".join(" ".join(tokens) for tokens in token_lists if tokens)
    codes = _code_points(f" {text} ")
    space = _IS_SPACE.take(np.minimum(codes, len(_IS_SPACE) - 1))
    starts = np.flatnonzero(space[:-1] & ~space[1:]) + 1
    ends = np.flatnonzero(~space[:-1] & space[1:]) + 1
    offsets = np.concatenate([[0], np.cumsum(counts)])
    if len(starts) != offsets[-1]:
        raise ValueError("tokens must not be empty or contain whitespace")
    return TokenSpans(codes, starts, ends - starts, offsets)


def _lowered(text: str) -> tuple[str, dict[str, str]]:
    """`text` with each character replaced by its one-character ``str.lower``, and the table."""
    table: dict[str | int, str | int | None] = {}
    for char in set(text):
        lower = char.lower()
        if lower != char and len(lower) == 1:
            table[char] = lower
    return text.translate(str.maketrans(table)) if table else text, {
        str(k): str(v) for k, v in table.items()
    }


@dataclass(frozen=True, eq=False)
class _Block:
    """One block of lines as code points, with where lines and their non-space runs begin."""

    codes: npt.NDArray[np.uint32]
    line_starts: IntArray  # code point index of each line's start (and the end)
    nonspace: IntArray  # code point index of every non-whitespace character
    nonspace_line: IntArray  # its line
    word_start: npt.NDArray[np.bool_]  # per code point: starts a whitespace-separated word

    @classmethod
    def of(cls, lines: Sequence[str], text: str) -> _Block:
        codes = _code_points(text)
        lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
        line_starts = np.concatenate([[0], np.cumsum(lengths)])
        space = _IS_SPACE.take(np.minimum(codes, len(_IS_SPACE) - 1))
        before = np.ones(len(codes), dtype=bool)
        before[1:] = space[:-1]
        before[line_starts[:-1][lengths > 0]] = True
        nonspace = np.flatnonzero(~space)
        line_of = np.repeat(np.arange(len(lines)), lengths)
        return cls(codes, line_starts, nonspace, line_of[nonspace], ~space & before)


def _token_lines(spans: TokenSpans) -> IntArray:
    return np.repeat(np.arange(len(spans.offsets) - 1), np.diff(spans.offsets))


def _rebuildable(
    block: _Block, spans: TokenSpans, n_lines: int
) -> tuple[npt.NDArray[np.bool_], IntArray]:
    """Lines whose tokens are their non-space characters, split anew; token start positions."""
    token_line = _token_lines(spans)
    raw_count = np.bincount(block.nonspace_line, minlength=n_lines)
    token_count = np.bincount(token_line, weights=spans.lengths, minlength=n_lines).astype(np.int64)
    ok = raw_count == token_count
    chars = _span_positions(spans.starts, spans.lengths, len(spans.codes))
    if ok.all():  # the usual case: compare everything at once
        same = block.codes[block.nonspace] == spans.codes[chars]
        ok[np.unique(block.nonspace_line[~same])] = False
    else:
        char_line = np.repeat(token_line, spans.lengths)
        kept = ok[block.nonspace_line]
        same = block.codes[block.nonspace[kept]] == spans.codes[chars[ok[char_line]]]
        ok[np.unique(block.nonspace_line[kept][~same])] = False
    # Where each token starts in the line's text: its rank among the line's characters.
    first_char = np.concatenate([[0], np.cumsum(spans.lengths)])
    rank = first_char[:-1] - first_char[spans.offsets[:-1]][token_line]
    line_nonspace = np.concatenate([[0], np.cumsum(raw_count)])
    if not len(block.nonspace):  # no text: only lines without tokens can be rebuilt
        return ok & (np.diff(spans.offsets) == 0), np.zeros(len(token_line), dtype=np.int64)
    safe = np.where(ok[token_line], line_nonspace[token_line] + rank, 0)
    positions = block.nonspace[safe]
    # Every word must begin a token (else the tokenizer joined words).
    at_word = block.word_start[positions] & ok[token_line]
    words = np.bincount(block.nonspace_line[block.word_start[block.nonspace]], minlength=n_lines)
    ok &= np.bincount(token_line[at_word], minlength=n_lines) == words
    return ok, positions


def _span_positions(starts: IntArray, lengths: IntArray, size: int) -> IntArray:
    """``start, start + 1, ..`` for every span of ``0 .. size - 1``, in order.

    Spans are in increasing order and never overlap (they are tokens).
    """
    edges = np.zeros(size + 1, dtype=np.int8)
    edges[starts] += 1
    edges[starts + lengths] -= 1
    return np.flatnonzero(np.cumsum(edges[:-1]) > 0)


def _utf16(codes: npt.NDArray[np.uint32], positions: IntArray) -> IntArray:
    """UTF-16 offsets of code point positions (characters beyond U+FFFF count twice)."""
    astral = np.concatenate([[0], np.cumsum(codes > 0xFFFF)])
    offsets: IntArray = positions + astral[positions]
    return offsets


def _block_layout(
    lines: Sequence[str], spans: TokenSpans, lowercase: bool
) -> tuple[IntArray, IntArray, IntArray, dict[int, str], dict[str, str]]:
    text = "".join(lines)
    text, table = _lowered(text) if lowercase else (text, {})
    block = _Block.of(lines, text)
    ok, positions = _rebuildable(block, spans, len(lines))
    token_line = _token_lines(spans)
    split = ok[token_line]
    if len(block.word_start):
        split &= ~block.word_start[positions]
    lines_of_split = token_line[split]
    # Offsets count UTF-16 units of the text as written (lowercasing keeps code points).
    original = _code_points("".join(lines)) if lowercase else block.codes
    offsets16 = _utf16(original, positions[split]) - _utf16(
        original, block.line_starts[lines_of_split]
    )
    deltas = offsets16.copy()
    follows = np.zeros(len(lines_of_split), dtype=bool)
    follows[1:] = lines_of_split[1:] == lines_of_split[:-1]
    deltas[follows] -= offsets16[np.flatnonzero(follows) - 1]
    explicit = {
        int(i): " ".join(spans.token(t) for t in range(spans.offsets[i], spans.offsets[i + 1]))
        for i in np.flatnonzero(~ok)
    }
    counts = np.bincount(lines_of_split, minlength=len(lines))
    return counts, deltas, np.diff(spans.offsets), explicit, table


def layout(
    lines: Sequence[str],
    tokenize: Callable[[Sequence[str]], TokenSpans],
    *,
    lowercase: bool,
    block_lines: int = BLOCK_LINES,
) -> TokenLayout:
    """The `TokenLayout` of `lines` whose tokens `tokenize` gives (a block at a time).

    Args:
        lines: the text of every line, as shown.
        tokenize: the tokens of a block of lines, as the metric sees them.
        lowercase: whether the metric lowercases before tokenizing.
        block_lines: lines per block.
    """
    counts, deltas, tokens = [], [], []
    explicit: dict[int, str] = {}
    table: dict[str, str] = {}
    for start in range(0, len(lines), block_lines):
        part = lines[start : start + block_lines]
        c, d, n, e, t = _block_layout(part, tokenize(part), lowercase)
        counts.append(c)
        deltas.append(d)
        tokens.append(n)
        explicit.update({start + i: text for i, text in e.items()})
        table.update(t)
    empty = np.zeros(0, dtype=np.int64)
    return TokenLayout(
        np.concatenate(counts) if counts else empty,
        np.concatenate(deltas) if deltas else empty,
        np.concatenate(tokens) if tokens else empty,
        explicit,
        table,
    )
