r"""TER's text normalization (``tok:tercom``), identical to sacreBLEU 2.6.0's.

tercom (Snover et al., 2006; ``Normalizer.java`` in tercom 0.7.25) compares lowercased words
split on whitespace. Its options, in the order they apply to a line with trailing whitespace
removed:

1. lowercase, unless ``case_sensitive`` (Unicode `str.lower`);
2. ``normalized``: join ``newline + -`` hyphenation, turn newlines into spaces, unescape
   ``&quot; &amp; &lt; &gt;``, pad the line with a space on each side, surround ASCII
   punctuation other than ``' , - .`` with spaces, split ``'s`` off a word, split ``.`` and ``,``
   off unless a digit precedes them, and again unless a digit follows them, split ``-`` off a
   preceding digit;
3. ``normalized`` with ``asian_support``: split CJK ideographs, strokes, radicals and
   compatibility characters and CJK / full-width punctuation into tokens of their own;
4. ``no_punct``: delete ``. , ? : ; ! " ( )`` (and, with ``asian_support``, CJK and full-width
   punctuation);
5. collapse whitespace as `str.split` does.

The Unicode blocks are sacreBLEU's, including its quirks: U+3200..U+3F22 is split as if it
were one block, and the three kana rules can only match a line that is entirely kana, which
padding in step 2 rules out. They are kept so that scores stay identical.

    >>> TercomTokenizer(normalized=True).tokenize("It's 3-4 p.m., isn't it?")
    "it 's 3 - 4 p . m . , isn't it ?"
"""

from __future__ import annotations

import re

from parbleu.tokenizers.base import Tokenizer

__all__ = ["TercomTokenizer"]

# ASCII punctuation except ' , - . gets a space on each side: the code point ranges
# {-~, [-`, space-&, (-+, :-@ and /, one character at a time.
_PUNCTUATION = "{|}~" + "[\\]^_`" + ' !"#$%&' + "()*+" + ":;<=>?@" + "/"
_SPACE_PUNCTUATION = str.maketrans({mark: f" {mark} " for mark in _PUNCTUATION})

_ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))

# Context rules of step 2, each applied once, left to right, in this order.
_WESTERN_RULES = (
    (re.compile(r"'s$"), r" 's"),  # never matches after padding; kept for fidelity
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
)

_ASIAN_PUNCT = "[\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb]"
_FULL_WIDTH_PUNCT = "[\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09]"


def _kana_rule(block: str) -> re.Pattern[str]:
    # sacreBLEU's pattern for a run of one kana block "adjacent to something else".
    return re.compile(f"(^|^[{block}])([{block}]+)(?=$|^[{block}])")


# Step 3: (pattern, replacement) in sacreBLEU's order.
_ASIAN_RULES = (
    (re.compile("([\u4e00-\u9fff\u3400-\u4dbf])"), r" \1 "),  # CJK ideographs, Extension A
    (re.compile("([\u31c0-\u31ef\u2e80-\u2eff])"), r" \1 "),  # strokes, radicals supplement
    (re.compile("([\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f])"), r" \1 "),  # compatibility
    (re.compile("([\u3200-\u3f22])"), r" \1 "),  # enclosed CJK letters and beyond
    (_kana_rule("\u3040-\u309f"), r"\1 \2 "),  # hiragana
    (_kana_rule("\u30a0-\u30ff"), r"\1 \2 "),  # katakana
    (_kana_rule("\u31f0-\u31ff"), r"\1 \2 "),  # katakana phonetic extensions
    (re.compile(f"({_ASIAN_PUNCT})"), r" \1 "),
    (re.compile(f"({_FULL_WIDTH_PUNCT})"), r" \1 "),
)

_WESTERN_PUNCT_CHARS = '.,?:;!"()'
_DELETE_WESTERN_PUNCT = str.maketrans(dict.fromkeys(_WESTERN_PUNCT_CHARS))
_ASIAN_PUNCT_RE = re.compile(f"{_ASIAN_PUNCT}|{_FULL_WIDTH_PUNCT}")


def _normalize_western(text: str) -> str:
    """Step 2 on one line."""
    text = text.replace("\n-", "").replace("\n", " ")
    for entity, char in _ENTITIES:
        text = text.replace(entity, char)
    text = f" {text} ".translate(_SPACE_PUNCTUATION)
    text = text.replace("'s ", " 's ")
    for pattern, replacement in _WESTERN_RULES:
        text = pattern.sub(replacement, text)
    return text


def _normalize_asian(text: str) -> str:
    """Step 3 on one line."""
    for pattern, replacement in _ASIAN_RULES:
        text = pattern.sub(replacement, text)
    return text


class TercomTokenizer(Tokenizer):
    """tercom's normalization as sacreBLEU's TER applies it, with its four options."""

    name = "tercom"

    def __init__(
        self,
        *,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
    ) -> None:
        self.normalized = normalized
        self.no_punct = no_punct
        self.asian_support = asian_support
        self.case_sensitive = case_sensitive

    def tokenize(self, line: str) -> str:
        """Normalize one line (trailing whitespace removed first, as sacreBLEU's TER does)."""
        return " ".join(self._normalized(line).split())

    def _normalized(self, line: str) -> str:
        """`tokenize` before its spaces are made single."""
        text = line.rstrip()
        if not text:
            return ""
        if not self.case_sensitive:
            text = text.lower()
        if self.normalized:
            text = _normalize_western(text)
            if self.asian_support:
                text = _normalize_asian(text)
        if self.no_punct:
            text = text.translate(_DELETE_WESTERN_PUNCT)
            if self.asian_support:
                text = _ASIAN_PUNCT_RE.sub("", text)
        return text

    def words(self, line: str) -> list[str]:
        """The tokens of one hypothesis line, as TER aligns them."""
        return self._normalized(line).split()

    def reference_words(self, line: str) -> list[str]:
        """The tokens of one reference line: normalized twice, as sacreBLEU 2.6.0 does.

        sacreBLEU preprocesses each reference in ``Metric._cache_references`` and again in
        ``TER._extract_reference_info``. Step 2 is not idempotent (``John's.`` becomes
        ``john's .``, then ``john 's .``; ``..0`` becomes ``. .0``, then ``. . 0``), so
        references get it twice and hypotheses once, which keeps the statistics identical.

            >>> TercomTokenizer(normalized=True).reference_words("..0")
            ['.', '.', '0']
        """
        return self.tokenize(self.tokenize(line)).split()

    def _options(self) -> tuple[bool, bool, bool, bool]:
        return (self.normalized, self.no_punct, self.asian_support, self.case_sensitive)

    def __repr__(self) -> str:
        return (
            f"TercomTokenizer(normalized={self.normalized}, no_punct={self.no_punct}, "
            f"asian_support={self.asian_support}, case_sensitive={self.case_sensitive})"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TercomTokenizer) and self._options() == other._options()

    def __hash__(self) -> int:
        return hash((type(self), self._options()))
