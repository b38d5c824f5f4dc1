"""Meta-evaluation speed: parbleu.meta against the straightforward O(n^2) way, in the same run.

1. Speed (default): a WMT22-sized language pair (15 systems x 1,900 segments, seeded
   synthetic scores: MQM-like human scores with many ties and some unrated segments, a
   metric with continuous scores and a few ties), one metric, for each grouping: every pair
   counted at epsilon 0, tie calibration over every pair, and the counts at the chosen
   epsilon. The peer does what mt-metrics-eval's ``tau_optimization`` does, vectorized with
   NumPy: materialise every pair of every group (difference and kind), sort the differences,
   sweep. Prints both times, the ratio, and whether epsilon and acc_eq are identical. The
   ``none`` grouping has about 160 million pairs here (hundreds of millions at full WMT22
   size); the peer would hold them all (several GB), so by default it runs on a subset of the
   entries (``--peer-fraction``) and its time is scaled by the ratio of pairs (a lower
   bound: sorting grows faster than linearly); ``--full-peer`` runs it on everything.
2. ``--doc docs/meta.md --data ../shared/data``: the WMT21 MQM table of docs/meta.md,
   regenerated from the shared data written in mt-metrics-eval's layout (a temporary folder)
   by ``parbleu meta --mtme ... -f markdown``; the text between the markers is replaced.

    python benchmarks/meta_eval.py
    python benchmarks/meta_eval.py --groupings item sys --systems 15 --segments 1900
    python benchmarks/meta_eval.py --doc docs/meta.md --data ../shared/data

The machine is shared: the load average is printed before and after; compare ratios.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from parbleu.meta.pairs import Grouping, count_groups, group_scores
from parbleu.meta.ties import calibrate_groups

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
T = TypeVar("T")
START, END = "<!-- wmt21-mqm-table:start -->", "<!-- wmt21-mqm-table:end -->"


def synthetic(systems: int, segments: int, seed: int = 22) -> tuple[np.ndarray, np.ndarray]:
    """MQM-like human scores (0 and negative half points, 10% unrated), a noisy metric."""
    rng = np.random.default_rng(seed)
    quality = rng.normal(size=(systems, segments)) + rng.normal(size=(systems, 1)) * 0.3
    errors = np.clip(rng.exponential(2.0, quality.shape) - 1.0 - quality * 0.5, 0, 25)
    human = -np.round(errors * 2) / 2
    human[:, rng.random(segments) < 0.1] = np.nan
    metric = 50 + 10 * quality + 8 * rng.normal(size=quality.shape)
    metric[rng.random(quality.shape) < 0.03] = 0.0
    return human, metric


def ours(human: np.ndarray, metric: np.ndarray, grouping: Grouping) -> tuple[float, float]:
    scores = group_scores(human, metric, grouping)
    calibration = calibrate_groups(scores, untied=count_groups(scores))
    return calibration.epsilon, calibration.value


def _group_rows(human: np.ndarray, metric: np.ndarray, grouping: Grouping) -> list[Any]:
    if grouping is Grouping.NONE:
        return [(human.ravel(), metric.ravel())]
    if grouping is Grouping.SYS:
        return list(zip(human, metric, strict=True))
    return list(zip(human.T, metric.T, strict=True))


def peer(human: np.ndarray, metric: np.ndarray, grouping: Grouping) -> tuple[float, float]:
    """Every pair materialised, sorted by |difference|, swept (tau_optimization, vectorized)."""
    diffs, gains, right, groups = [], [], 0.0, 0
    for row_h, row_m in _group_rows(human, metric, grouping):
        rated = ~np.isnan(row_h)
        h, m = row_h[rated], row_m[rated]
        if len(h) < 2:
            continue
        first, second = np.triu_indices(len(h), 1)
        dh, dm = h[second] - h[first], m[second] - m[first]
        weight = 1.0 / len(first)
        tied_m, tied_h = dm == 0, dh == 0
        right += weight * ((~tied_m & ~tied_h & (dh * dm > 0)).sum() + (tied_m & tied_h).sum())
        flip = ~tied_m & (tied_h | (dh * dm > 0))
        diffs.append(np.abs(dm[flip]))
        gains.append(np.where(tied_h[flip], weight, -weight))
        groups += 1
    d, gain = np.concatenate(diffs), np.concatenate(gains)
    order = np.argsort(d, kind="stable")
    d, total = d[order], right + np.cumsum(gain[order])
    last = np.r_[d[1:] != d[:-1], True]
    thresholds, values = np.r_[0.0, d[last]], np.r_[right, total[last]] / groups
    best = int(np.argmax(values >= values.max() - 1e-12))
    return float(thresholds[best]), float(values[best])


def _timed(function: Callable[..., T], *args: object) -> tuple[float, T]:
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def speed(args: argparse.Namespace) -> None:
    human, metric = synthetic(args.systems, args.segments)
    print(f"load average before: {os.getloadavg()}")
    print(f"{args.systems} systems x {args.segments} segments, one metric")
    total_ours = 0.0
    for name in args.groupings:
        grouping = Grouping(name)
        time_ours, (eps, value) = _timed(ours, human, metric, grouping)
        total_ours += time_ours
        pairs = int(count_groups(group_scores(human, metric, grouping)).pairs.sum())
        h, m, scale = human, metric, 1.0
        if grouping is Grouping.NONE and not args.full_peer:
            keep = max(2, int(args.segments * args.peer_fraction))
            h, m = human[:, :keep], metric[:, :keep]
            sub = int(count_groups(group_scores(h, m, grouping)).pairs.sum())
            scale = pairs / sub
        time_peer, (peer_eps, peer_value) = _timed(peer, h, m, grouping)
        same = ""
        if scale == 1.0:
            same = f"  identical: {peer_eps == eps and abs(peer_value - value) < 1e-12}"
        note = f" (measured on 1/{scale:.0f} of the pairs, scaled)" if scale != 1.0 else ""
        print(
            f"{name:>5}: {pairs:>11,} pairs  parbleu {time_ours:7.2f} s  straightforward "
            f"{time_peer * scale:8.2f} s{note}  ratio {time_peer * scale / time_ours:6.1f}x"
            f"  epsilon {eps:.6g}  acc_eq {value:.6f}{same}"
        )
    print(f"parbleu, all groupings asked: {total_ours:.2f} s")
    print(f"load average after: {os.getloadavg()}")


def doc(args: argparse.Namespace) -> None:
    from tests.mtme_layout import write_mtme_layout  # noqa: PLC0415

    from parbleu.cli.main import run  # noqa: PLC0415 (this mode only)

    with tempfile.TemporaryDirectory() as folder:
        root = write_mtme_layout(Path(args.data), Path(folder) / "wmt21")
        out, err = io.StringIO(), io.StringIO()
        argv = ["meta", "--mtme", str(root), "--lp", "en-de", "zh-en", "--gold", "mqm"]
        argv += ["--ref", "refA", "-m", "bleu", "chrf", "ter", "--task", "wmt24", "-f", "markdown"]
        if run(argv, io.BytesIO(), out, err):
            raise SystemExit(err.getvalue())
        table = out.getvalue().replace(str(root), "WMT21")
    page = Path(args.doc).read_text(encoding="utf-8")
    if START not in page or END not in page:
        raise SystemExit(f"{args.doc}: markers {START} ... {END} not found")
    head, rest = page.split(START, 1)
    tail = rest.split(END, 1)[1]
    command = " ".join(["parbleu", *argv[:2], "DIR", *argv[3:]])
    body = f"\n```\n{command}\n```\n\n{table}\n"
    Path(args.doc).write_text(head + START + body + END + tail, encoding="utf-8")
    print(f"wrote the table into {args.doc}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--systems", type=int, default=15)
    parser.add_argument("--segments", type=int, default=1900)
    parser.add_argument("--groupings", nargs="+", default=["item", "sys", "none"])
    parser.add_argument("--peer-fraction", type=float, default=0.25)
    parser.add_argument("--full-peer", action="store_true")
    parser.add_argument("--doc", help="regenerate the WMT21 MQM table of this page")
    parser.add_argument(
        "--data", default=os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data")
    )
    args = parser.parse_args()
    if args.doc:
        doc(args)
    else:
        speed(args)


if __name__ == "__main__":
    main()
