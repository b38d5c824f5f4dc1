"""Texts that stress tokenizers, lowercasing and the page's text handling (test data)."""

from __future__ import annotations

#: Hypotheses and two reference streams; the second lacks some references (None).
HYPOTHESES = [
    "The dog bit the man.",
    "It's 3.14, not 1,000 -- or 5-6 x-rays (hi) [ok] {yes}!",
    "A &amp; B said &quot;hi&quot; &lt;b&gt; <skipped> done.",
    "ΟΔΟΣ ΣΑΣ. Σίσυφος ΐ İstanbul STRASSE Straße",
    "emoji 😀 test 👍🏽 end… 𝔘𝔫𝔦𝔠𝔬𝔡𝔢.",
    "中文句子，测试。日本語の文です。한국어 문장입니다.",
    "עברית  ערבית عربي \u200f mixed \u202ertl\u202c text",
    "  leading and trailing spaces   ",
    "tabs\tand\u00a0no-break\u3000spaces\u2028sep\u2029para",
    "",
    "nul\x00char and \x1bescape \x7f del",
    "the the the the the the the",
    "(hi) 'quoted' \"double\" end.) .start ,comma",
    "Mr. Smith's U.S.A. e.g. p.m., isn't it?",
    "1.2.3 -4 4- 10,000.50 $5 50% #tag @user",
    "x",
]

REFERENCES = [
    [
        "The dog bit the man .",
        "It is 3.14, not 1,000 - or 5-6 x-rays (hi)!",
        'A & B said "hi" <b> done.',
        "ΟΔΟΣ σας. Σίσυφος İstanbul Straße",
        "emoji 😀 test 👍🏽 end... 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
        "中文的句子，测试。日本語の文。한국어 문장.",
        "עברית ערבית عربي mixed rtl text",
        "leading and trailing spaces",
        "tabs and no-break spaces sep para",
        "",
        "nul char and escape del",
        "the cat on the mat",
        "(hi) 'quoted' \"double\" end.",
        "Mr. Smith's U.S.A. e.g. p.m., is not it?",
        "1.2.3 -4 4- 10,000.50 $5 50% #tag @user",
        "y",
    ],
    [
        "A dog bit a man.",
        None,
        "A &amp; B said hi.",
        "Η οδός σας.",
        None,
        "中文句子，测试。",
        "עברית",
        "   spaces  ",
        "tabs and spaces",
        "empty",
        None,
        "the the the",
        "(hi)",
        "Mr Smith is from the USA.",
        "1.2.3",
        "x",
    ],
]
