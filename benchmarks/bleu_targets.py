"""The BLEU speed targets, each timed against sacreBLEU 2.6.0 on the same input in the same run.

Timings alternate between the two tools, so that both see the same machine load, and the best
of several runs counts. sacreBLEU's tokenizers keep a 65,536-line LRU cache; it is cleared
before each of its runs, so every run scores the systems as a first run (a fresh process)
would. Every target first checks that both tools produce identical statistics.

Peak memory is measured in child processes, one per tool, each of which generates (or reads)
its input, then scores: peak resident memory (`peak_kib`) before scoring (interpreter,
libraries and input) and
after (the peak).
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import chrf  # noqa: E402 (the chrF benchmark next to this file: its WMT17 reader)
import corpus  # noqa: E402 (the generator next to this file)

DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))


@dataclass
class Row:
    """One line of the results table."""

    target: str
    size: str
    sacrebleu_s: float | None = None
    parbleu_s: float | None = None
    goal: float | None = None  # speed-up wanted
    identical: bool | None = None
    notes: list[str] = field(default_factory=list)
    baseline: str = ""  # what the first time column measures, when not sacreBLEU

    @property
    def ratio(self) -> float | None:
        if self.sacrebleu_s is None or self.parbleu_s is None or not self.parbleu_s:
            return None
        return self.sacrebleu_s / self.parbleu_s


def read_lines(path: Path) -> list[str]:
    """Lines without their newline (only \\n ends a line)."""
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def clear_sacrebleu_caches() -> None:
    """Empty the LRU caches of sacreBLEU's tokenizers (a fresh process has them empty)."""
    from sacrebleu.tokenizers import tokenizer_13a, tokenizer_re  # noqa: PLC0415

    tokenizer_13a.Tokenizer13a.__call__.cache_clear()
    tokenizer_re.TokenizerRegexp.__call__.cache_clear()


def best_of(runs: int, *tools: Callable[[], Any]) -> list[float]:
    """Best wall time of each tool over `runs` alternating runs (see `last_cpu`)."""
    best = [float("inf")] * len(tools)
    cpu = [float("inf")] * len(tools)
    for _ in range(runs):
        for index, tool in enumerate(tools):
            start, started = time.perf_counter(), time.process_time()
            tool()
            best[index] = min(best[index], time.perf_counter() - start)
            cpu[index] = min(cpu[index], time.process_time() - started)
    _LAST_CPU[:] = cpu
    return best


_LAST_CPU: list[float] = []


def cpu_note() -> str:
    """CPU-time speed-up and load of the last `best_of` of two tools (sacreBLEU first)."""
    theirs, ours = _LAST_CPU
    return f"CPU-time speed-up {theirs / ours:.1f}x; load average {os.getloadavg()[0]:.1f}"


def peak_kib() -> int:
    """This process's peak resident memory in KiB.

    ``VmHWM`` of ``/proc/self/status`` where there is one: unlike ``ru_maxrss``, which Linux
    carries over an ``exec``, it starts afresh in a child process.
    """
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
    return int(line.split()[1])


def digest(values: np.ndarray[Any, Any]) -> str:
    """Fingerprint of an integer statistics matrix."""
    return hashlib.sha256(np.ascontiguousarray(values, dtype=np.int64).tobytes()).hexdigest()


# -- target 1: corpus BLEU on WMT17 en-de ---------------------------------------------------


def wmt17_texts(data: Path) -> tuple[list[str], list[list[str]]]:
    """The WMT17 en-de reference and its 16 systems (as `chrf.load` reads them)."""
    ref, systems = chrf.load(data)
    return ref, list(systems.values())


def fresh_child(target: str, tool: str, *arguments: str) -> dict[str, Any]:
    """Time one tool on one target once, in this (fresh) process: the input is read first.

    ``wmt17`` (argument: the data folder): references prepared, then 16 systems scored;
    ``sentence`` (arguments: pairs, seed): every pair's sentence BLEU.
    """
    if target == "wmt17":
        ref, systems = wmt17_texts(Path(arguments[0]))
    else:
        refs, hyps = corpus.generate(int(arguments[0]), int(arguments[1]))
    if tool == "sacrebleu":
        from sacrebleu.metrics import BLEU as SacreBLEU  # noqa: PLC0415, N811
    else:
        from parbleu import BLEU  # noqa: PLC0415
        from parbleu.scaling.chunks import sentence_scores  # noqa: PLC0415
    start, cpu = time.perf_counter(), time.process_time()
    if target == "wmt17" and tool == "sacrebleu":
        theirs = SacreBLEU(references=[ref])
        scores = [theirs.corpus_score(hyp, None).score for hyp in systems]
    elif target == "wmt17":
        ours = BLEU([ref])
        scores = [ours.corpus_score(hyp).score for hyp in systems]
    elif tool == "sacrebleu":
        metric = SacreBLEU(effective_order=True)
        pairs = zip(hyps, refs, strict=True)
        scores = [metric.sentence_score(h, [r]).score for h, r in pairs]
    else:
        scores = sentence_scores(BLEU(effective_order=True), hyps, [refs]).tolist()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"wall": wall, "cpu": cpu, "scores": scores}


