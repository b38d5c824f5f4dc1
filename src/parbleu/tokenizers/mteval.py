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
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from parbleu.tokenizers.base import Tokenizer

__all__ = ["Mteval13a", "apply_mteval_rules"]

# Rule 3a: ASCII punctuation other than ' , - . (ranges {-~, [-`, space-&, (-+, :-@ and /)
# gets a space on each side. One character at a time, so a translation table does it.
_PUNCTUATION = "{|}~[\\]^_`" + ' !"#$%&' + "()*+" + ":;<=>?@" + "/"
_SPACE_PUNCTUATION = str.maketrans({mark: f" {mark} " for mark in _PUNCTUATION})
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


def _unescape(text: str) -> str:
    """Rule 2: the four entities mteval-v13a unescapes, in its order."""
    if "&" not in text:
        return text
    return (
        text.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    )


class Mteval13a(Tokenizer):
    """mteval-v13a tokenization, identical to sacreBLEU's ``13a``."""

    name = "13a"
    splits_on_whitespace = True

    def tokenize(self, line: str) -> str:
        """Tokenize one line."""
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        line = _unescape(line)
        return " ".join(apply_mteval_rules(f" {line} ", single_line=True).split())

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
        """Rules 1 (without newlines) and 2, which are context-free."""
        return _unescape(text.replace("<skipped>", ""))

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
