"""The mteval-v13a tokenizer (``13a``), the default of sacreBLEU and of WMT.

Rules, from NIST's mteval-v13a.pl as sacreBLEU 2.6.0 applies them to one line:

1. remove ``<skipped>``, join ``-`` + newline, turn newlines into spaces;
2. unescape ``&quot; &amp; &lt; &gt;`` (only these four, in this order);
3. pad the line with one space on each side, then
   a. surround every ASCII punctuation mark except ``' , - .`` with spaces,
   b. split ``.`` and ``,`` off unless preceded by a digit,
   c. split ``.`` and ``,`` off unless followed by a digit,
   d. split ``-`` off when preceded by a digit;
4. collapse whitespace (as `str.split` does).

Rules 3a-3d look at most one character around the matched character, and a word boundary
always offers a whitespace character there, so the output for a line is the concatenation of
the output for each of its whitespace-separated words: `Mteval13a.splits_on_whitespace`.

`Mteval13a.token_spans` applies rules 3-4 to code points with array operations, using what the
substitutions amount to (proved against the regular expressions by the tests):

* whitespace and rule-3a marks end a token on both sides;
* ``-`` right after a digit is a token of its own (rule 3d);
* inside a run of two or more ``.``/``,`` every mark is a token of its own, and the run is cut
  from the character before it. The last mark of a run of ``k`` marks stays joined to a digit
  after it exactly when ``k`` plus one if a digit precedes the run is even: rules 3b and 3c
  consume the characters they match, so they split the run pairwise from its start;
* so a lone ``.`` or ``,`` stays joined only when digits surround it (``3.14``, ``1,000``).

Hence, in a word without ASCII digits, every rule-3a mark, ``.`` and ``,`` is a token of its
own and ``-`` stays: one translation of the word gives its tokens (`Mteval13a.tokens`, for
one line at a time). Only words holding a digit and a ``.``, ``,`` or ``-`` need rules 3b-3d.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, CodeArray, IntArray, Spans
from parbleu.tokenizers.base import Tokenizer, code_point_table

__all__ = ["Mteval13a", "apply_mteval_rules", "mteval_spans"]


# Rule 3a: ASCII punctuation other than ' , - . (ranges {-~, [-`, space-&, (-+, :-@ and /)
# gets a space on each side. One character at a time, so a translation table does it.
_PUNCTUATION = "{|}~[\\]^_`" + ' !"#$%&' + "()*+" + ":;<=>?@" + "/"
_SPACE_PUNCTUATION = str.maketrans({mark: f" {mark} " for mark in _PUNCTUATION})
# Rules 3a-4 where no ASCII digit stands next to ".", "," or "-": every mark of rule 3a, "."
# and "," is a token (splitting on a captured mark keeps it as a piece of its own), and so is
# every run of other characters that are not whitespace.
_MARK_CLASS = re.escape(_PUNCTUATION.replace(" ", ""))
_MARKS_APART = re.compile(f"([{_MARK_CLASS}.,])")
# Where rules 3b-3d may apply (a digit next to ".", "," or "-"; starting with a character
# class lets the scan skip to candidates), and the edges of the piece around such a place.
_DIGIT_BESIDE_MARK = re.compile(r"[0-9.,](?:(?<=[0-9])[.,-]|(?<=[.,])[0-9])")
_PIECE_EDGE = re.compile(f"[\\s{_MARK_CLASS}]")
# Rules 3b-3d. A newline is excluded from the context classes so that many lines joined by
# newlines tokenize exactly as each line alone would (a line never contains a newline there).
_PERIOD_COMMA_AFTER = re.compile(r"([^0-9\n])([\.,])")
_PERIOD_COMMA_BEFORE = re.compile(r"([\.,])([^0-9\n])")
_DASH_AFTER_DIGIT = re.compile(r"([0-9])(-)")

# The same rules as mteval applies them to a single line that may contain a newline.
_PERIOD_COMMA_AFTER_LINE = re.compile(r"([^0-9])([\.,])")
_PERIOD_COMMA_BEFORE_LINE = re.compile(r"([\.,])([^0-9])")


def apply_mteval_rules(text: str, *, single_line: bool) -> str:
    """Apply rules 3a-3d to `text` (no padding, no whitespace collapsing).

    With ``single_line=False`` the text holds many lines joined by newlines and each line is
    tokenized as if alone; with ``single_line=True`` a newline is ordinary context, as in
    sacreBLEU's per-line tokenizer.
    """
    after, before = (
        (_PERIOD_COMMA_AFTER_LINE, _PERIOD_COMMA_BEFORE_LINE)
        if single_line
        else (_PERIOD_COMMA_AFTER, _PERIOD_COMMA_BEFORE)
    )
    text = text.translate(_SPACE_PUNCTUATION)
    text = after.sub(r"\1 \2 ", text)
    text = before.sub(r" \1 \2", text)
    return _DASH_AFTER_DIGIT.sub(r"\1 \2 ", text)


# Classes of code points for `Mteval13a.token_spans`, as bits.
_CUT = 1  # whitespace or a rule-3a mark: tokens end on both sides
_SPACE = 2
_DIGIT = 4
_PERIOD = 8  # "." or ","
_DASH = 16
_CLASSES = code_point_table(
    {
        **{ord(mark): _CUT for mark in _PUNCTUATION},
        **{ord(digit): _DIGIT for digit in "0123456789"},
        ord("."): _PERIOD,
        ord(","): _PERIOD,
        ord("-"): _DASH,
    },
    whitespace=_CUT | _SPACE,
)


def mteval_spans(codes: CodeArray) -> Spans:
    """Rules 3-4 on code points that begin and end with whitespace: (starts, lengths).

    Newlines are whitespace, so many lines joined by newlines tokenize as each line alone.
    """
    classes = _CLASSES.take(codes)
    # cut[i]: a token boundary lies between characters i - 1 and i.
    cut = np.empty(len(codes), dtype=bool)
    cut[0] = True
    edge = (classes & _CUT).view(np.bool_)
    np.logical_or(edge[:-1], edge[1:], out=cut[1:])
    dashes = np.flatnonzero((classes & _DASH) != 0)
    dashes = dashes[(classes[dashes - 1] & _DIGIT) != 0]
    cut[dashes] = True
    cut[dashes + 1] = True
    marks = np.flatnonzero((classes & _PERIOD) != 0)
    if len(marks):
        _cut_period_runs(classes, marks, cut)
    token = (classes & _SPACE) == 0
    starts = np.flatnonzero(token & cut)
    lasts = np.flatnonzero(token[:-1] & cut[1:])
    return starts, lasts - starts + 1


def _cut_period_runs(classes: npt.NDArray[np.uint8], marks: IntArray, cut: BoolArray) -> None:
    """Boundaries around runs of "." and "," (rules 3b and 3c), given their positions."""
    run_start = np.ones(len(marks), dtype=bool)
    np.not_equal(marks[1:], marks[:-1] + 1, out=run_start[1:])
    run_end = np.ones(len(marks), dtype=bool)
    run_end[:-1] = run_start[1:]
    cut[marks[~run_start]] = True
    firsts, lasts = marks[run_start], marks[run_end]
    digit_before = (classes[firsts - 1] & _DIGIT) != 0
    digit_after = (classes[lasts + 1] & _DIGIT) != 0
    joined_before = digit_before & ((classes[firsts + 1] & _DIGIT) != 0)
    cut[firsts] |= ~joined_before
    joined_after = digit_after & ((lasts - firsts + digit_before) % 2 == 1)
    cut[lasts + 1] |= ~joined_after


def _plain_tokens(text: str) -> list[str]:
    """Tokens of text where no ASCII digit stands next to ``.``, ``,`` or ``-`` (rules 3-4)."""
    return " ".join(_MARKS_APART.split(text)).split()


_ENTITIES = ("&quot;", "&amp;", "&lt;", "&gt;")
_MARKS = (("&", _ENTITIES), ("<", ("<skipped>",)))
#: Beyond this many marked lines, whole-text replacements are cheaper than line rewrites.
_MAX_LINE_REWRITES = 1000


def _marked_lines(text: str) -> list[tuple[int, int]] | None:
    """Where the lines that rules 1-2 change begin and end, in order (``None``: too many).

    Finding a character is much faster than finding a word, and the marks are rare.
    """
    lines: set[int] = set()
    for mark, words in _MARKS:
        start = text.find(mark)
        while start >= 0:
            if text.startswith(words, start):
                lines.add(text.rfind("\n", 0, start) + 1)
                if len(lines) > _MAX_LINE_REWRITES:
                    return None
            start = text.find(mark, start + 1)
    spans = []
    for begin in sorted(lines):
        end = text.find("\n", begin)
        spans.append((begin, end if end >= 0 else len(text)))
    return spans


def _rules_1_2(text: str) -> str:
    """Rule 1 without newlines (``<skipped>``), then rule 2."""
    return _unescape(text.replace("<skipped>", ""))


def _unescape(text: str) -> str:
    """Rule 2: the four entities mteval-v13a unescapes, in its order (only if it has '&')."""
    if "&" not in text:
        return text
    return (
        text.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    )


class Mteval13a(Tokenizer):
    """mteval-v13a tokenization, identical to sacreBLEU's ``13a``."""

    name = "13a"
    splits_on_whitespace = True
    spans_code_points = True

    def tokenize(self, line: str) -> str:
        """Tokenize one line."""
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        line = _unescape(line)
        return " ".join(apply_mteval_rules(f" {line} ", single_line=True).split())

    def tokens(self, line: str) -> list[str]:
        """``tokenize(line).split()``, by splitting off marks where no digit is near them.

        See the module docstring: where no ASCII digit stands next to ``.``, ``,`` or ``-``,
        the tokens are each rule-3a mark, ``.`` and ``,`` alone and the runs of other
        characters between whitespace (`_plain_tokens`). Only the pieces (characters between
        whitespace and rule-3a marks) that hold a digit next to one of those three go
        through the rules (`apply_mteval_rules`).
        """
        line = self.prepare_line(line)
        special = _DIGIT_BESIDE_MARK.search(line)
        if special is None:
            return _plain_tokens(line)
        tokens: list[str] = []
        done = 0
        size = len(line)
        reverse = line[::-1]
        while special is not None:
            before = _PIECE_EDGE.search(reverse, size - special.start())
            start = size - before.start() if before is not None else 0
            after = _PIECE_EDGE.search(line, special.end())
            end = after.start() if after is not None else size
            tokens += _plain_tokens(line[done:start])
            tokens += apply_mteval_rules(f" {line[start:end]} ", single_line=True).split()
            done = end
            special = _DIGIT_BESIDE_MARK.search(line, end)
        tokens += _plain_tokens(line[done:])
        return tokens

    def tokenize_lines(self, lines: Sequence[str]) -> list[str]:
        """Tokenize many lines with one regex pass per rule over the whole corpus."""
        text = "\n".join(lines)
        if text.count("\n") != len(lines) - 1:  # some line holds a newline: rule 1 needs it
            return super().tokenize_lines(lines)
        text = _unescape(text.replace("<skipped>", ""))
        padded = " " + text.replace("\n", " \n ") + " "
        text = apply_mteval_rules(padded, single_line=False)
        return [" ".join(part.split()) for part in text.split("\n")]

    def prepare_text(self, text: str) -> str:
        """Rules 1 (without newlines) and 2, which never look past a newline.

        Only the lines that they change are rewritten: a few line rewrites cost less than
        replacements over a whole corpus.
        """
        spans = _marked_lines(text)
        if spans is None:
            return _rules_1_2(text)
        if not spans:
            return text
        parts, done = [], 0
        for begin, end in spans:
            parts += [text[done:begin], _rules_1_2(text[begin:end])]
            done = end
        parts.append(text[done:])
        return "".join(parts)

    def prepare_line(self, line: str) -> str:
        """Rules 1 and 2 on one line that may hold newlines."""
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        return _unescape(line)

    def token_spans(self, codes: CodeArray) -> Spans:
        """Rules 3-4 with array operations (`mteval_spans`)."""
        return mteval_spans(codes)

    def tokenize_words(self, words: Sequence[str]) -> list[str]:
        """Rules 3-4 for words that went through `prepare_text`.

        Letters and digits alone are untouched by every rule, so only other words go through
        the regular expressions.
        """
        out = list(words)
        rest = [i for i, word in enumerate(words) if not word.isalnum()]
        if rest:
            text = " " + " \n ".join(words[i] for i in rest) + " "
            parts = apply_mteval_rules(text, single_line=False).split("\n")
            for i, part in zip(rest, parts, strict=True):
                out[i] = " ".join(part.split())
        return out