def fresh_note(runs: int, target: str, *arguments: str) -> tuple[str, bool]:
    """Both tools timed in fresh processes (alternating, best of `runs`).

    Also returns whether every run of both tools gave the same scores.
    """
    best = {"sacrebleu": float("inf"), "parbleu": float("inf")}
    scores = []
    for _ in range(runs):
        for tool in ("sacrebleu", "parbleu"):
            result = run_child("fresh", target, tool, *arguments)
            best[tool] = min(best[tool], result["wall"])
            scores.append(result["scores"])
    note = (
        f"in fresh processes (best of {runs} each, reference preparation and scoring): "
        f"sacreBLEU {best['sacrebleu']:.3f} s, parbleu {best['parbleu']:.3f} s, "
        f"{best['sacrebleu'] / best['parbleu']:.1f}x"
    )
    return note, all(run == scores[0] for run in scores)


def wmt17(data: Path, runs: int, fresh_runs: int = 3) -> Row:
    """Corpus BLEU (13a) of the 16 WMT17 en-de systems, references prepared once."""
    from sacrebleu.metrics import BLEU as SacreBLEU  # noqa: PLC0415, N811

    from parbleu import BLEU  # noqa: PLC0415

    ref, systems = wmt17_texts(data)
    clear_sacrebleu_caches()
    start = time.perf_counter()
    theirs = SacreBLEU(references=[ref])
    their_prep = time.perf_counter() - start
    start = time.perf_counter()
    ours = BLEU([ref])
    our_prep = time.perf_counter() - start
    identical = all(
        np.array_equal(ours.statistics(hyp).values, theirs._extract_corpus_statistics(hyp, None))
        and ours.corpus_score(hyp).score == theirs.corpus_score(hyp, None).score
        for hyp in systems
    )

    def run_sacrebleu() -> None:
        clear_sacrebleu_caches()
        for hyp in systems:
            theirs.corpus_score(hyp, None)

    def run_parbleu() -> None:
        for hyp in systems:
            ours.corpus_score(hyp)

    sacrebleu_s, parbleu_s = best_of(runs, run_sacrebleu, run_parbleu)
    notes = [
        f"reference preparation: sacreBLEU {their_prep:.3f} s, parbleu {our_prep:.3f} s; "
        + cpu_note()
    ]
    fresh, same = fresh_note(fresh_runs, "wmt17", str(data))
    segments = sum(len(hyp) for hyp in systems)
    return Row(
        "corpus BLEU, WMT17 en-de, 16 systems",
        f"{segments:,} seg.",
        sacrebleu_s,
        parbleu_s,
        20,
        identical and same,
        [*notes, fresh],
    )


# -- target 2: corpus BLEU on a generated corpus, in child processes --------------------------


def corpus_child(tool: str, source: str, *arguments: str) -> dict[str, Any]:
    """Score a corpus with one tool; report time and memory (run in a child process).

    ``source`` is ``memory`` (arguments: segments, seed; the corpus is generated here, before
    timing, and both tools get lists of strings) or ``files`` (arguments: hypothesis and
    reference files; sacreBLEU reads them into lists, its API; parbleu streams them). Both
    keep every segment's statistics, for the identity check.
    """
    if source == "memory":
        refs, hyps = corpus.generate(int(arguments[0]), int(arguments[1]))
    baseline = peak_kib()
    start, cpu = time.perf_counter(), time.process_time()
    if source == "files":
        hyp_path, ref_path = arguments
        if tool == "sacrebleu":
            refs, hyps = read_lines(Path(ref_path)), read_lines(Path(hyp_path))
    if tool == "sacrebleu":
        from sacrebleu.metrics import BLEU as SacreBLEU  # noqa: PLC0415, N811

        metric = SacreBLEU(references=[refs])
        stats = np.array(metric._extract_corpus_statistics(hyps, None), dtype=np.int64)
        score = metric._compute_score_from_stats(stats.sum(axis=0).tolist()).score
    else:
        from parbleu import BLEU  # noqa: PLC0415
        from parbleu.scaling.chunks import chunked_statistics  # noqa: PLC0415
        from parbleu.scaling.files import stream_statistics  # noqa: PLC0415

        bleu = BLEU()
        if source == "files":
            result = stream_statistics(bleu, hyp_path, [ref_path], rows=True)
        else:
            result = chunked_statistics(bleu, hyps, [refs], rows=True)
        assert result.rows is not None
        stats = result.rows.values
        score = bleu.score_totals(result.totals).score
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "wall": wall,
        "cpu": cpu,
        "baseline_kib": baseline,
        "peak_kib": peak_kib(),
        "digest": digest(stats),
        "score": score,
        "load": os.getloadavg()[0],
    }


