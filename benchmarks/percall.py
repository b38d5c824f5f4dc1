"""One sentence at a time: microseconds per call, sacreBLEU 2.6.0 against parbleu, same run.

Each case scores real WMT21 en-de segments (distinct sentences: every round takes the next
block of segments, so no call repeats a string another call of that round scored, unless
the calling pattern itself repeats it) with sacreBLEU, with parbleu's own API ("native") and
with `parbleu.compat` (the drop-in); rounds alternate the three, the best round counts, and
every case first checks that the three give identical scores. The target (issue 23): per
call, parbleu takes at most a third of sacreBLEU's time.

Cases: ``sentence_bleu``, ``BLEU.sentence_score`` (metric built once), ``corpus_bleu`` of one
segment and of three, ``sentence_chrf``, chrF++, ``sentence_ter`` and ``TER.sentence_score``;
then four calling patterns of real projects, with sacreBLEU and with parbleu.compat:

* mbrs (naist-nlp/mbrs, ``mbrs/metrics/bleu.py`` and ``chrf.py``): one metric object scores
  every candidate against every other candidate of a segment (``sentence_score(h, [r])``);
* sockeye (``sockeye/rerank.py``): ``sentence_bleu(h, [ref], smooth_method="add-k")`` and
  ``sentence_chrf`` over an n-best list, a new metric per call;
* lm-evaluation-harness (``lm_eval/tasks/truthfulqa/utils.py``): ``corpus_bleu([completion],
  [[ref]], tokenize="intl", smooth_value=0.0)`` for each true and false reference;
* OpenCompass (``opencompass/datasets/PMMEval/flores.py``): ``Tokenizer13a`` on both sides,
  a ``BLEU(tokenize="13a", effective_order=True)`` per segment, ``sentence_score`` and
  ``BLEU.compute_bleu`` over the summed counts.

Times are CPU seconds of this process (``time.process_time``), so that other work on the
machine slows both sides alike rather than whichever runs when it peaks.

``--crossover`` times the small-input path against the batch path per segment for calls of
1 to 64 segments (the choice of each metric's ``small_input_limit``).

Run: ``python benchmarks/percall.py [--rounds 3] [--segments 200] [--crossover]`` (needs
../shared/data or $PARBLEU_SHARED_DATA).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import sacrebleu

import parbleu
import parbleu.compat

REPO = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))
PAIR = DATA / "newstest2021" / "en-de"

#: sacreBLEU's module of a dotted name, real or parbleu's (``alias_modules``).
COMPAT_MODULES = parbleu.compat.alias_modules()


def _lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


@dataclass(frozen=True)
class Corpus:
    """WMT21 en-de: three references and the systems, segment by segment."""

    refs: list[list[str]]  # A, C, D
    systems: list[list[str]]

    @classmethod
    def load(cls) -> Corpus:
        refs = [_lines(PAIR / f"ref.{letter}.txt") for letter in "ACD"]
        systems = [_lines(path) for path in sorted((PAIR / "sys").glob("*.txt"))]
        return cls(refs, systems)

    def pairs(self, block: range) -> list[tuple[str, str]]:
        """(hypothesis, reference A) of each segment of `block`, cycling through systems."""
        return [(self.systems[i % len(self.systems)][i], self.refs[0][i]) for i in block]


#: A case: given (tool, segments) returns a runnable and the number of calls it makes.
Runner = Callable[[], list[float]]
Builder = Callable[[str, range], tuple[Runner, int]]


def _module(tool: str, name: str = "sacrebleu") -> ModuleType:
    if tool == "sacrebleu":
        module: ModuleType = __import__(name, fromlist=["_"])
        return module
    return COMPAT_MODULES[name]


def simple_cases(corpus: Corpus) -> dict[str, Builder]:
    """One sentence (or one to three segments) per call, each API."""

    def functional(sacre: str, native: Callable[..., Any], **options: Any) -> Builder:
        def build(tool: str, block: range) -> tuple[Runner, int]:
            pairs = corpus.pairs(block)
            call = native if tool == "native" else getattr(_module(tool), sacre)
            return (lambda: [call(h, [r], **options).score for h, r in pairs]), len(pairs)

        return build

    def method(make: Callable[[str], Any]) -> Builder:
        def build(tool: str, block: range) -> tuple[Runner, int]:
            pairs = corpus.pairs(block)
            metric = make(tool)
            return (lambda: [metric.sentence_score(h, [r]).score for h, r in pairs]), len(pairs)

        return build

    def corpus_of(size: int) -> Builder:
        def build(tool: str, block: range) -> tuple[Runner, int]:
            pairs = corpus.pairs(block)
            groups = [pairs[i : i + size] for i in range(0, len(pairs) - size + 1, size)]
            inputs = [([h for h, _ in g], [[r for _, r in g]]) for g in groups]
            call = parbleu.corpus_bleu if tool == "native" else _module(tool).corpus_bleu
            return (lambda: [call(h, r).score for h, r in inputs]), len(inputs)

        return build

    def metric_class(name: str, **options: Any) -> Callable[[str], Any]:
        def make(tool: str) -> Any:
            if tool == "native":
                return getattr(parbleu, name)(**options)
            return getattr(_module(tool, "sacrebleu.metrics"), name)(**options)

        return make

    return {
        "sentence_bleu": functional("sentence_bleu", parbleu.sentence_bleu),
        "BLEU.sentence_score": method(metric_class("BLEU", effective_order=True)),
        "corpus_bleu, 1 segment": corpus_of(1),
        "corpus_bleu, 3 segments": corpus_of(3),
        "sentence_chrf": functional("sentence_chrf", parbleu.sentence_chrf),
        "CHRF.sentence_score": method(metric_class("CHRF")),
        "chrF++ sentence_score": method(metric_class("CHRF", word_order=2)),
        "sentence_ter": functional("sentence_ter", parbleu.sentence_ter),
        "TER.sentence_score": method(metric_class("TER")),
    }


def pattern_cases(corpus: Corpus, candidates: int) -> dict[str, Builder]:
    """Real projects' calling patterns, with sacreBLEU and with parbleu.compat."""

    def segments(block: range) -> list[int]:
        return list(block)[: max(1, len(block) // candidates)]

    def nbest(index: int) -> list[str]:
        return [system[index] for system in corpus.systems[:candidates]]

    def mbrs(name: str, **options: Any) -> Builder:
        def build(tool: str, block: range) -> tuple[Runner, int]:
            metric = getattr(_module(tool, "sacrebleu.metrics"), name)(**options)
            lists = [nbest(i) for i in segments(block)]

            def run() -> list[float]:
                return [metric.sentence_score(h, [r]).score for c in lists for h in c for r in c]

            return run, sum(len(c) ** 2 for c in lists)

        return build

    def sockeye(function: str, **options: Any) -> Builder:
        def build(tool: str, block: range) -> tuple[Runner, int]:
            call = getattr(_module(tool), function)
            lists = [(nbest(i), corpus.refs[0][i]) for i in segments(block)]

            def run() -> list[float]:
                return [call(h, [ref], **options).score for c, ref in lists for h in c]

            return run, sum(len(c) for c, _ in lists)

        return build

    def truthfulqa(tool: str, block: range) -> tuple[Runner, int]:
        module = _module(tool)
        docs = []
        for i in block:
            true_refs = [refs[i] for refs in corpus.refs]
            false_refs = [corpus.systems[(i + k) % len(corpus.systems)][i] for k in (5, 9, 13)]
            docs.append((corpus.systems[i % len(corpus.systems)][i], true_refs + false_refs))

        def bleu(refs: list[list[str]], preds: list[str]) -> float:
            return float(
                module.corpus_bleu(
                    preds,
                    refs,
                    smooth_method="exp",
                    smooth_value=0.0,
                    force=False,
                    lowercase=False,
                    tokenize="intl",
                    use_effective_order=False,
                ).score
            )

        def run() -> list[float]:
            return [bleu([[ref]], [completion]) for completion, refs in docs for ref in refs]

        return run, sum(len(refs) for _, refs in docs)

    def opencompass(tool: str, block: range) -> tuple[Runner, int]:
        tokenizer13a = _module(tool, "sacrebleu.tokenizers.tokenizer_13a").Tokenizer13a
        bleu_class = _module(tool, "sacrebleu.metrics").BLEU
        pairs = corpus.pairs(block)

        def run() -> list[float]:
            results = []
            for gen, ref in pairs:
                final = tokenizer13a()
                scorer = bleu_class(tokenize="13a", effective_order=True)
                results.append(scorer.sentence_score(final(gen.strip()), [final(ref.strip())]))
            counts = [sum(r.counts[n] for r in results) for n in range(4)]
            totals = [sum(r.totals[n] for r in results) for n in range(4)]
            total = bleu_class.compute_bleu(
                correct=counts,
                total=totals,
                sys_len=sum(r.sys_len for r in results),
                ref_len=sum(r.ref_len for r in results),
                smooth_method="exp",
            )
            return [r.score for r in results] + [total.score]

        return run, len(pairs)

    return {
        "mbrs BLEU pairwise matrix": mbrs("BLEU", effective_order=True),
        "mbrs chrF pairwise matrix": mbrs("CHRF"),
        "sockeye rerank BLEU (add-k)": sockeye("sentence_bleu", smooth_method="add-k"),
        "sockeye rerank chrF": sockeye("sentence_chrf"),
        "lm-eval truthfulqa BLEU": truthfulqa,
        "OpenCompass flores BLEU": opencompass,
    }


def measure(
    build: Builder, tools: Sequence[str], blocks: Sequence[range]
) -> tuple[dict[str, float], bool]:
    """Best microseconds per call of each tool over the blocks, and whether scores agree."""
    best = dict.fromkeys(tools, float("inf"))
    identical = True
    for number, block in enumerate(blocks):
        scores = {}
        order = list(tools) if number % 2 == 0 else list(reversed(tools))
        for tool in order:
            run, calls = build(tool, block)
            start = time.process_time()
            scores[tool] = run()
            best[tool] = min(best[tool], (time.process_time() - start) / calls * 1e6)
        identical &= all(scores[tool] == scores[tools[0]] for tool in tools)
    return best, identical


def crossover(corpus: Corpus, sizes: Sequence[int]) -> None:
    """Small-input path against batch path, per segment, for calls of `sizes` segments."""
    from parbleu.references import resolve_references  # noqa: PLC0415

    metrics = {"BLEU": parbleu.BLEU(), "chrF": parbleu.CHRF(), "TER": parbleu.TER()}
    print(f"{'segments':>8s} " + " ".join(f"{n + ' small/batch µs':>26s}" for n in metrics))
    for size in sizes:
        cells = []
        for metric in metrics.values():
            best = {"small": float("inf"), "batch": float("inf")}
            for round_ in range(3):
                block = range(round_ * 64, round_ * 64 + size)
                pairs = corpus.pairs(block)
                lines = [h for h, _ in pairs]
                references = resolve_references(size, [[r for _, r in pairs]])
                for path, so_far in list(best.items()):
                    fresh = type(metric)(options=metric.options)  # no strings met before
                    start = time.process_time()
                    if path == "small":
                        fresh._small_rows(lines, references)
                    else:
                        fresh._statistics(lines, fresh.prepare(references))
                    elapsed = (time.process_time() - start) / size * 1e6
                    best[path] = min(so_far, elapsed)
            cells.append(f"{best['small']:12.1f} {best['batch']:12.1f}")
        print(f"{size:8d} " + " ".join(f"{cell:>26s}" for cell in cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="blocks of segments per case")
    parser.add_argument("--segments", type=int, default=200, help="segments per block")
    parser.add_argument("--candidates", type=int, default=10, help="n-best size of patterns")
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    parser.add_argument(
        "--crossover", action="store_true", help="small path against batch path by call size"
    )
    args = parser.parse_args()
    corpus = Corpus.load()
    if args.crossover:
        crossover(corpus, [1, 2, 4, 8, 16, 32, 64])
        return
    size = args.segments
    blocks = [range(k * size, (k + 1) * size) for k in range(args.rounds)]
    print(f"sacreBLEU {sacrebleu.__version__}, parbleu {parbleu.__version__}; µs per call, best")
    print(f"of {args.rounds} rounds of {size} distinct segments; 'x' = sacreBLEU time / parbleu's")
    print(f"{'case':32s} {'sacreBLEU':>10s} {'native':>16s} {'compat':>16s}  identical")
    groups = [
        (simple_cases(corpus), ("sacrebleu", "native", "compat")),
        (pattern_cases(corpus, args.candidates), ("sacrebleu", "compat")),
    ]
    for cases, tools in groups:
        for name, build in cases.items():
            if args.only not in name:
                continue
            best, identical = measure(build, tools, blocks)
            theirs = best["sacrebleu"]
            cells = [
                f"{best[t]:7.1f} ({theirs / best[t]:5.1f}x)" if t in best else f"{'-':>16s}"
                for t in ("native", "compat")
            ]
            print(f"{name:32s} {theirs:10.1f} {cells[0]} {cells[1]}  {identical}")


if __name__ == "__main__":
    main()
