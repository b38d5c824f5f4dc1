"""The `Lexicon` that prepared METEOR references share between systems changes no score.

Oracle: NLTK 3.10's ``meteor_score`` (reading the same WordNet files), ``PorterStemmer`` and
``synsets``, for systems scored one after another against the same prepared references.
"""

from __future__ import annotations

from pathlib import Path

from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.stem.porter import PorterStemmer
from nltk.translate.meteor_score import meteor_score
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from parbleu.metrics.meteor import METEOR, Lexicon, WordNet

SAMPLE = Path(__file__).resolve().parents[3] / "src" / "parbleu" / "sample"
SYSTEMS = ("fair", "weak", "strong")


def _lines(name: str) -> list[str]:
    return (SAMPLE / name).read_text(encoding="utf-8").splitlines()


def _nltk_scores(
    reader: WordNetCorpusReader, hyps: list[str], refs: list[list[str]]
) -> list[float]:
    tokenize = Tokenizer13a()
    return [
        meteor_score([tokenize(r[i]).split() for r in refs], tokenize(hyp).split(), wordnet=reader)
        for i, hyp in enumerate(hyps)
    ]


def test_systems_after_the_first_score_as_nltk(
    wordnet: WordNet, nltk_wordnet: WordNetCorpusReader
) -> None:
    refs = [_lines("ref.A.txt"), _lines("ref.B.txt")]
    metric = METEOR(refs, database=wordnet)
    lexicon = metric.prepared.lexicon
    for name in (*SYSTEMS, SYSTEMS[0]):  # the last one again: every word of it already kept
        hyps = _lines(f"system-{name}.txt")
        expected = _nltk_scores(nltk_wordnet, hyps, refs)
        assert metric.statistics(hyps).column("score_sum").tolist() == expected, name
        assert metric.prepared.lexicon is lexicon
        assert len(lexicon) > 0


def test_references_prepared_on_another_database(
    wordnet: WordNet, nltk_wordnet: WordNetCorpusReader
) -> None:
    """A METEOR given references another one prepared keeps its synonyms apart."""
    refs = [_lines("ref.A.txt")]
    hyps = _lines("system-weak.txt")
    prepared = METEOR(refs, database=wordnet).prepared
    other = METEOR(database=WordNet.load(wordnet.folder)).with_prepared(prepared)
    assert other.statistics(hyps).column("score_sum").tolist() == _nltk_scores(
        nltk_wordnet, hyps, refs
    )
    assert len(prepared.lexicon) == 0


def test_a_full_lexicon_still_answers(wordnet: WordNet, nltk_wordnet: WordNetCorpusReader) -> None:
    """Past its limit a lexicon computes words without keeping them: the same answers."""
    lexicon = Lexicon(wordnet, limit=3)
    stemmer = PorterStemmer()
    words = ["dogs", "ran", "generously", "houses", "geese", "better", "quickly", "dogs", "ran"]
    for word in words:
        assert lexicon.stem(word) == stemmer.stem(word), word
        expected = {
            lemma.name()
            for synset in nltk_wordnet.synsets(word)
            for lemma in synset.lemmas()
            if "_" not in lemma.name()
        }
        assert lexicon.synonyms(word) == expected, word
    assert len(lexicon) == 6
