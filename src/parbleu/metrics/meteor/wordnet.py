"""The parts of WordNet 3.0 that METEOR's synonym stage reads, as NLTK 3.10 reads them.

NLTK's ``meteor_score`` matches a hypothesis word to a reference word when the reference word
is a lemma name, without ``_``, of some synset of the hypothesis word:
``wordnet.synsets(word)`` for the parts of speech noun, verb, adjective and adverb, each
through NLTK's ``_morphy``: the word itself and, if the word is in that part of speech's
exception list (``noun.exc`` ...), its base forms there, otherwise the forms one of the
part of speech's suffix rules gives (``ches`` -> ``ch``, ``ies`` -> ``y``, ...); the forms
that the index (``index.noun`` ...) lists for that part of speech name the synsets, whose
lemma names come from the data files (``data.noun`` ...), without adjective markers such as
``(a)``. This module reads those files itself, so that parbleu needs no NLTK at run time.

WordNet is not bundled: give the folder of a WordNet 3.0 database, such as Debian's
``wordnet-base`` package installs in ``/usr/share/wordnet`` (``DEBIAN_WORDNET``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import count, repeat
from operator import itemgetter
from pathlib import Path

from parbleu.errors import InputError, MissingDependencyError
from parbleu.io.lines import READ_ERRORS, decode_lines, open_binary, read_error
from parbleu.metrics.meteor.options import DEBIAN_WORDNET_FOLDER

__all__ = ["DEBIAN_WORDNET", "POS_FILES", "DataFile", "IndexFile", "WordNet"]

#: Where Debian's ``wordnet-base`` package puts the database.
DEBIAN_WORDNET = Path(DEBIAN_WORDNET_FOLDER)

#: Parts of speech in the order NLTK's ``synsets`` visits them, and their file suffixes.
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}

#: NLTK's ``WordNetCorpusReader.MORPHOLOGICAL_SUBSTITUTIONS`` (from WordNet's morph.c).
SUBSTITUTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (
        ("s", ""),
        ("ses", "s"),
        ("ves", "f"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "v": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}

#: Each part of speech's suffixes: a form ending in none of them has no rule to apply.
_SUFFIXES = {pos: tuple(old for old, _ in rules) for pos, rules in SUBSTITUTIONS.items()}
_NEWLINE = ord("\n")


def _missing(folder: Path, name: str) -> MissingDependencyError:
    return MissingDependencyError(
        f"WordNet 3.0 not found: {folder / name} does not exist. METEOR's synonym stage needs "
        "a WordNet 3.0 database folder (index.noun, data.noun, noun.exc, ... for noun, verb, "
        "adj, adv). On Debian or Ubuntu: apt-get install wordnet-base, then give "
        f"{DEBIAN_WORDNET}"
    )


def _read(folder: Path, name: str) -> bytes:
    """The bytes of one database file (through parbleu's one file opener)."""
    path = folder / name
    if not path.is_file():
        raise _missing(folder, name)
    handle = open_binary(path)
    try:
        return handle.read()
    except READ_ERRORS as exc:
        raise read_error(path, exc) from None
    finally:
        handle.close()


def _read_lines(folder: Path, name: str) -> list[str]:
    """The lines of one database file, UTF-8 (an `EncodingError` names the line otherwise)."""
    return decode_lines(_read(folder, name), str(folder / name))


def _read_exceptions(folder: Path, suffix: str) -> dict[str, tuple[str, ...]]:
    """``<suffix>.exc``: inflected form -> base forms."""
    exceptions: dict[str, tuple[str, ...]] = {}
    for line in _read_lines(folder, f"{suffix}.exc"):
        terms = line.split()
        if terms:
            exceptions[terms[0]] = tuple(terms[1:])
    return exceptions


@dataclass(frozen=True, eq=False)
class IndexFile:
    """``index.<suffix>``: its lines and each lemma's line, a line parsed when it is asked for.

    A lemma listed twice takes its last line, as in NLTK. Reading the file is a few bulk
    operations (no per-line parsing): METEOR asks for a few thousand of its 150,000 lemmas.
    """

    path: Path
    lines: list[str]
    lemmas: Mapping[str, int]  # lemma -> its line's index in `lines`

    @classmethod
    def read(cls, folder: Path, suffix: str) -> IndexFile:
        """Read ``index.<suffix>`` in `folder`."""
        name = f"index.{suffix}"
        lines = _read_lines(folder, name)
        lemmas = dict(zip(map(itemgetter(0), map(str.partition, lines, repeat(" "))), count()))
        lemmas.pop("", None)  # the licence's lines start with spaces
        return cls(folder / name, lines, lemmas)

    def offsets(self, lemma: str) -> tuple[int, ...]:
        """The synset offsets of `lemma`, which the index lists.

        Raises:
            InputError: its line is not in WordNet's index format (naming file and line).
        """
        number = self.lemmas[lemma]
        fields = self.lines[number].split()
        try:
            total, pointers = int(fields[2]), int(fields[3])
            senses = int(fields[4 + pointers])
            first = 6 + pointers
            found = tuple(int(field) for field in fields[first : first + total])
        except (IndexError, ValueError) as error:
            raise InputError(str(error), source=str(self.path), line=number + 1) from None
        if total <= 0 or senses != total or len(found) != total or fields[0] != lemma:
            raise InputError("inconsistent synset counts", source=str(self.path), line=number + 1)
        return found


@dataclass(frozen=True, eq=False)
class DataFile:
    """``data.<suffix>``: its bytes, a synset's line parsed when it is asked for (as NLTK)."""

    path: Path
    data: bytes

    @classmethod
    def read(cls, folder: Path, suffix: str) -> DataFile:
        """Read ``data.<suffix>`` in `folder`, refusing a file cut inside a line.

        Raises:
            InputError: the file is empty or does not end with a newline (truncated).
        """
        name = f"data.{suffix}"
        data = _read(folder, name)
        if not data.endswith(b"\n"):
            raise InputError(
                f"{name} is empty or ends inside a line (a truncated file); expected a "
                "complete WordNet 3.0 database",
                source=str(folder / name),
            )
        return cls(folder / name, data)

    def lemma_names(self, offset: int, index: IndexFile, lemma: str) -> tuple[str, ...]:
        """The lemma names of the synset at byte `offset`, adjective markers removed.

        `index` and `lemma` name where the offset comes from, for the error.

        Raises:
            InputError: no synset line starts at `offset` (a truncated or mismatched file),
                or its line is not in WordNet's data format (naming file and line).
        """
        data = self.data
        if not 0 < offset < len(data):
            raise InputError(
                f"{index.path.name} lists synset {offset} for {lemma!r}, which "
                f"{self.path.name} does not hold (a truncated or mismatched file); expected a "
                "complete WordNet 3.0 database",
                source=str(self.path),
            )
        try:
            return _synset_names(data, offset)
        except (IndexError, ValueError) as error:  # UnicodeDecodeError is a ValueError
            line = _first_misplaced(data) or data.count(b"\n", 0, offset) + 1
            raise InputError(str(error), source=str(self.path), line=line) from None


def _synset_names(data: bytes, offset: int) -> tuple[str, ...]:
    """The lemma names of the synset line of a data file that must start at byte `offset`."""
    if data[offset - 1] != _NEWLINE:
        raise ValueError(f"no line starts at byte {offset}")
    end = data.find(b"\n", offset)
    fields = data[offset : end if end >= 0 else len(data)].split(b" ", 4)
    if int(fields[0]) != offset:
        raise ValueError(f"the synset at byte {offset} says it is at {fields[0]!r}")
    total = int(fields[3], 16)
    words = fields[4].split(b" ", 2 * total)[: 2 * total : 2]
    text = b" ".join(words).decode("utf-8")
    if total <= 0 or len(words) != total or b"" in words or "|" in text:
        raise ValueError(f"the synset at byte {offset} does not list {total} words")
    names = text.split(" ")
    return tuple(map(_without_marker, names)) if ")" in text else tuple(names)


def _without_marker(word: str) -> str:
    """A lemma name without its adjective marker: ``(a)``, ``(p)``, ``(ip)`` (NLTK's regex)."""
    if word.endswith(")"):
        start = word.rfind("(")
        if start >= 0 and ")" not in word[start:-1]:
            return word[:start]
    return word


def _first_misplaced(data: bytes) -> int | None:
    """The number of the first line of a data file not at the byte offset it starts with.

    Only for the error message: a line inserted or removed moves every later synset, and the
    line to mend is the first one moved, not the one an index entry happened to point into.
    """
    lines = data.split(b"\n")
    position = 0
    for number, line in enumerate(lines, 1):
        if line and not line.startswith(b"  "):
            head = line.split(maxsplit=1)[0]
            if not head.isdigit() or int(head) != position:
                return number
        position += len(line) + 1
    return None


@dataclass(frozen=True, eq=False)
class WordNet:
    """A WordNet database read once: index, exception lists and data files per part of speech.

    Loading reads the files and maps each lemma to its index line; a lemma's synsets and
    their lemma names are parsed when METEOR asks for them (as NLTK reads them), so a line
    in a damaged file is refused when it is read, naming the file and line.
    """

    folder: Path
    version: str  # from the copyright line of data.adj, as NLTK's get_version reads it
    index: Mapping[str, IndexFile]  # pos -> index file
    exceptions: Mapping[str, Mapping[str, tuple[str, ...]]]  # pos -> form -> base forms
    data: Mapping[str, DataFile]  # pos -> data file

    @classmethod
    def load(cls, folder: str | Path) -> WordNet:
        """Read the database in `folder`.

        Raises:
            MissingDependencyError: a file is missing (the message says how to install it).
            InputError: a file is not UTF-8 (naming file and line), or a data file is cut.
        """
        root = Path(folder)
        data = {pos: DataFile.read(root, suffix) for pos, suffix in POS_FILES.items()}
        header = data["a"].data[:4096].decode("utf-8", "replace")
        match = re.search(r"Word[nN]et (\d+\+?|\d+\.\d+) Copyright", header)
        return cls(
            root,
            match.group(1) if match else "unknown",
            {pos: IndexFile.read(root, suffix) for pos, suffix in POS_FILES.items()},
            {pos: _read_exceptions(root, suffix) for pos, suffix in POS_FILES.items()},
            data,
        )

    def base_forms(self, form: str, pos: str) -> list[str]:
        """NLTK 3.10's ``_morphy(form, pos)``: the forms the index lists, in order, once each."""
        exceptions = self.exceptions[pos]
        if form in exceptions:
            candidates = [form, *exceptions[form]]
        elif form.endswith(_SUFFIXES[pos]):
            candidates = [form]
            candidates += [
                form[: -len(old)] + new for old, new in SUBSTITUTIONS[pos] if form.endswith(old)
            ]
        else:
            return [form] if form in self.index[pos].lemmas else []
        lemmas = self.index[pos].lemmas
        return list(dict.fromkeys(candidate for candidate in candidates if candidate in lemmas))

    def synonyms(self, word: str) -> frozenset[str]:
        """Lemma names without ``_`` of every synset of `word` (NLTK's ``synsets(word)``).

        Raises:
            InputError: a line it reads is damaged (naming file and line).
        """
        form = word.lower()
        found: set[str] = set()
        for pos in POS_FILES:
            index, data = self.index[pos], self.data[pos]
            for base in self.base_forms(form, pos):
                for offset in index.offsets(base):
                    names = data.lemma_names(offset, index, base)
                    found.update(name for name in names if "_" not in name)
        return frozenset(found)
