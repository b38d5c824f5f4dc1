"""Time parbleu's METEOR against NLTK 3.10's ``meteor_score`` on the same input, in the same run.

Both score WMT21 de-en systems (4 by default, 1,000 segments, references A and B) with the
13a tokenizer, on the same WordNet 3.0 files (Debian's ``wordnet-base``; NLTK reads a copy
adapted as ``tests/oracles/nltk_wordnet.py`` describes). NLTK keeps the synsets it has read
in its reader, so systems after the first find them cached; so does parbleu, in the `Lexicon`
its prepared references own (every system here is scored against the same prepared metric).
The script checks that every segment's score is identical, then prints CPU
seconds per system and the ratio. Loading WordNet is timed apart.

With ``--cli``, whole processes instead: ``parbleu REF.A REF.B -i SYS... -m meteor`` against
a fresh Python process that reads the same files, builds NLTK's reader and prints
``meteor_score``'s mean for each system (13a words from sacreBLEU's tokenizer), the two
alternating ``--repeat`` times; the medians of wall and CPU seconds (the process and its
children) and their ratios, after checking that both print the same scores.

    python benchmarks/meteor.py --data ../shared/data --systems 4
    python benchmarks/meteor.py --cli --systems 1 --repeat 7
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import subprocess
import sys
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
    parser.add_argument("--cli", action="store_true", help="time whole processes")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each (--cli)")
    args = parser.parse_args()
    folder = args.data / "newstest2021" / "de-en"
    names = sorted(p.stem for p in (folder / "sys").glob("*.txt"))[: args.systems]
    if args.cli:
        return whole_processes(folder, names, args.repeat)
    refs = [read_lines(folder / f"ref.{letter}.txt") for letter in "AB"]
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


#: The NLTK side of ``--cli``: argv = the adapted corpus root, two references, the systems.
NLTK_SCRIPT = """
import sys, warnings
import nltk
from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.translate.meteor_score import meteor_score
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

root, ref_a, ref_b, *systems = sys.argv[1:]
nltk.data.path.insert(0, root)
with warnings.catch_warnings():
    warnings.simplefilter("ignore", UserWarning)
    reader = WordNetCorpusReader(root + "/corpora/wordnet", None)
tokenize = Tokenizer13a()
def words(path):
    with open(path, encoding="utf-8", newline="\\n") as handle:
        return [tokenize(line.rstrip("\\n")).split() for line in handle]
refs = list(zip(words(ref_a), words(ref_b)))
for system in systems:
    scores = [meteor_score(list(r), h, wordnet=reader) for r, h in zip(refs, words(system))]
    print(repr(100 * (sum(scores) / len(scores))))  # as parbleu: 100 times the mean
"""


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds (the process and its children) of one process, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout


def whole_processes(folder: Path, names: list[str], repeat: int) -> int:
    """``--cli``: both commands alternating, medians and ratios (see the module)."""
    refs = [str(folder / f"ref.{letter}.txt") for letter in "AB"]
    systems = [str(folder / "sys" / f"{name}.txt") for name in names]
    ours = [str(Path(sys.executable).parent / "parbleu"), *refs, "-i", *systems]
    ours += ["-m", "meteor", "-f", "json"]
    with tempfile.TemporaryDirectory() as root:
        nltk_reader(Path(root))  # the adapted copy of Debian's files, made once
        theirs = [sys.executable, "-c", NLTK_SCRIPT, root, *refs, *systems]
        expected = [float(line) for line in timed(theirs)[2].split()]
        got = [float(x) for x in re.findall(r'"score_unrounded": ([0-9.e+-]+)', timed(ours)[2])]
        if got != expected:
            raise SystemExit(f"scores differ: parbleu {got}, NLTK {expected}")
        runs: dict[str, list[tuple[float, float]]] = {"NLTK": [], "parbleu": []}
        for _ in range(repeat):
            for name, command in (("NLTK", theirs), ("parbleu", ours)):
                wall, cpu, _ = timed(command)
                runs[name].append((wall, cpu))
    medians = {
        name: tuple(statistics.median(run[k] for run in times) for k in range(2))
        for name, times in runs.items()
    }
    print(f"{len(systems)} system(s), medians of {repeat} alternating runs (seconds)")
    print(f"{'':<8} {'wall':>7} {'CPU':>7}")
    for name, (wall, cpu) in medians.items():
        print(f"{name:<8} {wall:>7.3f} {cpu:>7.3f}")
    nltk_wall, nltk_cpu = medians["NLTK"]
    our_wall, our_cpu = medians["parbleu"]
    print(f"ratio    {nltk_wall / our_wall:>6.1f}x {nltk_cpu / our_cpu:>6.1f}x")
    print("scores identical to NLTK's meteor_score for every system")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
