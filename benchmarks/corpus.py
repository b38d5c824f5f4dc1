"""Seeded synthetic parallel corpora for the benchmarks: realistic MT text of any size.

A reference segment is a sequence of *pieces* drawn from a fixed, seeded inventory: words from
a Zipfian vocabulary (Zipf, 1949; exponent 1.07 as in running English text) over a German-like
alphabet with umlauts and accents, capitalized sentence starts, numbers in the forms 13a
treats specially (``3.5``, ``1,500``, ``10-20``, ``2017``, ``5%``), hyphenated compounds,
punctuation glued to words (``word,`` ``end.`` ``(aside)``), quotes, ellipses, and a few
HTML entities. Segment lengths follow a log-normal law (median about 20 pieces).

The hypothesis of a segment is its reference edited the way MT output differs from a human
translation: most pieces kept, some substituted by other vocabulary draws, some deleted,
some inserted, and some adjacent pieces swapped; so hypotheses share many, but not all,
n-grams with their references.

Everything is produced chunk by chunk with vectorized draws from ``numpy.random.default_rng``
seeded per chunk, so the same seed gives the same corpus in memory or streamed to a file,
whatever the chunk size used to consume it, and a 10-million-segment corpus never needs more
than one chunk in memory.

Command line::

    python benchmarks/corpus.py --segments 1000000 --seed 1 --out /tmp/corpus
    # writes /tmp/corpus/ref.txt and /tmp/corpus/hyp.txt
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]

#: Segments generated per seeded chunk (the unit of reproducibility).
CHUNK = 10_000
VOCABULARY_SIZE = 200_000
_SAMPLER_CELLS = 1 << 21
ZIPF_EXPONENT = 1.07

_LETTERS = "etaonirshdlcumwfgypbvkjxqzäöüßé"
_LETTER_WEIGHTS = np.array(
    [
        *[12.7, 9.1, 8.2, 7.5, 7.0, 6.7, 6.3, 6.1, 6.0, 4.3, 4.0, 2.8, 2.8, 2.4, 2.4, 2.2],
        *[2.0, 2.0, 1.9, 1.5, 1.0, 0.8, 0.2, 0.2, 0.1, 0.1, 0.6, 0.4, 0.6, 0.3, 0.2],
    ]
)
_CLOSING = [",", ".", "?", "!", ":", ";", "%", ")", '"', "...", "'s"]
_EXTRAS = [" &amp;", " &quot;", " AT&T", " -", " –", " —", " /", " e.g.", " U.S.", " 's", " n't"]


@dataclass(frozen=True)
class Pieces:
    """The inventory of pieces; a piece carries the space that precedes it, if any."""

    text: list[str]
    words: int  # pieces 0..words-1: words with a space; words..2*words-1: the same, glued
    sampler: IntArray  # word drawn for each of 2**21 equal slices of probability (Zipf law)
    encoded: npt.NDArray[np.uint8]  # UTF-8 of all pieces, end to end
    starts: IntArray  # where each piece begins in `encoded`
    sizes: IntArray  # its length in bytes
    numbers: IntArray
    closing: IntArray
    opening: IntArray
    extras: IntArray
    capitals: IntArray  # capitalized form of each word (a piece number)


def _words(rng: np.random.Generator, count: int) -> list[str]:
    """Distinct lowercase words; frequent (low-rank) words are short."""
    weights = _LETTER_WEIGHTS / _LETTER_WEIGHTS.sum()
    words: dict[str, None] = {}
    rank = 0
    while len(words) < count:
        batch = count - len(words) + 1000
        ranks = np.arange(rank, rank + batch)
        mean = 1.5 + 1.6 * np.log10(ranks + 2)
        lengths = np.clip(rng.poisson(mean), 1, 24)
        letters = rng.choice(len(_LETTERS), size=int(lengths.sum()), p=weights)
        flat = "".join(_LETTERS[i] for i in letters.tolist())
        ends = np.cumsum(lengths).tolist()
        for start, end in zip([0, *ends[:-1]], ends, strict=True):
            words.setdefault(flat[start:end])
        rank += batch
    return list(words)[:count]


def _numbers(rng: np.random.Generator, count: int) -> list[str]:
    forms = []
    for kind in rng.integers(0, 8, count).tolist():
        a, b = (int(x) for x in rng.integers(1, 1000, 2))
        forms.append(
            [
                f"{a}",
                f"{a}.{b % 10}",
                f"{a},{b:03d}",
                f"{a}-{a + b}",
                f"{1900 + a % 130}",
                f"{a}%",
                f"{a % 24}:{b % 60:02d}",
                f"{a}.",
            ][kind]
        )
    return forms


def make_pieces(seed: int = 0, vocabulary_size: int = VOCABULARY_SIZE) -> Pieces:
    """The piece inventory for a seed."""
    rng = np.random.default_rng([seed, 0])
    words = _words(rng, vocabulary_size)
    compounds = [f"{words[a]}-{words[b]}" for a, b in rng.integers(0, 2000, (500, 2)).tolist()]
    base = words + compounds
    text = [f" {w}" for w in base] + base
    n = len(base)
    capitals = np.arange(len(text), len(text) + n, dtype=np.int64)
    text += [f" {w[:1].upper()}{w[1:]}" for w in base]
    first = len(text)
    text += [f" {number}" for number in _numbers(rng, 3000)]
    numbers = np.arange(first, len(text), dtype=np.int64)
    first = len(text)
    text += _CLOSING
    closing = np.arange(first, len(text), dtype=np.int64)
    first = len(text)
    text += [" (", ' "', " „", " «"]
    opening = np.arange(first, len(text), dtype=np.int64)
    first = len(text)
    text += _EXTRAS
    extras = np.arange(first, len(text), dtype=np.int64)
    text.append("\n")  # the line break, always last
    ranks = np.arange(1, n + 1, dtype=np.float64)
    cumulative = np.cumsum(ranks**-ZIPF_EXPONENT)
    cells = (np.arange(_SAMPLER_CELLS) + 0.5) / _SAMPLER_CELLS * cumulative[-1]
    sampler = np.searchsorted(cumulative, cells).astype(np.int64)
    encoded = [piece.encode("utf-8") for piece in text]
    sizes = np.array([len(piece) for piece in encoded], dtype=np.int64)
    starts = np.cumsum(sizes) - sizes
    flat = np.frombuffer(b"".join(encoded), dtype=np.uint8)
    return Pieces(
        text, n, sampler, flat, starts, sizes, numbers, closing, opening, extras, capitals
    )


def _draw_words(rng: np.random.Generator, pieces: Pieces, size: int) -> IntArray:
    drawn: IntArray = pieces.sampler.take(rng.integers(0, _SAMPLER_CELLS, size))
    return drawn


def _references(rng: np.random.Generator, pieces: Pieces, n: int) -> tuple[IntArray, IntArray]:
    """Piece numbers of `n` reference segments, and segment offsets."""
    lengths = np.clip(np.round(rng.lognormal(np.log(20), 0.55, n)), 1, 150).astype(np.int64)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    total = int(offsets[-1])
    ids = _draw_words(rng, pieces, total)
    kind = rng.random(total)
    ids = np.where(kind < 0.025, rng.choice(pieces.numbers, total), ids)
    ids = np.where((kind >= 0.025) & (kind < 0.09), rng.choice(pieces.closing[:2], total), ids)
    ids = np.where((kind >= 0.09) & (kind < 0.10), rng.choice(pieces.closing, total), ids)
    ids = np.where((kind >= 0.10) & (kind < 0.103), rng.choice(pieces.extras, total), ids)
    opening = (kind >= 0.103) & (kind < 0.11)
    ids = np.where(opening, rng.choice(pieces.opening, total), ids)
    # A word right after an opening mark is glued to it.
    after = np.flatnonzero(opening[:-1]) + 1
    glue = after[ids[after] < pieces.words]
    ids[glue] += pieces.words
    # Sentences start with a capital (the capitalized form of a word) and mostly end with
    # a full stop.
    starts = offsets[:-1]
    start_word = ids[starts] < pieces.words
    ids[starts[start_word]] = pieces.capitals[ids[starts[start_word]]]
    ends = offsets[1:] - 1
    full_stop = rng.random(n) < 0.85
    ids[ends[full_stop]] = pieces.closing[1]
    return ids, offsets


def _hypotheses(
    rng: np.random.Generator, pieces: Pieces, ids: IntArray, offsets: IntArray
) -> tuple[IntArray, IntArray]:
    """Edited copies of the references: keep, substitute, delete, insert, swap."""
    total = len(ids)
    action = rng.random(total)
    substituted = np.where(action < 0.25, _draw_words(rng, pieces, total), ids)
    kept = action >= 0.05  # 5% deleted
    inserted = rng.random(total) < 0.08
    copies = kept.astype(np.int64) + inserted
    running = np.zeros(total + 1, dtype=np.int64)
    np.cumsum(copies, out=running[1:])
    out_offsets = running[offsets]
    out = np.repeat(substituted, copies)
    # The second copy of an inserted position becomes a new word.
    firsts = np.cumsum(copies) - copies
    second = firsts[inserted & kept] + 1
    extra = firsts[inserted & ~kept]
    new_places = np.concatenate([second, extra])
    out[new_places] = _draw_words(rng, pieces, len(new_places))
    # Swap some adjacent pieces inside a segment.
    swap = np.flatnonzero(rng.random(len(out)) < 0.06)
    segment_out = np.repeat(np.arange(len(out_offsets) - 1), np.diff(out_offsets))
    swap = swap[(swap + 1 < len(out))]
    swap = swap[segment_out[swap] == segment_out[np.minimum(swap + 1, len(out) - 1)]]
    out[swap], out[swap + 1] = out[swap + 1], out[swap].copy()
    return out, out_offsets


def _text(pieces: Pieces, ids: IntArray, offsets: IntArray) -> str:
    """The segments as lines of one string (each line ends with a newline)."""
    with_breaks = np.insert(ids, offsets[1:], len(pieces.text) - 1)  # the last piece: "\n"
    sizes = pieces.sizes.take(with_breaks)
    # Byte positions of every selected piece, piece after piece.
    steps = np.ones(int(sizes.sum()), dtype=np.int64)
    firsts = np.cumsum(sizes[:-1])
    starts = pieces.starts.take(with_breaks)
    steps[0] = starts[0]
    steps[firsts] = starts[1:] - starts[:-1] - sizes[:-1] + 1
    joined = pieces.encoded.take(np.cumsum(steps)).tobytes().decode("utf-8")
    return joined.replace("\n ", "\n").removeprefix(" ")


def generate_chunks(
    n_segments: int, seed: int = 0, pieces: Pieces | None = None
) -> Iterator[tuple[str, str]]:
    """(references, hypotheses) of `n_segments` segments, `CHUNK` segments at a time, each
    as text: one line per segment, each ending with a newline."""
    pieces = pieces if pieces is not None else make_pieces(seed)
    for number, start in enumerate(range(0, n_segments, CHUNK)):
        rng = np.random.default_rng([seed, 1, number])
        count = min(CHUNK, n_segments - start)
        ids, offsets = _references(rng, pieces, count)
        hyp_ids, hyp_offsets = _hypotheses(rng, pieces, ids, offsets)
        yield _text(pieces, ids, offsets), _text(pieces, hyp_ids, hyp_offsets)


def generate(n_segments: int, seed: int = 0) -> tuple[list[str], list[str]]:
    """A whole corpus in memory: (references, hypotheses)."""
    references: list[str] = []
    hypotheses: list[str] = []
    for refs, hyps in generate_chunks(n_segments, seed):
        references += refs.split("\n")[:-1]
        hypotheses += hyps.split("\n")[:-1]
    return references, hypotheses


def write(folder: Path, n_segments: int, seed: int = 0) -> tuple[Path, Path]:
    """Stream a corpus to ``folder/ref.txt`` and ``folder/hyp.txt``; returns both paths."""
    folder.mkdir(parents=True, exist_ok=True)
    ref_path, hyp_path = folder / "ref.txt", folder / "hyp.txt"
    with (
        ref_path.open("w", encoding="utf-8", newline="\n") as ref_file,
        hyp_path.open("w", encoding="utf-8", newline="\n") as hyp_file,
    ):
        for refs, hyps in generate_chunks(n_segments, seed):
            ref_file.write(refs)
            hyp_file.write(hyps)
    return ref_path, hyp_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    ref_path, hyp_path = write(args.out, args.segments, args.seed)
    print(f"wrote {args.segments} segments to {ref_path} and {hyp_path}")


if __name__ == "__main__":
    main()
