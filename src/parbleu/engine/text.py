"""Lines of text to tokens: spans of code points, with no Python loop over tokens.

A block of lines is joined by newlines, lowercased (if asked) and rewritten by the tokenizer's
context-free rules as one string (`Tokenizer.prepare_text`), which becomes an array of code
points in one ``str.encode`` call (16-bit when every character fits, which is then exactly
UTF-16). The tokenizer finds every token as a span of code points with array operations
(`Tokenizer.token_spans`); tokenizers without that path tokenize the lines with
`Tokenizer.tokenize_lines`, and their output is split on whitespace the same way. Newlines
separate the lines, so where each line's tokens begin is a search among the token starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import CodeArray, IntArray
from parbleu.tokenizers.base import Tokenizer, whitespace_spans

__all__ = [
    "PADDING",
    "TokenBlock",
    "code_points",
    "prepared_text",
    "span_positions",
    "tokenize_block",
    "tokenized_lines",
]


#: Characters after the last token that a block always has (chunked reads go past a token:
#: three 16-bit units, or seven bytes, `parbleu.engine.tokens`).
PADDING = 7
# Spaces after the last line: one for the tokenizers' context, `PADDING` for chunked reads.
_END = " " * (1 + PADDING)
_NEWLINE = ord("\n")


def span_positions(starts: IntArray, lengths: IntArray, step: int = 1) -> IntArray:
    """``start, start + step, ..`` (`length` values) for every span, span after span."""
    if not lengths.all():
        kept = lengths > 0
        starts, lengths = starts[kept], lengths[kept]
    if not len(starts):
        return np.zeros(0, dtype=np.int64)
    # Within a span positions are `step` apart; each span jumps to its own start.
    steps = np.full(int(lengths.sum()), step, dtype=np.int64)
    firsts = np.cumsum(lengths[:-1])
    steps[0] = starts[0]
    steps[firsts] = starts[1:] - starts[:-1] - step * (lengths[:-1] - 1)
    positions: IntArray = np.cumsum(steps, out=steps)
    return positions


@dataclass(frozen=True, eq=False)
class TokenBlock:
    """Tokens of a block of lines: ``text[s:s + n]`` (also ``codes[s:s + n]``) for each span.

    `codes` holds one code point per character of `text` (16-bit when all fit), and at least
    `PADDING` characters follow the last token. The tokens of line ``i`` are numbers
    ``offsets[i]`` to ``offsets[i + 1] - 1``.
    """

    text: str
    codes: CodeArray
    starts: IntArray
    lengths: IntArray
    offsets: IntArray

    def __len__(self) -> int:
        return len(self.starts)

    def token(self, index: int) -> str:
        """One token as a string."""
        start = int(self.starts[index])
        return self.text[start : start + int(self.lengths[index])]

    def take_lines(self, lines: IntArray) -> TokenBlock:
        """The tokens of lines ``lines[0], lines[1], ...`` (repeats allowed), same text.

        The tokens' starts are then in the order of `lines`, no longer increasing.
        """
        counts = np.diff(self.offsets).take(lines)
        offsets = np.zeros(len(lines) + 1, dtype=np.int64)
        np.cumsum(counts, out=offsets[1:])
        at = span_positions(self.offsets.take(lines), counts)
        return TokenBlock(
            self.text, self.codes, self.starts.take(at), self.lengths.take(at), offsets
        )


def tokenized_lines(lines: Sequence[str], tokenizer: Tokenizer, *, lowercase: bool) -> list[str]:
    """Each line lowercased (if asked), right-stripped and tokenized, as sacreBLEU does."""
    if lowercase:
        lines = [line.lower() for line in lines]
    return tokenizer.tokenize_lines([line.rstrip() for line in lines])


def prepared_text(lines: Sequence[str], tokenizer: Tokenizer, *, lowercase: bool) -> str:
    """Lines joined by newlines, ready for `Tokenizer.token_spans`, between spaces.

    No line holds a newline afterwards, so newlines are exactly the line boundaries. For
    tokenizers without a code-point path, the lines are tokenized here already.
    """
    if not tokenizer.spans_code_points:
        tokenized = tokenized_lines(lines, tokenizer, lowercase=lowercase)
        text = "\n".join(tokenized)
        if text.count("\n") != len(lines) - 1:
            text = "\n".join(line.replace("\n", " ") for line in tokenized)
        return f" {text}{_END}"
    text = "\n".join(lines)
    if text.count("\n") == len(lines) - 1:
        if lowercase:
            text = text.lower()
        return f" {tokenizer.prepare_text(text)}{_END}"
    # Some line holds a newline, which the tokenizer's own rules may need: one by one.
    if lowercase:
        lines = [line.lower() for line in lines]
    return " " + "\n".join(tokenizer.prepare_line(line.rstrip()) for line in lines) + _END


def _ascii_codes(
    lines: Sequence[str], tokenizer: Tokenizer, *, lowercase: bool
) -> tuple[CodeArray, IntArray]:
    """`prepared_text` as `Tokenizer.ascii_codes` (ASCII tokens), and where its newlines are."""
    text = "\n".join(lines)
    codes = _padded(tokenizer.ascii_codes(text.lower() if lowercase else text))
    newlines = np.flatnonzero(codes == _NEWLINE)
    if len(newlines) != len(lines) - 1:  # some line holds a newline: one by one
        if lowercase:
            lines = [line.lower() for line in lines]
        text = "\n".join(tokenizer.prepare_line(line.rstrip()) for line in lines)
        codes = _padded(tokenizer.ascii_codes(text))
        newlines = np.flatnonzero(codes == _NEWLINE)
    return codes, newlines


def _padded(codes: npt.NDArray[np.uint8]) -> CodeArray:
    """One space before `codes`, and ``1 + PADDING`` after them."""
    padded = np.full(len(codes) + 2 + PADDING, ord(" "), dtype=np.uint8)
    padded[1 : len(codes) + 1] = codes
    return padded


def code_points(text: str) -> CodeArray:
    """One code point per character: 16-bit when every one fits (UTF-16 is then exact)."""
    units = text.encode("utf-16-le", "surrogatepass")
    if len(units) == 2 * len(text):
        return np.frombuffer(units, dtype=np.uint16)
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def tokenize_block(lines: Sequence[str], tokenizer: Tokenizer, *, lowercase: bool) -> TokenBlock:
    """The tokens of `lines` (at least one line), as spans of one array of code points.

    A tokenizer whose tokens are ASCII (`Tokenizer.ascii_tokens`) gives bytes instead
    (`Tokenizer.ascii_codes`): the block's `text` is then those bytes as Latin-1, whose
    tokens are the same ASCII strings.
    """
    if tokenizer.ascii_tokens:
        codes, newlines = _ascii_codes(lines, tokenizer, lowercase=lowercase)
        text = codes.tobytes().decode("latin-1")
    else:
        text = prepared_text(lines, tokenizer, lowercase=lowercase)
        codes = code_points(text)
        newlines = np.flatnonzero(codes == _NEWLINE)
    if tokenizer.spans_code_points:
        starts, lengths = tokenizer.token_spans(codes)
    else:
        starts, lengths = whitespace_spans(codes)
    offsets = np.empty(len(lines) + 1, dtype=np.int64)
    offsets[0] = 0
    offsets[1:-1] = np.searchsorted(starts, newlines)
    offsets[-1] = len(starts)
    return TokenBlock(text, codes, starts, lengths, offsets)
