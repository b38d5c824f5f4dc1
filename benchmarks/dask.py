"""Score a generated corpus on a local Dask cluster and with the single-process streaming path.

The corpus (10 million segments by default, seeded, from ``benchmarks/corpus.py``) is written
to a temporary folder twice: as two text files for ``parbleu.scaling.stream_statistics`` (one
process, one chunk in memory at a time) and as Parquet files of ``--partition`` segments for
``dask.dataframe.read_parquet`` and ``parbleu.scaling.dask.corpus_statistics`` on a
``LocalCluster`` of ``--workers`` single-threaded worker processes. Runs alternate (streaming,
Dask, streaming, ...); each streaming run is a fresh child process and each Dask run a fresh
cluster, so that peak memory (``ru_maxrss``) is that run's. Both read their files from disk;
the totals must be identical, and the script prints throughput, the ratio and peak memory per
worker.

    python benchmarks/dask.py                                  # 10M segments, BLEU
    python benchmarks/dask.py --segments 1000000 --metric chrf --repeat 2

The folder is deleted at the end (``--keep`` keeps it); nothing is written to the repository.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import logging
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
# This file is called dask.py: keep its folder off the import path, so that `import dask`
# finds Dask, here and in the worker processes (they inherit sys.path).
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != HERE]

METRICS = ("bleu", "chrf", "chrf++", "ter")


def load_corpus_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("corpus", HERE / "corpus.py")
    if spec is None or spec.loader is None:
        raise ImportError(HERE / "corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus"] = module
    spec.loader.exec_module(module)
    return module


def make_metric(name: str) -> Any:
    from parbleu import BLEU, CHRF, TER  # noqa: PLC0415

    makers = {"bleu": BLEU, "chrf": CHRF, "chrf++": lambda: CHRF(word_order=2), "ter": TER}
    return makers[name]()


def write_corpus(folder: Path, segments: int, partition: int, seed: int) -> tuple[Path, Path]:
    """Text files and Parquet parts of the same generated corpus."""
    import pyarrow as pa  # noqa: PLC0415
    import pyarrow.parquet as pq  # noqa: PLC0415

    corpus = load_corpus_module()
    parts = folder / "parquet"
    parts.mkdir(parents=True)
    hyp_path, ref_path = folder / "hyp.txt", folder / "ref.txt"
    buffered: tuple[list[str], list[str]] = ([], [])
    number = 0

    def flush() -> None:
        nonlocal number
        table = pa.table({"hypothesis": buffered[0], "reference": buffered[1]})
        pq.write_table(table, parts / f"part-{number:05}.parquet")
        number += 1
        buffered[0].clear()
        buffered[1].clear()

    with (
        hyp_path.open("w", encoding="utf-8", newline="\n") as hyp_file,
        ref_path.open("w", encoding="utf-8", newline="\n") as ref_file,
    ):
        for refs, hyps in corpus.generate_chunks(segments, seed):
            hyp_file.write(hyps)
            ref_file.write(refs)
            buffered[0].extend(hyps.split("\n")[:-1])
            buffered[1].extend(refs.split("\n")[:-1])
            if len(buffered[0]) >= partition:
                flush()
        if buffered[0]:
            flush()
    return hyp_path, ref_path


def stream_child(metric_name: str, hyp_path: str, ref_path: str) -> None:
    """Child process: the streaming path, printing seconds, peak memory and totals as JSON."""
    from parbleu.scaling import stream_statistics  # noqa: PLC0415

    metric = make_metric(metric_name)
    start, cpu = time.perf_counter(), time.process_time()
    result = stream_statistics(metric, hyp_path, [ref_path])
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        json.dumps(
            {
                "seconds": seconds,
                "cpu": cpu,
                "peak": peak_memory(),
                "totals": result.totals.tolist(),
            }
        )
    )


def run_stream(metric_name: str, hyp_path: Path, ref_path: Path) -> dict[str, Any]:
    command = [sys.executable, __file__, "--child", metric_name, str(hyp_path), str(ref_path)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def peak_memory() -> int:
    """This process's peak resident memory in bytes (VmHWM: ru_maxrss survives exec on Linux,
    so a child would report its parent's peak)."""
    with Path("/proc/self/status").open(encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def warm_up() -> None:
    for module in ("parbleu.scaling.dask", "pandas", "pyarrow.parquet", "dask.dataframe"):
        importlib.import_module(module)


def run_dask(metric_name: str, folder: Path, workers: int) -> dict[str, Any]:
    """A fresh LocalCluster: read the Parquet parts and score them."""
    from distributed import Client, LocalCluster  # noqa: PLC0415

    from parbleu.scaling.dask import CLUSTER_CONFIG, corpus_statistics  # noqa: PLC0415

    # By name: ruff would take `dask` for this file (benchmarks/ is a source folder).
    dask = importlib.import_module("dask")
    dd = importlib.import_module("dask.dataframe")

    metric = make_metric(metric_name)
    with (
        dask.config.set(CLUSTER_CONFIG),
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: two clusters may start at once (xdist)
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        client.wait_for_workers(workers)
        client.run(warm_up)  # imports, as the streaming child has done before its clock starts
        idle = list(client.run(peak_memory).values())
        frame = dd.read_parquet(str(folder / "parquet"))
        before = client.run(time.process_time)
        start, cpu = time.perf_counter(), time.process_time()
        result = corpus_statistics(metric, frame)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        after = client.run(time.process_time)
        peaks = list(client.run(peak_memory).values())
    # CPU seconds of the workers, and of this process (the client and the scheduler).
    cpu += sum(after[worker] - before[worker] for worker in after)
    return {
        "seconds": seconds,
        "cpu": cpu,
        "peaks": peaks,
        "idle": idle,
        "totals": result.totals.tolist(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=10_000_000)
    parser.add_argument("--partition", type=int, default=250_000, help="segments per partition")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--metric", choices=METRICS, default="bleu")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the generated corpus")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="parbleu-dask-"))
    try:
        start = time.perf_counter()
        hyp_path, ref_path = write_corpus(folder, args.segments, args.partition, args.seed)
        print(
            f"generated {args.segments:,} segments in {time.perf_counter() - start:.0f} s "
            f"in {folder} ({-(-args.segments // args.partition)} Parquet partitions)"
        )
        streams, clusters = [], []
        for _ in range(args.repeat):
            streams.append(run_stream(args.metric, hyp_path, ref_path))
            print(f"  streaming: {streams[-1]['seconds']:.1f} s", flush=True)
            clusters.append(run_dask(args.metric, folder, args.workers))
            print(f"  dask:      {clusters[-1]['seconds']:.1f} s", flush=True)
        identical = all(run["totals"] == streams[0]["totals"] for run in streams + clusters)
        report(args, streams, clusters, identical=identical)
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


