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
from pathlib import Path
from typing import Any

from parbleu.errors import InputError, MissingDependencyError
from parbleu.io.lines import READ_ERRORS, decode_lines, open_binary, read_error
from parbleu.metrics.meteor.options import DEBIAN_WORDNET_FOLDER

__all__ = ["DEBIAN_WORDNET", "POS_FILES", "WordNet"]

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

_MARKER = re.compile(r"(.*?)(\([^()]*\))?$")  # a lemma name and its adjective marker


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


def _read_index(folder: Path, suffix: str) -> dict[str, tuple[int, ...]]:
    """``index.<suffix>``: lemma -> synset offsets (later lines replace earlier, as in NLTK)."""
    offsets: dict[str, tuple[int, ...]] = {}
    name = f"index.{suffix}"
    for number, line in enumerate(_read_lines(folder, name), 1):
        if not line or line.startswith(" "):
            continue
        fields = line.split()
        try:
            count, pointers = int(fields[2]), int(fields[3])
            senses = int(fields[4 + pointers])
            first = 6 + pointers
            found = tuple(int(field) for field in fields[first : first + count])
        except (IndexError, ValueError) as error:
            raise InputError(str(error), source=str(folder / name), line=number) from None
        if count <= 0 or senses != count or len(found) != count:
            raise InputError("inconsistent synset counts", source=str(folder / name), line=number)
        offsets[fields[0]] = found
    return offsets


def _read_exceptions(folder: Path, suffix: str) -> dict[str, tuple[str, ...]]:
    """``<suffix>.exc``: inflected form -> base forms."""
    exceptions: dict[str, tuple[str, ...]] = {}
    for line in _read_lines(folder, f"{suffix}.exc"):
        terms = line.split()
        if terms:
            exceptions[terms[0]] = tuple(terms[1:])
    return exceptions


def _read_lemma_names(folder: Path, suffix: str) -> dict[int, tuple[str, ...]]:
    """``data.<suffix>``: synset offset -> lemma names, adjective markers removed."""
    name = f"data.{suffix}"
    names: dict[int, tuple[str, ...]] = {}
    position = 0
    for number, line in enumerate(_read(folder, name).split(b"\n"), 1):
        if line and not line.startswith(b"  "):
            try:
                names[position] = _synset_names(line, position)
            except (IndexError, ValueError) as error:  # UnicodeDecodeError is a ValueError
                raise InputError(str(error), source=str(folder / name), line=number) from None
        position += len(line) + 1
    return names


def _synset_names(line: bytes, position: int) -> tuple[str, ...]:
    """The lemma names of one synset line of a data file, which must sit at byte `position`."""
    fields = line.split(b"|", 1)[0].split()
    if int(fields[0]) != position:
        raise ValueError(f"the synset at byte {position} says it is at {fields[0]!r}")
    count = int(fields[3], 16)
    words = (field.decode("utf-8") for field in fields[4 : 4 + 2 * count : 2])
    return tuple(_MARKER.fullmatch(word).group(1) for word in words)  # type: ignore[union-attr]


def _check_synsets(
    folder: Path, suffix: str, index: Mapping[str, tuple[int, ...]], names: Mapping[int, Any]
) -> None:
    """Every synset the index lists is in the data file (a truncated one loses the last)."""
    for lemma, offsets in index.items():
        missing = next((offset for offset in offsets if offset not in names), None)
        if missing is not None:
            raise InputError(
                f"index.{suffix} lists synset {missing} for {lemma!r}, which data.{suffix} "
                "does not hold (a truncated or mismatched file); expected a complete WordNet "
                "3.0 database",
                source=str(folder / f"data.{suffix}"),
            )


@dataclass(frozen=True, eq=False)
class WordNet:
    """A WordNet database read once: index, exception lists and lemma names per part of speech."""

    folder: Path
    version: str  # from the copyright line of data.adj, as NLTK's get_version reads it
    index: Mapping[str, Mapping[str, tuple[int, ...]]]  # pos -> lemma -> offsets
    exceptions: Mapping[str, Mapping[str, tuple[str, ...]]]  # pos -> form -> base forms
    names: Mapping[str, Mapping[int, tuple[str, ...]]]  # pos -> offset -> lemma names

    @classmethod
    def load(cls, folder: str | Path) -> WordNet:
        """Read the database in `folder`.

        Raises:
            MissingDependencyError: a file is missing (the message says how to install it).
            InputError: a file is not in WordNet's format.
        """
        root = Path(folder)
        header = _read(root, "data.adj")[:4096].decode("utf-8", "replace")
        match = re.search(r"Word[nN]et (\d+\+?|\d+\.\d+) Copyright", header)
        index = {pos: _read_index(root, suffix) for pos, suffix in POS_FILES.items()}
        names = {pos: _read_lemma_names(root, suffix) for pos, suffix in POS_FILES.items()}
        for pos, suffix in POS_FILES.items():
            _check_synsets(root, suffix, index[pos], names[pos])
        return cls(
            root,
            match.group(1) if match else "unknown",
            index,
            {pos: _read_exceptions(root, suffix) for pos, suffix in POS_FILES.items()},
            names,
        )

    def base_forms(self, form: str, pos: str) -> list[str]:
        """NLTK 3.10's ``_morphy(form, pos)``: the forms the index lists, in order, once each."""
        exceptions = self.exceptions[pos]
        if form in exceptions:
            candidates = [form, *exceptions[form]]
        else:
            candidates = [form]
            candidates += [
                form[: -len(old)] + new for old, new in SUBSTITUTIONS[pos] if form.endswith(old)
            ]
        index = self.index[pos]
        return list(dict.fromkeys(candidate for candidate in candidates if candidate in index))

    def synonyms(self, word: str) -> frozenset[str]:
        """Lemma names without ``_`` of every synset of `word` (NLTK's ``synsets(word)``)."""
        form = word.lower()
        found: set[str] = set()
        for pos in POS_FILES:
            names = self.names[pos]
            for base in self.base_forms(form, pos):
                for offset in self.index[pos][base]:
                    found.update(name for name in names[offset] if "_" not in name)
        return frozenset(found)
