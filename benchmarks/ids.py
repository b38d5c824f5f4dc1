"""Sentence BLEU of token-id batches: parbleu.ids against NLTK and TensorBLEU, in the same run.

Workloads (seeded random ids from a 32,000-token vocabulary; each reference is its hypothesis
with 30% of the tokens replaced, so that every order has matches):

* ``short``: 100,000 pairs of 25-token sequences, one batch (parbleu from a padded 2-D array
  and from lists of lists);
* ``long``: 1024-token sequences in batches of 256 (``--long-batches`` batches).

Peers: NLTK's ``sentence_bleu`` with ``SmoothingFunction().method3`` (NIST's geometric
smoothing, sacreBLEU's ``exp``), one call per sentence; TensorBLEU's
``tensor_sentence_bleu`` (rxlm, on CPU torch tensors) in batches of ``--tensorbleu-batch``
(its memory grows with the square of the batch). Slow peers are timed on a subset
(``--peer-items`` for NLTK, ``--tensorbleu-items``) and compared by sentences per second.
Runs alternate between tools; the best of ``--repeat`` is reported. Agreement is printed
too: parbleu's NLTK variant
(``smooth_variant="nltk"``) against NLTK, and how many TensorBLEU scores differ from
sacreBLEU's (parbleu's default).

Peak memory that parbleu allocates while scoring (tracemalloc, which sees NumPy's arrays),
in fresh processes for growing batch sizes (``--memory``), shows that it is linear in the
batch size.

    python benchmarks/ids.py [--repeat 3] [--peer-items 20000] [--memory]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import time
import tracemalloc
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from parbleu import ids

VOCABULARY = 32000


def pairs(n: int, length: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    hyps = rng.integers(1, VOCABULARY, (n, length))
    refs = hyps.copy()
    replace = rng.random((n, length)) < 0.3
    refs[replace] = rng.integers(1, VOCABULARY, int(replace.sum()))
    return hyps, refs


def best(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def nltk_scores(hyps: list[list[int]], refs: list[list[int]]) -> np.ndarray:
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu  # noqa: PLC0415

    method3 = SmoothingFunction().method3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return 100 * np.array(
            [
                sentence_bleu([r], h, smoothing_function=method3)
                for h, r in zip(hyps, refs, strict=True)
            ]
        )


def tensorbleu() -> Any:
    """rxlm's tensorbleu.py, loaded on its own (rxlm's package imports need its heavy extras)."""
    spec = importlib.util.find_spec("rxlm")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "metrics" / "tensorbleu.py"
    module_spec = importlib.util.spec_from_file_location("tensorbleu", path)
    assert module_spec is not None
    assert module_spec.loader is not None
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def tensorbleu_scores(module: Any, hyps: np.ndarray, refs: np.ndarray, batch: int) -> np.ndarray:
    import torch  # noqa: PLC0415

    out = []
    for start in range(0, len(hyps), batch):
        h = torch.from_numpy(hyps[start : start + batch])
        r = torch.from_numpy(refs[start : start + batch])[:, None, :]
        out.append(
            module.tensor_sentence_bleu(h, r, pad_token_id=0, smoothing_method="exp").numpy()
        )
    return 100 * np.concatenate(out)


def short(args: argparse.Namespace) -> dict[str, Any]:
    hyps, refs = pairs(args.items, 25)
    hyp_lists, ref_lists = hyps.tolist(), refs.tolist()
    k = args.peer_items
    module = tensorbleu()
    rows: dict[str, float] = {}
    for _ in range(args.repeat):  # alternate the tools
        t, ours = best(lambda: ids.sentence_bleu(hyps, refs), 1)
        rows["parbleu (2-D array)"] = min(rows.get("parbleu (2-D array)", 1e9), t / len(hyps))
        t, ours_lists = best(lambda: ids.sentence_bleu(hyp_lists, ref_lists), 1)
        rows["parbleu (lists)"] = min(rows.get("parbleu (lists)", 1e9), t / len(hyps))
        if module is not None:
            t, tb = best(
                lambda: tensorbleu_scores(module, hyps[:k], refs[:k], args.tensorbleu_batch), 1
            )
            rows["TensorBLEU (CPU)"] = min(rows.get("TensorBLEU (CPU)", 1e9), t / k)
    t, nltk = best(lambda: nltk_scores(hyp_lists[:k], ref_lists[:k]), 1)
    rows["NLTK"] = t / k
    nltk_variant = ids.sentence_bleu(
        hyps[:k], refs[:k], smooth_variant="nltk", effective_order=False
    )
    report: dict[str, Any] = {
        "items": len(hyps),
        "peer_items": k,
        "sentences_per_second": {name: 1 / v for name, v in rows.items()},
        "parbleu_lists_equal_array": bool((ours == ours_lists).all()),
        "nltk_max_abs_difference": float(np.abs(nltk_variant - nltk).max()),
    }
    if module is not None:
        report["tensorbleu_scores_off_by_more_than_0.01"] = int(
            (np.abs(tb - ours[:k]) > 0.01).sum()
        )
        report["tensorbleu_max_abs_difference"] = float(np.abs(tb - ours[:k]).max())
    return report


def long(args: argparse.Namespace) -> dict[str, Any]:
    hyps, refs = pairs(256 * args.long_batches, 1024, seed=1)
    module = tensorbleu()
    rows: dict[str, float] = {}
    for _ in range(args.repeat):
        start = time.perf_counter()
        for b in range(args.long_batches):
            ids.sentence_bleu(hyps[256 * b : 256 * (b + 1)], refs[256 * b : 256 * (b + 1)])
        rows["parbleu"] = min(rows.get("parbleu", 1e9), (time.perf_counter() - start) / len(hyps))
        if module is not None:
            t, _ = best(lambda: tensorbleu_scores(module, hyps[:256], refs[:256], 256), 1)
            rows["TensorBLEU (CPU)"] = min(rows.get("TensorBLEU (CPU)", 1e9), t / 256)
    t, _ = best(lambda: nltk_scores(hyps[:64].tolist(), refs[:64].tolist()), 1)
    rows["NLTK"] = t / 64
    return {"items": len(hyps), "sentences_per_second": {k: 1 / v for k, v in rows.items()}}


def memory_child(n: int) -> None:
    """Peak memory that scoring allocates (NumPy reports its arrays to tracemalloc)."""
    hyps, refs = pairs(n, 25)
    tracemalloc.start()
    ids.sentence_bleu(hyps, refs)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    input_mib = (hyps.nbytes + refs.nbytes) / 2**20
    print(json.dumps({"items": n, "input_mib": input_mib, "peak_allocated_mib": peak / 2**20}))


def memory() -> list[dict[str, Any]]:
    out = []
    for n in (25_000, 50_000, 100_000, 200_000, 400_000):
        child = subprocess.run(
            [sys.executable, __file__, "--memory-child", str(n)],
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(child.stdout))
    return out


def ratios(rates: dict[str, float], ours: str) -> dict[str, float]:
    return {name: rates[ours] / rate for name, rate in rates.items() if name != ours}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--peer-items", type=int, default=20_000)
    parser.add_argument("--tensorbleu-items", type=int, default=4096)
    parser.add_argument("--tensorbleu-batch", type=int, default=512)
    parser.add_argument("--long-batches", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--memory-child", type=int)
    args = parser.parse_args()
    if args.memory_child:
        memory_child(args.memory_child)
        return
    result = {"short": short(args), "long": long(args)}
    result["short"]["parbleu_array_speedup"] = ratios(
        result["short"]["sentences_per_second"], "parbleu (2-D array)"
    )
    result["long"]["parbleu_speedup"] = ratios(result["long"]["sentences_per_second"], "parbleu")
    if args.memory:
        result["memory"] = memory()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
