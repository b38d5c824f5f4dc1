"""Hypothesis strategies for MT-like text with the characters that break tokenizers."""

from __future__ import annotations

from hypothesis import strategies as st

WORDS = [
    "the",
    "The",
    "cat",
    "sat",
    "on",
    "mat",
    "a",
    "A",
    "dog",
    "bit",
    "man",
    "Haus",
    "ist",
    "groß",
    "über",
    "café",
    "naïve",
    "ΟΔΟΣ",
    "σοφία",
    "ς",
    "İstanbul",
    "straße",
    "中文",
    "漢字",
    "东京",
    "ひらがな",
    "カタカナ",
    "한국어",
    "عربي",
    "हिन्दी",
    "ไทย",
    "3",
    "42",
    "3.14",
    "1,000",
    "10-20",
    "2021.",
    "5,5",
    "-7",
    "1.5-2",
    "v2.0",
    "U.S.",
    "e.g.",
    "...",
    "..",
    ".,",
    ",.",
    "--",
    "-",
    ".",
    ",",
    "'",
    "''",
    "n't",
    "&amp;",
    "&quot;",
    "&lt;",
    "&gt;",
    "&apos;",
    "&#39;",
    "&",
    "<skipped>",
    "<b>",
    '"',
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "?",
    "!",
    ":",
    ";",
    "/",
    "\\",
    "@",
    "#",
    "$",
    "%",
    "“",
    "”",
    "«",
    "»",
    "—",
    "–",
    "…",
    "¿",
    "¡",
    "、",
    "。",
    "「",
    "」",
    "・",
    "€",
    "£",
    "©",
    "™",
    "±",
    "×",
    "→",
    "½",
    "²",
    "١٢",
    "٣",
    "😀",
    "👍🏽",
    "e\u0301",
    "\u200b",
]
SPACES = [" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\u2028", "\x1c", "\x85", "\u2009"]
GLUE = ["", "", "", ".", ",", "-", "'", "&", "\r"]


@st.composite
def mt_line(draw: st.DrawFn, *, newlines: bool = False) -> str:
    """A line of words, punctuation and odd whitespace (optionally with inner newlines)."""
    n_words = draw(st.integers(min_value=0, max_value=14))
    parts: list[str] = []
    for index in range(n_words):
        if index:
            parts.append(draw(st.sampled_from(SPACES if not newlines else [*SPACES, "\n", "-\n"])))
        parts.append(draw(st.sampled_from(GLUE)))
        parts.append(draw(st.one_of(st.sampled_from(WORDS), st.text(max_size=3))))
    if draw(st.booleans()):
        parts.insert(0, draw(st.sampled_from(SPACES)))
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from([*SPACES, " .", ".", "\r"])))
    text = "".join(parts)
    return text if newlines else text.replace("\n", " ")


@st.composite
def parallel_corpus(
    draw: st.DrawFn, *, max_segments: int = 6, max_refs: int = 3, missing: bool = False
) -> tuple[list[str], list[list[str | None]]]:
    """Hypotheses and K reference streams; references often reuse hypothesis words."""
    n = draw(st.integers(min_value=1, max_value=max_segments))
    k = draw(st.integers(min_value=1, max_value=max_refs))
    hyps = [draw(mt_line()) for _ in range(n)]
    streams: list[list[str | None]] = []
    for _ in range(k):
        stream: list[str | None] = []
        for hyp in hyps:
            if draw(st.booleans()):
                words = hyp.split()
                picked = draw(st.lists(st.sampled_from(words or ["x"]), max_size=len(words) + 2))
                stream.append(" ".join(picked))
            else:
                stream.append(draw(mt_line()))
        streams.append(stream)
    if missing and k > 1:
        for i in range(n):
            if draw(st.booleans()):
                drop = draw(st.integers(min_value=0, max_value=k - 1))
                if sum(s[i] is not None for s in streams) > 1:
                    streams[drop][i] = None
    return hyps, streams