def report(
    args: argparse.Namespace,
    streams: list[dict[str, Any]],
    clusters: list[dict[str, Any]],
    *,
    identical: bool,
) -> None:
    stream_s = statistics.median(run["seconds"] for run in streams)
    dask_s = statistics.median(run["seconds"] for run in clusters)
    mib = 1 << 20
    print(
        f"\n{args.metric}, {args.segments:,} segments, {args.workers} Dask workers "
        f"x 1 thread, partitions of {args.partition:,} segments (medians of {args.repeat})"
    )
    stream_cpu = statistics.median(run["cpu"] for run in streams)
    dask_cpu = statistics.median(run["cpu"] for run in clusters)
    print(f"{'path':24} {'seconds':>8} {'segments/s':>11} {'CPU s':>7} {'peak memory':>22}")
    stream_peak = max(run["peak"] for run in streams) / mib
    print(
        f"{'streaming, one process':24} {stream_s:8.1f} {args.segments / stream_s:11,.0f} "
        f"{stream_cpu:7.1f} {stream_peak:18.0f} MiB"
    )
    peaks = [max(run["peaks"][w] for run in clusters) / mib for w in range(args.workers)]
    print(
        f"{'dask LocalCluster':24} {dask_s:8.1f} {args.segments / dask_s:11,.0f} "
        f"{dask_cpu:7.1f} {' / '.join(f'{p:.0f}' for p in peaks):>18} MiB per worker"
    )
    idle = [max(run["idle"][w] for run in clusters) / mib for w in range(args.workers)]
    print(
        f"(a worker with Dask, pandas, pyarrow and parbleu imported: "
        f"{' / '.join(f'{p:.0f}' for p in idle)} MiB; CPU s: the streaming process, and "
        "Dask's workers, client and scheduler together)"
    )
    print(
        f"throughput ratio dask / streaming: {stream_s / dask_s:.2f}x; "
        f"totals identical: {'yes' if identical else 'NO'}"
    )


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        stream_child(*sys.argv[2:])
    else:
        main()
