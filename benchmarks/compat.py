"""parbleu.compat and the readers against sacreBLEU 2.6.0, timed in the same run.

Three comparisons, runs alternated between the two tools, best of ``--repeat`` counted, each
first checking that both give identical results:

* sacreBLEU's own significance test module: ``PairedTest`` (bootstrap, 2000 resamples, and
  approximate randomization, 10000 trials) over the 16 WMT17 en-de systems, with
  ``import sacrebleu`` (the real one) and with parbleu.compat's classes.
* Reading WMT21 en-ja written as WMT XML (2 systems): `parbleu.io.read_wmt_xml` against
  sacreBLEU's ``WMTXMLDataset._unwrap_wmt21_or_later`` (lxml).
* spBLEU: corpus BLEU of the 16 WMT17 systems with ``flores101`` on a SentencePiece model
  trained here (sacreBLEU's tokenizer cache is cleared before each of its runs).

Run: ``python benchmarks/compat.py [--repeat 3]`` (needs ../shared/data).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sacrebleu.metrics
import sacrebleu.significance
import sentencepiece
from sacrebleu.dataset.wmt_xml import WMTXMLDataset
from sacrebleu.tokenizers import tokenizer_spm

import parbleu
import parbleu.compat as compat
import parbleu.compat.significance
from parbleu.io.wmt_xml import read_wmt_xml

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from tests.io.builders import Doc, write_wmt_xml  # noqa: E402 (the tests' XML writer)

DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))


def _lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def _best(
    runs: list[tuple[str, Callable[[], Any]]], repeat: int
) -> tuple[dict[str, float], dict[str, Any]]:
    times = {name: float("inf") for name, _ in runs}
    results: dict[str, Any] = {}
    for _ in range(repeat):
        for name, run in runs:
            start = time.perf_counter()
            results[name] = run()
            times[name] = min(times[name], time.perf_counter() - start)
    return times, results


def _report(title: str, times: dict[str, float], identical: bool) -> None:
    theirs, ours = times["sacrebleu"], times["parbleu"]
    print(
        f"{title}: sacreBLEU {theirs:.3f} s, parbleu {ours:.3f} s, "
        f"ratio {theirs / ours:.1f}x, identical: {identical}"
    )


def wmt17() -> tuple[list[tuple[str, list[str]]], list[str]]:
    folder = DATA / "newstest2017" / "en-de"
    systems = [(p.stem, _lines(p)) for p in sorted((folder / "sys").glob("*.txt"))]
    return systems, _lines(folder / "ref.A.txt")


def paired_tests(repeat: int) -> None:
    systems, refs = wmt17()
    os.environ.pop("SACREBLEU_SEED", None)

    def run(metrics: Any, significance: Any) -> list[Any]:
        metric = {"BLEU": metrics.BLEU(references=[refs], tokenize="none")}
        out = []
        for kind, n in (("bs", 2000), ("ar", 10000)):
            scores = significance.PairedTest(systems, metric, None, test_type=kind, n_samples=n)()[
                1
            ]
            out.append([(r.score, r.p_value, r.mean, r.ci) for r in scores["BLEU"]])
        return out

    times, results = _best(
        [
            ("sacrebleu", lambda: run(sacrebleu.metrics, sacrebleu.significance)),
            ("parbleu", lambda: run(compat.metrics, parbleu.compat.significance)),
        ],
        repeat,
    )
    _report(
        "PairedTest bs 2000 + ar 10000, 16 WMT17 systems",
        times,
        results["sacrebleu"] == results["parbleu"],
    )


def xml_reading(repeat: int) -> None:
    folder = DATA / "newstest2021" / "en-ja"
    source, reference, ids = (_lines(folder / f) for f in ("src.txt", "ref.A.txt", "docids.txt"))
    names = ["Facebook-AI", "Online-W"]
    systems = {n: _lines(folder / "sys" / f"{n}.txt") for n in names}
    docs: list[Doc] = []
    for i, doc_id in enumerate(ids):
        if not docs or docs[-1].doc_id != doc_id:
            docs.append(Doc(doc_id, [], {"A": {}}, {n: [] for n in names}, {"origlang": "en"}))
        docs[-1].source.append(source[i])
        docs[-1].references["A"][len(docs[-1].source)] = reference[i]
        for n in names:
            docs[-1].systems[n].append(systems[n][i])
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "en-ja.xml"
        write_wmt_xml(path, docs, trg_lang="ja")

        def theirs() -> list[str]:
            with path.open(encoding="utf-8") as handle:
                return WMTXMLDataset._unwrap_wmt21_or_later(handle)["ref:A"]

        def ours() -> list[str | None]:
            return read_wmt_xml(str(path)).reference_streams()[0]

        times, results = _best([("sacrebleu", theirs), ("parbleu", ours)], repeat)
    _report(
        f"WMT XML, {len(source)} segments, 2 systems",
        times,
        results["sacrebleu"] == results["parbleu"],
    )


def spbleu(repeat: int) -> None:
    systems, refs = wmt17()
    with tempfile.TemporaryDirectory() as scratch:
        models = Path(scratch) / "models"
        models.mkdir()
        prefix = Path(scratch) / "m"
        sentencepiece.SentencePieceTrainer.train(
            sentence_iterator=iter(refs), model_prefix=str(prefix), vocab_size=8000, minloglevel=2
        )
        model = models / "sacrebleu_tokenizer_spm.model"
        model.write_bytes(prefix.with_suffix(".model").read_bytes())
        tokenizer_spm.SACREBLEU_DIR = scratch

        def theirs() -> list[float]:
            bleu = sacrebleu.metrics.BLEU(tokenize="flores101", references=[refs])
            bleu.tokenizer.__call__.cache_clear()
            return [bleu.corpus_score(h, None).score for _, h in systems]

        def ours() -> list[float]:
            bleu = parbleu.BLEU([refs], tokenize="flores101", spm_model=model)
            return [bleu.corpus_score(h).score for _, h in systems]

        times, results = _best([("sacrebleu", theirs), ("parbleu", ours)], repeat)
    _report("spBLEU flores101, 16 WMT17 systems", times, results["sacrebleu"] == results["parbleu"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    paired_tests(repeat)
    xml_reading(repeat)
    spbleu(repeat)


if __name__ == "__main__":
    main()
