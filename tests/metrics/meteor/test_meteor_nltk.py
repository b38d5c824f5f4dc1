"""Oracle: NLTK 3.10's ``meteor_score`` and WordNet reader, on Debian's WordNet 3.0 files.

NLTK's own doctest answers (0.6944, 0.0), then drawn sentences rich in inflections, stems and
synonyms with drawn alpha, beta, gamma, several references, and every WMT21 de-en system:
each segment's score must be bit-identical to ``meteor_score(..., wordnet=<NLTK's reader of
the same files>)``. parbleu's WordNet reader must give, for WordNet's own words and their
inflections, the lemma names of NLTK's ``synsets``.
"""

from __future__ import annotations

import itertools
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.translate.meteor_score import meteor_score, single_meteor_score

from parbleu.errors import InputError, MissingDependencyError, OptionError
from parbleu.metrics.meteor import METEOR, MeteorOptions, WordNet
from parbleu.scaling import chunked_statistics
from parbleu.significance import confidence_interval, paired_bootstrap
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.oracles.nltk_wordnet import FILES, require_wordnet
from tests.wmt import WmtData

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# NLTK's doctest sentences (meteor_score.py).
HYPOTHESIS1 = (
    "It is a guide to action which ensures that the military always obeys the commands of the party"
)
REFERENCE1 = (
    "It is a guide to action that ensures that the military will forever heed Party commands"
)
REFERENCE2 = (
    "It is the guiding principle which guarantees the military forces always being under the "
    "command of the Party"
)
REFERENCE3 = "It is the practical guide for the army always to heed the directions of the party"

WORDS = [
    "the",
    "a",
    "dog",
    "dogs",
    "hound",
    "hounds",
    "cat",
    "cats",
    "run",
    "ran",
    "running",
    "runs",
    "sprint",
    "big",
    "large",
    "huge",
    "great",
    "quick",
    "quickly",
    "fast",
    "speedy",
    "generously",
    "generous",
    "house",
    "houses",
    "home",
    "went",
    "go",
    "goes",
    "gone",
    "better",
    "best",
    "good",
    "well",
    "children",
    "child",
    "men",
    "man",
    "women",
    "geese",
    "goose",
    "mice",
    "mouse",
    "were",
    "was",
    "is",
    "be",
    "are",
    "said",
    "say",
    "says",
    "fly",
    "flies",
    "flew",
    ".",
    ",",
    "Party",
    "party",
    "U.S.",
    "'s",
]
sentence = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)


def nltk_scores(
    nltk_wordnet: WordNetCorpusReader, hyps: list[str], refs: list[list[str]], **weights: float
) -> list[float]:
    tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)

    def words(line: str) -> list[str]:
        return tokenizer.tokenize(line).split()

    return [
        meteor_score([words(r[i]) for r in refs], words(hyp), wordnet=nltk_wordnet, **weights)
        for i, hyp in enumerate(hyps)
    ]


def test_nltk_doctest_answers(wordnet: WordNet) -> None:
    """NLTK's doctests: 0.6944 against reference1 alone and the three together; 0.0."""
    one = METEOR([[REFERENCE1]], database=wordnet, tokenize="none")
    assert round(one.corpus_score([HYPOTHESIS1]).meteor, 4) == 0.6944
    three = METEOR([[REFERENCE1], [REFERENCE2], [REFERENCE3]], database=wordnet, tokenize="none")
    assert round(three.corpus_score([HYPOTHESIS1]).meteor, 4) == 0.6944
    none = METEOR([["this is a cat"]], database=wordnet, tokenize="none")
    assert none.corpus_score(["non matching hypothesis"]).meteor == 0.0


@SETTINGS
@given(
    st.lists(st.tuples(sentence, sentence, sentence), min_size=1, max_size=5),
    st.sampled_from([(0.9, 3.0, 0.5), (0.5, 1.0, 0.2), (0.85, 0.2, 0.6), (1.0, 2.0, 1.0)]),
)
def test_drawn_sentences_identical(
    wordnet: WordNet,
    nltk_wordnet: WordNetCorpusReader,
    rows: list[tuple[str, str, str]],
    weights: tuple[float, float, float],
) -> None:
    alpha, beta, gamma = weights
    hyps = [row[0] for row in rows]
    refs = [[row[1] for row in rows], [row[2] for row in rows]]
    metric = METEOR(refs, database=wordnet, alpha=alpha, beta=beta, gamma=gamma)
    expected = nltk_scores(nltk_wordnet, hyps, refs, alpha=alpha, beta=beta, gamma=gamma)
    assert metric.statistics(hyps).column("score_sum").tolist() == expected


