"""NLTK's WordNet reader for the METEOR tests, on the Debian files parbleu reads (the
`wordnet` fixture of tests/conftest.py)."""

from __future__ import annotations

import pytest
from nltk.corpus.reader.wordnet import WordNetCorpusReader

from tests.oracles.nltk_wordnet import nltk_reader


@pytest.fixture(scope="session")
def nltk_wordnet(tmp_path_factory: pytest.TempPathFactory) -> WordNetCorpusReader:
    return nltk_reader(tmp_path_factory.mktemp("nltk_data"))
