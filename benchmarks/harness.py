"""Bootstrap standard errors for harness metrics: parbleu's resampled statistics against
lm-evaluation-harness re-scoring every resample with sacreBLEU, in the same run.

WMT17 en-de (3,004 segments, the first system of ../shared/data/newstest2017/en-de). For each
of BLEU, chrF and TER:

* parbleu: ``parbleu.integrations.lm_eval.<metric>.stderr(items, 100_000)``: statistics
  once, then 100,000 resamples as count-matrix products and the metric's formula;
* lm-eval 0.4.13: ``lm_eval.api.metrics.bootstrap_stderr(<metric>, items, iters)`` with
  ``DISABLE_MULTIPROC=1`` (one process), timed on ``--harness-iters`` resamples (default 20;
  the harness caps these metrics at 100) and extrapolated per resample.

    python benchmarks/harness.py [--resamples 100000] [--harness-iters 20]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))


def wmt17(data: Path) -> list[tuple[str, str]]:
    folder = data / "newstest2017" / "en-de"
    system = sorted((folder / "sys").glob("*.txt"))[0].read_text(encoding="utf-8").splitlines()
    ref = sorted(folder.glob("ref.*.txt"))[0].read_text(encoding="utf-8").splitlines()
    return list(zip(ref, system, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resamples", type=int, default=100_000)
    parser.add_argument("--harness-iters", type=int, default=20)
    parser.add_argument("--metrics", nargs="+", default=["bleu", "chrf", "ter"])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    os.environ["DISABLE_MULTIPROC"] = "1"
    import contextlib  # noqa: PLC0415
    import io  # noqa: PLC0415

    from lm_eval.api import metrics as harness  # noqa: PLC0415

    from parbleu.integrations import lm_eval as ours  # noqa: PLC0415

    items = wmt17(args.data)
    print(f"{len(items)} segments; {args.resamples:,} resamples for parbleu")
    print(
        "| metric | parbleu: statistics | resamples | total | stderr | lm-eval per resample |"
        " lm-eval, 100,000 resamples (extrapolated) | ratio |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in args.metrics:
        aggregation = getattr(ours, name)
        start = time.perf_counter()
        stats = aggregation.statistics(items)
        counted = time.perf_counter() - start
        from parbleu.integrations.resampled import (  # noqa: PLC0415
            bootstrap_replicates,
            sample_stddev,
        )

        start, cpu = time.perf_counter(), time.process_time()
        stderr = sample_stddev(bootstrap_replicates(aggregation.metric, stats, args.resamples))
        resampled, resampled_cpu = time.perf_counter() - start, time.process_time() - cpu
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            harness.bootstrap_stderr(getattr(harness, name), items, iters=args.harness_iters)
        per = (time.perf_counter() - start) / args.harness_iters
        total = counted + resampled
        print(
            f"| {name} | {counted:.2f} s | {resampled:.2f} s ({resampled_cpu:.2f} s) | "
            f"{total:.2f} s | {stderr:.4f} | "
            f"{per:.2f} s | {per * 100_000 / 3600:,.1f} h | {per * args.resamples / total:,.0f}x |"
        )


if __name__ == "__main__":
    main()