@settings(SETTINGS, max_examples=40)
@given(
    st.lists(
        st.tuples(sentence, st.lists(sentence, min_size=1, max_size=3)), min_size=1, max_size=6
    )
)
def test_segments_with_different_numbers_of_references(
    wordnet: WordNet,
    nltk_wordnet: WordNetCorpusReader,
    rows: list[tuple[str, list[str]]],
) -> None:
    """Absent references (fewer for some segments): each segment against the ones it has."""
    hyps = [hyp for hyp, _ in rows]
    metric = METEOR(segment_refs=[refs for _, refs in rows], database=wordnet)
    tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)

    def words(line: str) -> list[str]:
        return tokenizer.tokenize(line).split()

    expected = [
        meteor_score([words(ref) for ref in refs], words(hyp), wordnet=nltk_wordnet)
        for hyp, refs in rows
    ]
    assert metric.statistics(hyps).column("score_sum").tolist() == expected


def test_single_reference_statistics(wordnet: WordNet, nltk_wordnet: WordNetCorpusReader) -> None:
    """Matches and chunks by hand: "the dogs ran fast" against "the hound runs quickly".

    Exact: the. Stems: dog ran fast against hound run quickli: none equal. Synonyms of the
    stems: ran -> run (verb.exc), dog -> hound (the "cad, bounder, dog, hound" synset);
    fast has quickly among its synonyms, but the reference word is now the stem "quickli":
    3 matches in one chunk.
    """
    metric = METEOR([["the hound runs quickly"]], database=wordnet)
    stats = metric.statistics(["the dogs ran fast"])
    expected = single_meteor_score(
        ["the", "hound", "runs", "quickly"], ["the", "dogs", "ran", "fast"], wordnet=nltk_wordnet
    )
    assert stats.column("score_sum")[0] == expected
    assert (stats.column("matches")[0], stats.column("chunks")[0]) == (3, 1)


def test_synonyms_are_nltks(wordnet: WordNet, nltk_wordnet: WordNetCorpusReader) -> None:
    """Every 40th lemma of each index, every exception form, and inflections of both."""
    words = set()
    for pos in ("n", "v", "a", "r"):
        words.update(itertools.islice(wordnet.index[pos].lemmas, 0, None, 40))
        words.update(wordnet.exceptions[pos])
    words |= {w + suffix for w in list(words)[:3000] for suffix in ("s", "es", "ed", "ing", "er")}
    words |= {"ran", "geese", "better", "Dogs", "U.S.", "", "a_b"}
    for word in sorted(words):
        expected = {
            lemma.name()
            for synset in nltk_wordnet.synsets(word)
            for lemma in synset.lemmas()
            if "_" not in lemma.name()
        }
        assert wordnet.synonyms(word) == expected, word


@pytest.mark.shared_data
@pytest.mark.slow
def test_every_wmt21_de_en_system(
    shared_data: WmtData, wordnet: WordNet, nltk_wordnet: WordNetCorpusReader
) -> None:
    pair = shared_data.pair("de-en")
    refs = [pair.reference(letter) for letter in pair.reference_names]
    metric = METEOR(refs, database=wordnet)
    for name, system in pair.systems.items():
        expected = nltk_scores(nltk_wordnet, system, refs)
        assert metric.statistics(system).column("score_sum").tolist() == expected, name
        assert metric.corpus_score(system).meteor == pytest.approx(sum(expected) / len(expected))


def test_missing_wordnet_says_how_to_get_it(tmp_path: object) -> None:
    with pytest.raises(MissingDependencyError, match="apt-get install wordnet-base"):
        METEOR(wordnet=str(tmp_path))


@pytest.mark.parametrize(
    ("name", "damage", "word", "line"),
    [
        ("index.noun", lambda lines: [*lines[:40], "broken 1 n x", *lines[40:]], "broken", 41),
        ("data.verb", lambda lines: [*lines[:30], "12 05 v 01 x 0", *lines[30:]], "run", 31),
        ("data.adv", lambda lines: [*lines[:-80], ""], "adjectivally", None),
        ("adj.exc", lambda lines: [*lines[:5], "\udcff", *lines[5:]], None, 6),
    ],
)
def test_a_damaged_database_names_the_file_and_line(
    tmp_path: Path, name: str, damage: Any, word: str | None, line: int | None
) -> None:
    """Hand-made damage to a copy of Debian's files: a line that is not WordNet's format, a
    synset at the wrong byte offset, a truncated file, bytes that are not UTF-8. Bytes are
    refused when the database is loaded, lines when a word that reads them is looked up."""
    for kept in FILES:
        (tmp_path / kept).write_bytes((require_wordnet() / kept).read_bytes())
    text = (tmp_path / name).read_bytes().decode("utf-8").split("\n")
    (tmp_path / name).write_bytes("\n".join(damage(text)).encode("utf-8", "surrogateescape"))
    with pytest.raises(InputError) as error:
        WordNet.load(tmp_path).synonyms(word or "")
    assert (error.value.source, error.value.line) == (str(tmp_path / name), line)


