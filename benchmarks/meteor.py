"""Time parbleu's METEOR against NLTK 3.10's ``meteor_score`` on the same input, in the same run.

Both score WMT21 de-en systems (4 by default, 1,000 segments, references A and B) with the
13a tokenizer, on the same WordNet 3.0 files (Debian's ``wordnet-base``; NLTK reads a copy
adapted as ``tests/oracles/nltk_wordnet.py`` describes). NLTK keeps the synsets it has read
in its reader, so systems after the first find them cached; parbleu looks every word up again
for each system. The script checks that every segment's score is identical, then prints CPU
seconds per system and the ratio. Loading WordNet is timed apart.

    python benchmarks/meteor.py --data ../shared/data --systems 4
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from nltk.translate.meteor_score import meteor_score
from tests.oracles.nltk_wordnet import nltk_reader

from parbleu.metrics.meteor import DEBIAN_WORDNET, METEOR, WordNet
from parbleu.tokenizers import TokenizerName, make_tokenizer

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def read_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared data folder")
    parser.add_argument("--systems", type=int, default=4, help="how many systems")
    args = parser.parse_args()
    folder = args.data / "newstest2021" / "de-en"
    refs = [read_lines(folder / f"ref.{letter}.txt") for letter in "AB"]
    names = sorted(p.stem for p in (folder / "sys").glob("*.txt"))[: args.systems]
    cpu = time.process_time()
    wordnet = WordNet.load(DEBIAN_WORDNET)
    ours_load = time.process_time() - cpu
    with tempfile.TemporaryDirectory() as root:
        cpu = time.process_time()
        reader = nltk_reader(Path(root))
        nltk_load = time.process_time() - cpu
        print(f"WordNet loading: parbleu {ours_load:.2f} s, NLTK {nltk_load:.2f} s (CPU)")
        tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)
        ref_words = [[tokenizer.tokenize(line).split() for line in stream] for stream in refs]
        metric = METEOR(refs, database=wordnet)
        print(f"{'system':<24} {'NLTK':>7} {'parbleu':>8} {'ratio':>6}")
        for name in names:
            system = read_lines(folder / "sys" / f"{name}.txt")
            cpu = time.process_time()
            words = [tokenizer.tokenize(line).split() for line in system]
            expected = [
                meteor_score([stream[i] for stream in ref_words], hyp, wordnet=reader)
                for i, hyp in enumerate(words)
            ]
            nltk_time = time.process_time() - cpu
            cpu = time.process_time()
            got = metric.statistics(system).column("score_sum").tolist()
            ours = time.process_time() - cpu
            if got != expected:
                raise SystemExit(f"{name}: segment scores differ from NLTK")
            ratio = nltk_time / ours
            print(f"{name:<24} {nltk_time:>7.2f} {ours:>8.3f} {ratio:>5.1f}x", flush=True)
    print("segment scores identical to NLTK's meteor_score for every system")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