def run_child(*args: str) -> dict[str, Any]:
    """Run ``run.py --child ...`` and return the JSON it prints."""
    command = [sys.executable, str(HERE / "run.py"), "--child", *args]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def generated_corpus(segments: int, seed: int, runs: int, sacrebleu_runs: int = 1) -> list[Row]:
    """Corpus BLEU of a generated corpus, each tool in its own process.

    In memory, both tools get the same lists of strings (generated before timing); the
    children alternate, parbleu first and last, and each tool's best run counts. From files,
    parbleu streams the corpus chunk by chunk (its peak memory) while sacreBLEU needs it in
    lists.
    """
    size = (str(segments), str(seed))
    ours, theirs = [], []
    for number in range(max(runs, sacrebleu_runs + 1)):
        if number < runs:
            ours.append(run_child("corpus", "parbleu", "memory", *size))
        if number < sacrebleu_runs:
            theirs.append(run_child("corpus", "sacrebleu", "memory", *size))
    with tempfile.TemporaryDirectory(prefix="parbleu-bench-") as folder:
        ref_path, hyp_path = corpus.write(Path(folder), segments, seed)
        streamed = run_child("corpus", "parbleu", "files", str(hyp_path), str(ref_path))
    best_ours = min(ours, key=lambda result: float(result["wall"]))
    best_theirs = min(theirs, key=lambda result: float(result["wall"]))
    identical = all(
        result["digest"] == best_theirs["digest"] and result["score"] == best_theirs["score"]
        for result in [*ours, *theirs, streamed]
    )
    their_peak = max(result["peak_kib"] for result in theirs) / 1024
    our_peak = max(result["peak_kib"] for result in ours) / 1024
    cpu_ratio = min(r["cpu"] for r in theirs) / min(r["cpu"] for r in ours)
    memory = (
        f"peak RSS: sacreBLEU {their_peak:,.0f} MiB, parbleu {our_peak:,.0f} MiB "
        f"(sacreBLEU / parbleu = {their_peak / our_peak:.1f}, goal >= 5), both including "
        f"the corpus in lists ({best_theirs['baseline_kib'] / 1024:,.0f} MiB before scoring); "
        f"CPU-time speed-up {cpu_ratio:.1f}x; load average {best_theirs['load']:.1f} "
        f"(sacreBLEU) and {best_ours['load']:.1f} (parbleu)"
    )
    stream_peak = streamed["peak_kib"] / 1024
    stream_note = (
        f"parbleu streaming the corpus from files: peak RSS {stream_peak:,.0f} MiB "
        f"(sacreBLEU / parbleu = {their_peak / stream_peak:.1f}), "
        f"{streamed['wall'] / segments * 1e6:.2f} us per segment, reading included"
    )
    return [
        Row(
            "corpus BLEU, generated corpus",
            f"{segments:,} seg.",
            best_theirs["wall"],
            best_ours["wall"],
            20,
            identical,
            [memory],
        ),
        Row(
            "corpus BLEU, generated corpus, from files",
            f"{segments:,} seg.",
            parbleu_s=streamed["wall"],
            identical=identical,
            notes=[stream_note],
        ),
    ]


# -- target 3: sentence BLEU ------------------------------------------------------------------


def sentence(pairs: int, seed: int, runs: int, fresh_runs: int = 2) -> Row:
    """Sentence BLEU (exp smoothing, effective order) of every pair, as an array."""
    from sacrebleu.metrics import BLEU as SacreBLEU  # noqa: PLC0415, N811

    from parbleu import BLEU  # noqa: PLC0415
    from parbleu.scaling.chunks import sentence_scores  # noqa: PLC0415

    refs, hyps = corpus.generate(pairs, seed)
    metric = SacreBLEU(effective_order=True)

    def run_sacrebleu() -> np.ndarray[Any, Any]:
        clear_sacrebleu_caches()
        return np.array(
            [metric.sentence_score(h, [r]).score for h, r in zip(hyps, refs, strict=True)]
        )

    def run_parbleu() -> np.ndarray[Any, Any]:
        return sentence_scores(BLEU(effective_order=True), hyps, [refs])

    identical = np.array_equal(run_sacrebleu(), run_parbleu())
    sacrebleu_s, parbleu_s = best_of(runs, run_sacrebleu, run_parbleu)
    notes = [cpu_note()]
    fresh, same = fresh_note(fresh_runs, "sentence", str(pairs), str(seed))
    return Row(
        "sentence BLEU (exp, eff. order)",
        f"{pairs:,} pairs",
        sacrebleu_s,
        parbleu_s,
        20,
        identical and same,
        [*notes, fresh],
    )


