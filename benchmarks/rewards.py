"""GRPO rewards: parbleu's reward shapes against a plain sacreBLEU loop, per batch.

A batch is 64 completions: ``64 / G`` prompts with ``G`` completions each (``--group``, 8 or
16), the completions of a prompt sharing its reference, as GRPO samples them. The data are
real: a prompt is a WMT21 en-de segment, its completions are ``G`` systems' translations of
it (``../shared/data/newstest2021/en-de/sys``), its reference ``ref.A.txt``; consecutive
batches take consecutive segments.

Per metric (``bleu``, ``chrf``; ``--metrics`` adds ``chrf++`` or ``ter``), in this process,
the tools alternating within each of ``--repeat`` rounds over ``--batches`` batches:

* sacreBLEU loop: ``sacrebleu.sentence_bleu(c, [r]).score / 100`` (``sentence_chrf``,
  ``sentence_ter``) for every completion, the plain loop a reward is written as;
* sacreBLEU object loop: one ``BLEU(effective_order=True)`` (``CHRF``, ``TER``) made once,
  ``sentence_score`` per completion (the faster way to call sacreBLEU);
* parbleu TRL: ``parbleu.rewards.reward_function(metric)`` called as ``GRPOTrainer`` calls it;
* parbleu verl: ``parbleu.rewards.verl.compute_score_batch``;
* parbleu OpenRLHF: ``parbleu.rewards.openrlhf.make_reward_func(metric)``.

Before timing, every parbleu reward is checked equal to sacreBLEU's sentence score scaled
to [0, 1] (TER: ``1 - TER / 100``), clipped, bit for bit. Reported: CPU milliseconds per
batch (median over rounds) and each tool's time as a multiple of parbleu TRL's.

    python benchmarks/rewards.py [--group 8] [--repeat 5] [--batches 15]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from onecall import ratio_table

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))
BATCH = 64

#: One batch: prompts, completions and references (one of each per completion).
Batch = tuple[list[str], list[str], list[str]]


def lines(path: Path) -> list[str]:
    """The lines of a UTF-8 file (split at newlines only)."""
    return path.read_text(encoding="utf-8").removesuffix("\n").split("\n")


def batches(data: Path, group: int, count: int) -> list[Batch]:
    """`count` batches of 64 completions, `group` per WMT21 en-de segment."""
    folder = data / "newstest2021" / "en-de"
    sources, reference = lines(folder / "src.txt"), lines(folder / "ref.A.txt")
    systems = [lines(path) for path in sorted((folder / "sys").glob("*.txt"))][:group]
    if len(systems) < group or BATCH % group:
        raise SystemExit(f"--group must divide {BATCH} and be at most {len(systems)}")
    out: list[Batch] = []
    segment = 0
    for _ in range(count):
        prompts, completions, references = [], [], []
        for _ in range(BATCH // group):
            for system in systems:
                prompts.append(f"Translate to German: {sources[segment]}")
                completions.append(system[segment])
                references.append(reference[segment])
            segment += 1
        out.append((prompts, completions, references))
    return out


def oracle(metric: str) -> tuple[Callable[[str, str], float], Callable[[str, str], float]]:
    """SacreBLEU's reward of one completion: a plain call, and a call on one object."""
    import sacrebleu  # noqa: PLC0415

    def scaled(score: float) -> float:
        value = 1.0 - score / 100.0 if metric == "ter" else score / 100.0
        return min(max(value, 0.0), 1.0)

    plain: dict[str, Callable[[str, list[str]], Any]] = {
        "bleu": sacrebleu.sentence_bleu,
        "chrf": sacrebleu.sentence_chrf,
        "chrf++": lambda h, r: sacrebleu.sentence_chrf(h, r, word_order=2),
        "ter": sacrebleu.sentence_ter,
    }
    objects: dict[str, Any] = {
        "bleu": lambda: sacrebleu.BLEU(effective_order=True),
        "chrf": sacrebleu.CHRF,
        "chrf++": lambda: sacrebleu.CHRF(word_order=2),
        "ter": sacrebleu.TER,
    }
    function, made = plain[metric], objects[metric]()
    return (
        lambda h, r: scaled(function(h, [r]).score),
        lambda h, r: scaled(made.sentence_score(h, [r]).score),
    )


def tools(metric: str) -> dict[str, Callable[[Batch], list[float | None]]]:
    """Every tool's rewards of one batch."""
    from parbleu.rewards import reward_function  # noqa: PLC0415
    from parbleu.rewards.openrlhf import make_reward_func  # noqa: PLC0415
    from parbleu.rewards.verl import compute_score_batch  # noqa: PLC0415

    plain, made = oracle(metric)
    trl = reward_function(metric)
    openrlhf = make_reward_func(metric)

    def verl(batch: Batch) -> list[float | None]:
        _, completions, references = batch
        sources = ["wmt21"] * len(completions)
        return list(compute_score_batch(sources, completions, references, metric=metric))

    def open_rlhf(batch: Batch) -> list[float | None]:
        prompts, completions, references = batch
        queries = [p + c for p, c in zip(prompts, completions, strict=True)]
        return list(openrlhf(queries, prompts, references)["rewards"])

    return {
        "sacreBLEU loop": lambda b: [plain(c, r) for c, r in zip(b[1], b[2], strict=True)],
        "sacreBLEU object loop": lambda b: [made(c, r) for c, r in zip(b[1], b[2], strict=True)],
        "parbleu TRL": lambda b: trl(prompts=b[0], completions=b[1], reference=b[2]),
        "parbleu verl": verl,
        "parbleu OpenRLHF": open_rlhf,
    }


def check(metric: str, data: list[Batch]) -> None:
    """Every parbleu reward equals sacreBLEU's, bit for bit."""
    named = tools(metric)
    for batch in data:
        expected = named["sacreBLEU loop"](batch)
        for name, tool in named.items():
            if tool(batch) != expected:
                raise SystemExit(f"{metric}: {name} differs from sacreBLEU's sentence scores")


def measure(metric: str, data: list[Batch], repeat: int) -> dict[str, list[float]]:
    """CPU milliseconds per batch of every tool, tools alternating within each round."""
    named = tools(metric)
    results: dict[str, list[float]] = {name: [] for name in named}
    for _ in range(repeat):
        for name, tool in named.items():
            start = time.process_time()
            for batch in data:
                tool(batch)
            results[name].append((time.process_time() - start) * 1000 / len(data))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--group", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--batches", type=int, default=15)
    parser.add_argument("--metrics", nargs="+", default=["bleu", "chrf"])
    parser.add_argument("--data", type=Path, default=DATA)
    options = parser.parse_args(argv)
    data = batches(options.data, options.group, options.batches)
    for metric in options.metrics:
        check(metric, data)
        print(f"{metric}: every parbleu reward == sacreBLEU's on {len(data) * BATCH} completions")
        title = f"{metric}, 64 completions a batch, groups of {options.group}"
        ratio_table(title, measure(metric, data, options.repeat), "parbleu TRL", "CPU ms a batch")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
