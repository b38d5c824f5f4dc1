"""Load test of ``parbleu serve`` on the loopback interface: throughput, latency, memory, and
requests abandoned by their clients.

A server (``python -m parbleu serve``, the ``serve`` extra) is started on 127.0.0.1 at a free
port; clients (aiohttp, in this process) post ``/v1/reward`` batches of 64 WMT17 en-de
sentences with their references (``../shared/data/newstest2017/en-de``), each batch a
different slice.

1. For 1, 8 and 32 concurrent clients, ``--duration`` seconds each: segments scored per
   second, and the 50th and 99th percentile of request latency.
2. A soak of ``--soak`` seconds with 8 clients, the server's resident memory (VmRSS of
   /proc) sampled every half second: after warm-up, at the end, the largest. Meanwhile one
   client in eight sends its request and disconnects without reading the answer, half of
   them in the middle of the body.
3. At the end the server's ``/health`` must count every complete request as served (those
   abandoned after their body included: nothing is lost) and none in flight.

Every loop is bounded by time and count; nothing but 127.0.0.1 is contacted.

    python benchmarks/serve.py                       # 10 s per level, 60 s soak
    python benchmarks/serve.py --duration 30 --soak 600   # the 10-minute soak
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))
BATCH = 64
MAX_REQUESTS = 1_000_000  # a bound on every loop, never reached in practice


def batches(data: Path) -> list[bytes]:
    folder = data / "newstest2017" / "en-de"
    hyps = sorted((folder / "sys").glob("*.txt"))[0].read_text(encoding="utf-8").splitlines()
    refs = sorted(folder.glob("ref.*.txt"))[0].read_text(encoding="utf-8").splitlines()
    return [
        json.dumps({"completions": hyps[i : i + BATCH], "references": refs[i : i + BATCH]}).encode()
        for i in range(0, len(hyps) - BATCH, BATCH)
    ]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def wait_ready(session: Any, url: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            async with session.get(f"{url}/health") as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


async def client(
    session: Any, url: str, bodies: list[bytes], stop: float, latencies: list[float], offset: int
) -> int:
    done = 0
    while time.monotonic() < stop and done < MAX_REQUESTS:
        body = bodies[(offset + done) % len(bodies)]
        start = time.perf_counter()
        async with session.post(f"{url}/v1/reward", data=body) as response:
            result = await response.json()
        if response.status != 200 or len(result["rewards"]) != BATCH:
            raise SystemExit(f"bad answer {response.status}: {str(result)[:200]}")
        latencies.append(time.perf_counter() - start)
        done += 1
    return done


async def rude_client(port: int, bodies: list[bytes], stop: float) -> tuple[int, int]:
    """Send requests and disconnect: half mid-body, half after the body (those count)."""
    whole = partial = 0
    while time.monotonic() < stop and whole + partial < MAX_REQUESTS:
        body = bodies[(whole + partial) % len(bodies)]
        cut = len(body) if (whole + partial) % 2 else len(body) // 2
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        head = f"POST /v1/reward HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n"
        writer.write(head.encode() + body[:cut])
        await writer.drain()
        writer.close()
        await writer.wait_closed()
        whole, partial = (whole + 1, partial) if cut == len(body) else (whole, partial + 1)
        await asyncio.sleep(0.2)
    return whole, partial


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def level(session: Any, url: str, bodies: list[bytes], clients: int, seconds: float) -> str:
    latencies: list[float] = []
    start = time.monotonic()
    stop = start + seconds
    counts = await asyncio.gather(
        *(client(session, url, bodies, stop, latencies, k * 7) for k in range(clients))
    )
    elapsed = time.monotonic() - start
    requests = sum(counts)
    p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
    rate = requests * BATCH / elapsed
    return f"| {clients} | {requests} | {rate:,.0f} | {p50:.0f} ms | {p99:.0f} ms |"


async def soak(
    session: Any, url: str, port: int, pid: int, bodies: list[bytes], seconds: float
) -> None:
    latencies: list[float] = []
    async with session.get(f"{url}/health") as response:
        served_before = (await response.json())["served"]
    stop = time.monotonic() + seconds
    samples: list[float] = []

    async def sample() -> None:
        while time.monotonic() < stop:
            samples.append(rss_mib(pid))
            await asyncio.sleep(0.5)

    results = await asyncio.gather(
        sample(),
        rude_client(port, bodies, stop),
        *(client(session, url, bodies, stop, latencies, k * 11) for k in range(7)),
    )
    whole, partial = results[1]
    polite = sum(results[2:])
    await asyncio.sleep(1.0)
    for _ in range(100):
        async with session.get(f"{url}/health") as response:
            health = await response.json()
        if health["in_flight"] == 0:
            break
        await asyncio.sleep(0.1)
    warm = samples[min(len(samples) - 1, 4)]
    p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
    print(
        f"\nsoak {seconds:.0f} s, 7 clients + 1 disconnecting: {polite} answered requests, "
        f"{whole} abandoned after the body, {partial} in the middle of it"
    )
    print(
        f"server RSS: {warm:.0f} MiB after 2 s, {samples[-1]:.0f} MiB at the end, "
        f"{max(samples):.0f} MiB at most ({len(samples)} samples); "
        f"p50 {p50:.0f} ms, p99 {p99:.0f} ms"
    )
    served = health["served"] - served_before
    lost = polite + whole - served
    print(
        f"/health: {served} requests served during the soak, {polite + whole} expected "
        f"(answered + abandoned after the body): {lost} lost; in flight {health['in_flight']}"
    )


async def run(args: argparse.Namespace) -> None:
    import aiohttp  # noqa: PLC0415

    bodies = batches(args.data)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "OPENBLAS_NUM_THREADS": "1"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "parbleu",
            "serve",
            "--port",
            str(port),
            "--threads",
            str(args.threads),
            "--metric",
            args.metric,
        ],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    timeout = aiohttp.ClientTimeout(total=120)
    connector = aiohttp.TCPConnector(limit=64)
    try:
        async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
            await wait_ready(session, url, time.monotonic() + 60)
            print(f"{args.metric} rewards, batches of {BATCH}, server threads {args.threads}")
            print("| clients | requests | segments/s | p50 | p99 |")
            print("|---|---|---|---|---|")
            for clients in args.clients:
                print(await level(session, url, bodies, clients, args.duration))
            if args.soak > 0:
                await soak(session, url, port, server.pid, bodies, args.soak)
    finally:
        server.terminate()
        server.wait(timeout=60)
        print(f"server exit code after SIGTERM: {server.returncode}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--soak", type=float, default=60.0)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--metric", default="chrf")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
