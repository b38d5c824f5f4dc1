"""NLTK's WordNet reader on Debian's WordNet 3.0 files: the adaptation NLTK 3.10 needs.

NLTK cannot read ``/usr/share/wordnet`` as Debian installs it (``wordnet-base``):

1. its ``WordNetCorpusReader`` opens a ``lexnames`` file, which Debian does not ship (its
   README.Debian: the library has the list compiled in). The 45 lexicographer file names
   are those of the ``lexnames(5WN)`` manual page, numbered 00-44, each with its syntactic
   category (1 noun, 2 verb, 3 adjective, 4 adverb);
2. the reader maps synsets to "WordNet 3.0" through ``index.sense`` of a corpus named
   ``corpora/wordnet`` on ``nltk.data.path`` (``map_wn``): Debian ships ``index.sense`` in
   ``wordnet-sense-index``;
3. NLTK 3.10 refuses to open files outside ``nltk.data.path`` (``nltk.pathsec``).

So the oracle copies the Debian files into ``<root>/corpora/wordnet``, writes ``lexnames``
there, puts ``<root>`` first on ``nltk.data.path`` and reads that folder. Nothing of the
data is changed: the index, data and exception files are byte-for-byte Debian's.
"""

from __future__ import annotations

import os
import shutil
import warnings
from pathlib import Path

import nltk
import pytest
from nltk.corpus.reader.wordnet import WordNetCorpusReader

DEBIAN = Path("/usr/share/wordnet")
#: lexnames(5WN), in file-number order.
LEXNAMES = [
    "adj.all",
    "adj.pert",
    "adv.all",
    "noun.Tops",
    "noun.act",
    "noun.animal",
    "noun.artifact",
    "noun.attribute",
    "noun.body",
    "noun.cognition",
    "noun.communication",
    "noun.event",
    "noun.feeling",
    "noun.food",
    "noun.group",
    "noun.location",
    "noun.motive",
    "noun.object",
    "noun.person",
    "noun.phenomenon",
    "noun.plant",
    "noun.possession",
    "noun.process",
    "noun.quantity",
    "noun.relation",
    "noun.shape",
    "noun.state",
    "noun.substance",
    "noun.time",
    "verb.body",
    "verb.change",
    "verb.cognition",
    "verb.communication",
    "verb.competition",
    "verb.consumption",
    "verb.contact",
    "verb.creation",
    "verb.emotion",
    "verb.motion",
    "verb.perception",
    "verb.possession",
    "verb.social",
    "verb.stative",
    "verb.weather",
    "adj.ppl",
]
CATEGORIES = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}
FILES = [f"{kind}.{pos}" for kind in ("index", "data") for pos in ("noun", "verb", "adj", "adv")]
FILES += [f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv")] + ["index.sense"]


def require_wordnet() -> Path:
    """Debian's WordNet folder, or a skip (a failure under PARBLEU_REQUIRE_WORDNET=1)."""
    missing = [name for name in FILES if not (DEBIAN / name).is_file()]
    if missing:
        message = (
            f"WordNet 3.0 files {missing} not in {DEBIAN} "
            "(apt-get install wordnet-base wordnet-sense-index)"
        )
        if os.environ.get("PARBLEU_REQUIRE_WORDNET") == "1":
            pytest.fail(message + "; PARBLEU_REQUIRE_WORDNET=1 forbids skipping")
        pytest.skip(message)
    return DEBIAN


def lexnames_text() -> str:
    return "".join(
        f"{number:02d}\t{name}\t{CATEGORIES[name.split('.')[0]]}\n"
        for number, name in enumerate(LEXNAMES)
    )


def nltk_reader(root: Path) -> WordNetCorpusReader:
    """NLTK's reader on a copy of Debian's files under ``root`` (see the module docstring)."""
    folder = root / "corpora" / "wordnet"
    folder.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copyfile(require_wordnet() / name, folder / name)
    (folder / "lexnames").write_text(lexnames_text(), encoding="utf-8")
    if str(root) not in nltk.data.path:
        nltk.data.path.insert(0, str(root))
    with warnings.catch_warnings():
        # "The multilingual functions are not available": no Open Multilingual Wordnet.
        warnings.simplefilter("ignore", UserWarning)
        return WordNetCorpusReader(str(folder), None)