# -- target 4: scaling, streaming, processes -------------------------------------------------


def scaling(sizes: list[int], seed: int) -> list[Row]:
    """Time per segment of chunked corpus BLEU at growing sizes (parbleu alone)."""
    from parbleu import BLEU  # noqa: PLC0415
    from parbleu.scaling.chunks import chunked_statistics  # noqa: PLC0415

    rows = []
    for size in sizes:
        refs, hyps = corpus.generate(size, seed)
        runs = 3 if size <= 100_000 else 1

        def run(hyps: list[str] = hyps, refs: list[str] = refs) -> None:
            chunked_statistics(BLEU(), hyps, [refs])

        (seconds,) = best_of(runs, run)
        rows.append(
            Row(
                "scaling: chunked corpus BLEU",
                f"{size:,} seg.",
                parbleu_s=seconds,
                notes=[f"{seconds / size * 1e6:.2f} us per segment"],
            )
        )
        del refs, hyps
    return rows


def stream_child(hyp_path: str, ref_path: str, jobs: int) -> dict[str, Any]:
    """Score two files chunk by chunk (with `jobs` processes); report time and peak memory."""
    from parbleu import BLEU  # noqa: PLC0415
    from parbleu.scaling.processes import parallel_statistics  # noqa: PLC0415

    baseline = peak_kib()
    start, cpu = time.perf_counter(), os.times()
    result = parallel_statistics(BLEU(), hyp_path, [ref_path], jobs=jobs)
    wall, end = time.perf_counter() - start, os.times()
    used = (end.user + end.system + end.children_user + end.children_system) - (
        cpu.user + cpu.system + cpu.children_user + cpu.children_system
    )
    return {
        "wall": wall,
        "cpu": used,
        "baseline_kib": baseline,
        "peak_kib": peak_kib(),
        "children_peak_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        "segments": result.n_segments,
        "score": BLEU().score_totals(result.totals).score,
        "load": os.getloadavg()[0],
    }


def streaming(segments: int, seed: int, jobs_sizes: int) -> list[Row]:
    """A corpus streamed from files: peak memory; then 1 vs 2 processes."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="parbleu-bench-") as folder:
        start = time.perf_counter()
        ref_path, hyp_path = corpus.write(Path(folder) / "big", segments, seed)
        written = time.perf_counter() - start
        size_mib = (ref_path.stat().st_size + hyp_path.stat().st_size) / 2**20
        result = run_child("stream", str(hyp_path), str(ref_path), "1")
        note = (
            f"{size_mib:,.0f} MiB of text (generated in {written:.0f} s); peak RSS "
            f"{result['peak_kib'] / 1024:,.0f} MiB; "
            f"{result['wall'] / segments * 1e6:.2f} us per segment; load average "
            f"{result['load']:.1f}"
        )
        rows.append(
            Row(
                "streaming files (1 process)",
                f"{segments:,} seg.",
                parbleu_s=result["wall"],
                notes=[note],
            )
        )
        ref_small, hyp_small = corpus.write(Path(folder) / "jobs", jobs_sizes, seed)
        files = (str(hyp_small), str(ref_small))
        singles, doubles = [], []
        for _ in range(2):  # alternate, keep the best of each
            singles.append(run_child("stream", *files, "1"))
            doubles.append(run_child("stream", *files, "2"))
        single = min(singles, key=lambda result: float(result["wall"]))
        double = min(doubles, key=lambda result: float(result["wall"]))
        note = (
            f"1 process {single['wall']:.2f} s ({single['cpu']:.2f} CPU s), 2 processes "
            f"{double['wall']:.2f} s ({double['cpu']:.2f} CPU s in all): speed-up "
            f"{single['wall'] / double['wall']:.2f} on {os.cpu_count()} cores, load average "
            f"{single['load']:.1f} and {double['load']:.1f} before; the two workers' CPU time "
            f"is {double['cpu'] / single['cpu']:.2f} of one process's; peak RSS per worker "
            f"{double['children_peak_kib'] / 1024:,.0f} MiB"
        )
        rows.append(
            Row(
                "processes: -j 2 vs -j 1",
                f"{jobs_sizes:,} seg.",
                sacrebleu_s=single["wall"],
                parbleu_s=double["wall"],
                identical=all(r["score"] == single["score"] for r in [*singles, *doubles]),
                notes=[note],
                baseline="parbleu -j 1",
            )
        )
    return rows
