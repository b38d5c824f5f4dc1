"""A seeded, MT-like parallel corpus for the tests of distributed scoring."""

from __future__ import annotations

import numpy as np


def generated_corpus(n_segments: int, seed: int) -> tuple[list[str], list[list[str | None]]]:
    """Seeded MT-like text: references drawn from a Zipf-like vocabulary with punctuation,
    hypotheses edited from them; a second reference stream missing in every 7th segment and
    empty in some, so that ``nrefs`` is ``var``."""
    rng = np.random.default_rng(seed)
    words = [f"w{i}" for i in range(400)] + ["the", "a", ",", ".", "Über", "naïve", "3.5"]
    weights = 1.0 / np.arange(1, len(words) + 1)
    weights /= weights.sum()

    def sentence(length: int) -> list[str]:
        return [words[i] for i in rng.choice(len(words), size=length, p=weights)]

    refs_a, refs_b, hyps = [], [], []
    for i in range(n_segments):
        ref = sentence(int(rng.integers(0, 30)))
        hyp = [w if rng.random() > 0.3 else words[int(rng.integers(len(words)))] for w in ref]
        if len(hyp) > 3 and rng.random() < 0.3:
            hyp[0], hyp[3] = hyp[3], hyp[0]
        refs_a.append(" ".join(ref))
        hyps.append(" ".join(hyp))
        other = None if i % 7 == 3 else ("" if i % 11 == 5 else " ".join(sentence(12)))
        refs_b.append(other)
    return hyps, [refs_a, refs_b]