def test_options_and_signature(wordnet: WordNet) -> None:
    with pytest.raises(OptionError, match="alpha"):
        METEOR(database=wordnet, alpha=1.5)
    with pytest.raises(OptionError, match="tokenize"):
        METEOR(database=wordnet, tokenize="words")
    signature = METEOR([["a"]], database=wordnet).signature().format()
    assert signature.startswith("nrefs:1|tok:13a|alpha:0.9|beta:3.0|gamma:0.5|wordnet:3.0|")
    with pytest.raises(OptionError, match=r"METEOR needs WordNet 3\.0"):
        METEOR()
    with pytest.raises(OptionError, match="loaded from"):
        METEOR(database=wordnet, wordnet="/elsewhere")
    with pytest.raises(OptionError, match="wordnet must be the path"):
        METEOR(wordnet=3)
    with pytest.raises(OptionError, match="options= or keyword options, not both"):
        METEOR(database=wordnet, options=MeteorOptions(), alpha=0.5)
    with pytest.raises(OptionError, match="has no option 'delta'"):
        METEOR(database=wordnet, delta=1.0)
    same = METEOR(database=wordnet, options=MeteorOptions(wordnet=str(wordnet.folder), gamma=0.4))
    assert same.options == MeteorOptions(wordnet=wordnet.folder, gamma=0.4)


def test_significance_takes_meteor(wordnet: WordNet, nltk_wordnet: WordNetCorpusReader) -> None:
    """The corpus score is the mean of NLTK's segment scores; the tests rescore resamples."""
    refs = [["the cat sat on the mat", "a dog ran home", "it was late"]]
    systems = {
        "base": ["the cat sat on a mat", "a hound runs home", "it is late"],
        "other": ["cats sit", "dogs ran", "late"],
    }
    metric = METEOR(refs, database=wordnet)
    stats = {name: metric.statistics(lines) for name, lines in systems.items()}
    expected = nltk_scores(nltk_wordnet, systems["base"], refs)
    assert metric.corpus_score(systems["base"]).meteor == sum(expected) / 3
    interval = confidence_interval(metric, stats["base"], n_samples=30, seed=3)
    assert interval.score == pytest.approx(100 * sum(expected) / 3)
    test = paired_bootstrap(metric, stats, n_samples=30, seed=3)
    assert [r.score for r in test.results] == pytest.approx(
        [metric.corpus_score(lines).score for lines in systems.values()]
    )


def test_chunks_are_scored_alone(wordnet: WordNet) -> None:
    """A segment's statistics depend on it and its references only: chunks give the rows."""
    refs = [["the cat sat on the mat", "a dog ran home", "it was late"], ["a cat", "dogs", "late"]]
    lines = ["the cat sat on a mat", "a hound runs home", "it is late"]
    metric = METEOR(database=wordnet)
    chunked = chunked_statistics(metric, lines, refs, chunk_lines=2, rows=True)
    assert chunked.rows is not None
    assert chunked.rows.values.tolist() == metric.statistics(lines, refs).values.tolist()
    assert metric.chunk_refusal is None
    assert not metric.sums_in_any_order


def test_nltk_needs_the_adaptation(nltk_wordnet: WordNetCorpusReader) -> None:
    """NLTK cannot read Debian's folder as installed (outside nltk.data.path, no lexnames);
    the adapted copy (tests/oracles/nltk_wordnet.py) holds Debian's files byte for byte and
    reads as WordNet 3.0."""
    debian = require_wordnet()
    assert not (debian / "lexnames").exists()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        with pytest.raises(OSError, match=r"lexnames|Unauthorized path"):
            WordNetCorpusReader(str(debian), None)
    copy = Path(nltk_wordnet.root.path)
    for name in FILES:
        assert (copy / name).read_bytes() == (debian / name).read_bytes(), name
    assert nltk_wordnet.get_version() == "3.0"
