"""The analyses of Papineni et al. (2002), sections 3 and 5, replicated on WMT21 with parbleu.

Run from the repository root with ``../shared/data`` beside it (or ``--data``):

    python benchmarks/replicate_paper.py                # print every table (Markdown)
    python benchmarks/replicate_paper.py --update-doc   # and rewrite the generated blocks of
                                                        # docs/paper-replication.md and the
                                                        # SVG figures in docs/figures/

(a) System-level correlation of BLEU, chrF and TER with human judgments (WMT DA for the six
    pairs, Google MQM for en-de and zh-en), with 95% bootstrap intervals over segments, the
    regression line (the paper's Figures 5-6) and the scores normalized to their range
    (Figure 7); segment-level Kendall-like tau where segment scores exist.
(b) The paper's block t-test (20 blocks, paired t between neighbours, section 3 / Table 2)
    on the MQM-rated systems of en-de and zh-en, beside the paired bootstrap.
(c) How many references: en-de's systems scored with each of its three references alone,
    with a reference drawn at random per segment (the paper drew one per story), and with
    all three; Kendall tau between the rankings and the system pairs that swap.

Nothing from ../shared/data is copied: only numbers and figures derived from it.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from parbleu import BLEU  # noqa: E402
from parbleu.io.judgments import read_segment_scores, read_system_scores  # noqa: E402
from parbleu.io.lines import read_lines  # noqa: E402
from parbleu.meta import (  # noqa: E402
    Bootstrap,
    SegmentStats,
    SystemCorrelation,
    compare_rankings,
    match_systems,
    segment_agreement,
    system_correlation,
)
from parbleu.meta.plots import Normalized, Scatter, save  # noqa: E402
from parbleu.metrics.base import Metric  # noqa: E402
from parbleu.metrics.chrf.metric import CHRF  # noqa: E402
from parbleu.metrics.external.metric import ExternalScores  # noqa: E402
from parbleu.metrics.ter.metric import TER  # noqa: E402
from parbleu.references import ReferenceSet  # noqa: E402
from parbleu.significance.blocks import block_test  # noqa: E402
from parbleu.significance.paired import paired_bootstrap  # noqa: E402

PAIRS = ("en-de", "en-zh", "en-ja", "zh-en", "de-en", "ja-en")
MQM_PAIRS = ("en-de", "zh-en")
#: BLEU tokenizers that reproduce WMT21's official BLEU (data README).
BLEU_TOKENIZER = {"de": "13a", "en": "13a", "zh": "zh", "ja": "char"}
METRIC_LABEL = {"bleu": "BLEU", "chrf": "chrF2", "ter": "TER"}
AnyMetric = Metric[Any, Any]


def make_metric(name: str, target: str, *, sentence: bool = False) -> AnyMetric:
    """The metric as WMT21 reports it for the target language.

    TER splits on whitespace only unless normalized; for Chinese and Japanese targets it is
    therefore normalized with Asian support (tercom's ``-N`` and ``--asian-support``), which
    makes every CJK character a word. ``asian_support`` alone changes nothing in sacreBLEU.
    """
    if name == "bleu":
        return BLEU(tokenize=BLEU_TOKENIZER[target], effective_order=sentence)
    if name == "chrf":
        return CHRF()
    asian = target in ("zh", "ja")
    return TER(asian_support=asian, normalized=asian, n_jobs=2)


@dataclass
class Pair:
    """One WMT21 test set: references, systems and the statistics computed so far."""

    folder: Path
    cache: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def target(self) -> str:
        return self.name.split("-")[1]

    @cached_property
    def references(self) -> dict[str, list[str]]:
        paths = sorted(self.folder.glob("ref.*.txt"))
        return {p.name[4:-4]: [line.rstrip() for line in read_lines(str(p))] for p in paths}

    @cached_property
    def systems(self) -> dict[str, list[str]]:
        paths = sorted((self.folder / "sys").glob("*.txt"))
        return {p.stem: [line.rstrip() for line in read_lines(str(p))] for p in paths}

    @property
    def n_segments(self) -> int:
        return len(next(iter(self.references.values())))

    def human_file(self, name: str) -> str:
        return str(self.folder / "human" / name)

    def stats(self, metric: str, refs: str, references: ReferenceSet | None = None) -> SegmentStats:
        """Statistics of every system for `metric` against the references named `refs`."""
        key = (metric, refs)
        if key not in self.cache:
            if references is None:
                streams = tuple(tuple(self.references[r]) for r in refs.split("+"))
                references = ReferenceSet(streams)
            scorer = make_metric(metric, self.target)
            scorer.set_references(references)
            started = time.perf_counter()
            stats = {name: scorer.statistics(lines) for name, lines in self.systems.items()}
            seconds = time.perf_counter() - started
            print(f"  {self.name} {metric} refs={refs}: {seconds:.1f}s", file=sys.stderr)
            self.cache[key] = {
                "metric": scorer,
                "stats": stats,
                "sentence": make_metric(metric, self.target, sentence=True),
            }
        entry = self.cache[key]
        return SegmentStats(
            METRIC_LABEL[metric],
            entry["metric"],
            entry["stats"],
            sentence_metric=entry["sentence"],
        )

    def all_refs(self) -> str:
        return "+".join(self.references)


def human_segments(pair: Pair, file: str, label: str) -> SegmentStats:
    scores = read_segment_scores(pair.human_file(file), with_system=True)
    table = ExternalScores.from_segment_scores(
        scores, pair.n_segments, name=label, allow_missing=True
    )
    return SegmentStats(label, table, {s: table.system_statistics(s) for s in table.systems})


# -- Markdown ----------------------------------------------------------------------------------


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def ci(estimate: Any, digits: int = 3) -> str:
    return f"{estimate.value:.{digits}f} [{estimate.low:.{digits}f}, {estimate.high:.{digits}f}]"


# -- (a) correlation with human judgments -------------------------------------------------------


@dataclass
class Study:
    """Results of (a), kept for tables and figures."""

    correlations: dict[tuple[str, str], list[SystemCorrelation]] = field(default_factory=dict)
    unmatched: list[list[str]] = field(default_factory=list)
    segment_rows: list[list[str]] = field(default_factory=list)


def correlate(pairs: dict[str, Pair], metrics: Sequence[str], bootstrap: Bootstrap) -> Study:
    study = Study()
    jobs: list[tuple[str, str, str]] = [(p, "DA", "da_sys.tsv") for p in PAIRS]
    jobs += [(p, "MQM", "mqm_seg.tsv") for p in MQM_PAIRS]
    for pair_name, human_name, file in jobs:
        pair = pairs[pair_name]
        if human_name == "DA":
            fixed = read_system_scores(pair.human_file(file)).scores
            human: SegmentStats | dict[str, float] = fixed
            names = list(fixed)
        else:
            segments = human_segments(pair, file, human_name)
            human, names = segments, list(segments.stats)
        matching = match_systems(list(pair.systems), names)
        study.unmatched.append(
            [
                pair_name,
                human_name,
                str(len(matching.systems)),
                ", ".join(matching.human_only) or "none",
                ", ".join(matching.text_only) or "none",
            ]
        )
        refs = pair.all_refs()
        results = [
            system_correlation(pair.stats(m, refs), human, matching.systems, bootstrap=bootstrap)
            for m in metrics
        ]
        study.correlations[pair_name, human_name] = results
    for pair_name, file, label, threshold in [
        ("en-de", "mqm_seg.tsv", "MQM", 0.0),
        ("zh-en", "mqm_seg.tsv", "MQM", 0.0),
        ("ja-en", "da_seg.tsv", "DA z", 0.0),
        ("ja-en", "da_seg_raw.tsv", "DA raw", 25.0),
    ]:
        pair = pairs[pair_name]
        human_seg = human_segments(pair, file, label)
        systems = match_systems(list(pair.systems), list(human_seg.stats)).systems
        for m in metrics:
            metric = pair.stats(m, pair.all_refs())
            both = [
                segment_agreement(metric, human_seg, systems, threshold=threshold, ties=ties)
                for ties in ("discordant", "exclude")
            ]
            study.segment_rows.append(
                [
                    pair_name,
                    label,
                    f"{threshold:g}",
                    metric.name,
                    f"{both[0].tau:.3f}",
                    f"{both[1].tau:.3f}",
                    str(both[0].concordant + both[0].discordant),
                    str(both[0].metric_ties),
                ]
            )
    return study


def correlation_tables(study: Study) -> dict[str, str]:
    rows = [
        [pair, human, str(len(r.systems)), r.metric]
        + [ci(e) for e in (r.pearson, r.spearman, r.kendall, r.accuracy)]
        for (pair, human), results in study.correlations.items()
        for r in results
    ]
    header = [
        "pair",
        "human",
        "n",
        "metric",
        "Pearson",
        "Spearman",
        "Kendall tau-b",
        "pairwise acc.",
    ]
    unmatched = table(
        ["pair", "human", "n matched", "human scores without text", "systems without human"],
        study.unmatched,
    )
    segment = table(
        [
            "pair",
            "human",
            "threshold",
            "metric",
            "tau (ties D)",
            "tau (ties out)",
            "pairs",
            "metric ties",
        ],
        study.segment_rows,
    )
    return {"system-level": table(header, rows), "unmatched": unmatched, "segment-level": segment}


def correlation_figures(study: Study, metrics: Sequence[str], out: Path) -> list[str]:
    written = []
    for human in ("DA", "MQM"):
        keys = [k for k in study.correlations if k[1] == human]
        for index, metric in enumerate(metrics):
            panels = [
                Scatter.from_correlation(
                    study.correlations[k][index],
                    title=f"{k[0]}: {METRIC_LABEL[metric]} vs {human} "
                    f"(r = {study.correlations[k][index].regression.r:.2f})",
                    human=f"{human} ({'z' if human == 'DA' else 'minus penalty'})",
                )
                for k in keys
            ]
            path = out / f"{metric}-vs-{human.lower()}.svg"
            save(panels, str(path), columns=3 if human == "DA" else 2)
            written.append(path.name)
        normalized = [
            Normalized.from_correlations(
                study.correlations[k], title=f"{k[0]}: {human}", human=human
            )
            for k in keys
        ]
        path = out / f"normalized-{human.lower()}.svg"
        save(normalized, str(path), columns=2)
        written.append(path.name)
    return written


# -- (b) the block t-test -----------------------------------------------------------------------


def block_tables(pairs: dict[str, Pair], metrics: Sequence[str], bootstrap: Bootstrap) -> str:
    parts = []
    for pair_name in MQM_PAIRS:
        pair = pairs[pair_name]
        mqm = human_segments(pair, "mqm_seg.tsv", "MQM")
        systems = match_systems(list(pair.systems), list(mqm.stats)).systems
        mqm_scores = dict(zip(systems, mqm.system_scores(systems), strict=True))
        for metric_name in metrics:
            metric = pair.stats(metric_name, pair.all_refs())
            scorer = metric.formula
            assert isinstance(scorer, Metric)
            chosen = {s: metric.stats[s] for s in systems}
            result = block_test(scorer, chosen, n_blocks=20)
            rows = []
            previous = None
            for entry in result.ranking:  # ascending mean block score (the paper's order)
                test = entry.vs_neighbour
                p_boot, agrees = "", ""
                if previous is not None and test is not None:
                    paired = paired_bootstrap(
                        scorer,
                        {previous: chosen[previous], entry.system: chosen[entry.system]},
                        n_samples=bootstrap.n_resamples,
                        seed=bootstrap.seed,
                    )
                    p_boot = f"{paired.results[1].p_value:.3f}"
                    better = mqm_scores[entry.system] > mqm_scores[previous]
                    agrees = "yes" if better == metric.higher_is_better else "no"
                rows.append(
                    [
                        str(entry.rank),
                        entry.system,
                        f"{entry.score:.2f}",
                        f"{entry.mean:.2f}",
                        f"{entry.std:.2f}",
                        f"{test.t:.2f}" if test else "",
                        f"{test.p_one_sided:.3f}" if test else "",
                        p_boot,
                        f"{mqm_scores[entry.system]:.3f}",
                        agrees,
                    ]
                )
                previous = entry.system
            sizes = sorted(set(result.block_sizes))
            parts.append(
                f"**{pair_name}, {metric.name}** (20 blocks of {'/'.join(map(str, sizes))} "
                "segments; t and p against the system in the row above)\n\n"
                + table(
                    [
                        "rank",
                        "system",
                        "corpus",
                        "block mean",
                        "block std",
                        "t",
                        "p (t, one-sided)",
                        "p (paired bootstrap)",
                        "MQM",
                        "MQM agrees",
                    ],
                    rows,
                )
            )
    return "\n\n".join(parts)


# -- (c) how many references --------------------------------------------------------------------


def mixed_references(pair: Pair, letters: Sequence[str], seed: int) -> ReferenceSet:
    """One reference per segment, drawn uniformly at random from `letters` (seeded)."""
    rng = random.Random(seed)
    choice = [rng.choice(letters) for _ in range(pair.n_segments)]
    streams = tuple(
        tuple(pair.references[x][i] if choice[i] == x else None for i in range(pair.n_segments))
        for x in letters
    )
    return ReferenceSet(streams)


def reference_study(
    pairs: dict[str, Pair], metrics: Sequence[str], seed: int, out: Path
) -> tuple[dict[str, str], list[str]]:
    pair = pairs["en-de"]
    letters = list(pair.references)
    names = list(pair.systems)
    settings = [*letters, "mixed", pair.all_refs()]
    da = read_system_scores(pair.human_file("da_sys.tsv")).scores
    mqm = human_segments(pair, "mqm_seg.tsv", "MQM")
    mqm_systems = match_systems(names, list(mqm.stats)).systems
    summary_rows, swap_rows, figures = [], [], []
    for metric in metrics:
        scores, every = {}, {}
        for refs in settings:
            references = mixed_references(pair, letters, seed) if refs == "mixed" else None
            every[refs] = pair.stats(metric, refs, references)
            scores[refs] = every[refs].system_scores(names)
        for refs in settings:
            stats = every[refs]
            r_da = system_correlation(stats, da, names, bootstrap=Bootstrap(0)).pearson.value
            r_mqm = system_correlation(stats, mqm, mqm_systems, bootstrap=Bootstrap(0)).pearson
            sign = 1 if metric != "ter" else -1
            comparison = compare_rankings(names, sign * scores[refs], sign * scores[settings[-1]])
            summary_rows.append(
                [
                    METRIC_LABEL[metric],
                    refs.replace("+", ", "),
                    f"{comparison.tau:.3f}",
                    str(len(comparison.swapped)),
                    f"{r_da:.3f}",
                    f"{r_mqm.value:.3f}",
                ]
            )
            if refs != settings[-1]:
                swaps = "; ".join(f"{a} > {b}" for b, a in comparison.swapped) or "none"
                swap_rows.append([METRIC_LABEL[metric], refs, swaps])
        pairwise = []
        for i, a in enumerate(letters):
            for b in letters[i + 1 :]:
                c = compare_rankings(names, scores[a], scores[b])
                pairwise.append(f"{a}-{b} {c.tau:.3f} ({len(c.swapped)} swaps)")
        summary_rows.append(
            [METRIC_LABEL[metric], "single vs single", "; ".join(pairwise), "", "", ""]
        )
        order = sorted(
            range(len(names)),
            key=lambda i: scores[settings[-1]][i] * (1 if metric != "ter" else -1),
        )
        sign = 1.0 if metric != "ter" else -1.0
        figures.append(
            Normalized(
                f"en-de {METRIC_LABEL[metric]}: one reference vs all",
                tuple(names[i] for i in order),
                tuple(
                    (
                        f"{'-' if sign < 0 else ''}{METRIC_LABEL[metric]} {refs}",
                        tuple(sign * scores[refs][i] for i in order),
                    )
                    for refs in [settings[-1], *letters]
                ),
            )
        )
    path = out / "references-en-de.svg"
    save(figures, str(path), columns=len(figures))
    tables = {
        "references": table(
            [
                "metric",
                "references",
                "Kendall tau vs all",
                "pairs swapped vs all",
                "r with DA",
                "r with MQM",
            ],
            summary_rows,
        ),
        "reference-swaps": table(
            [
                "metric",
                "references",
                "pairs ordered the other way than with all (all-refs order: first > second)",
            ],
            swap_rows,
        ),
    }
    return tables, [path.name]


# -- driver -------------------------------------------------------------------------------------


def update_doc(doc: Path, blocks: dict[str, str]) -> None:
    text = doc.read_text(encoding="utf-8")
    for name, body in blocks.items():
        begin, end = f"<!-- generated:{name} -->\n", f"\n<!-- /generated:{name} -->"
        pattern = re.compile(f"({re.escape(begin)}).*?({re.escape(end)})", re.DOTALL)
        if not pattern.search(text):
            raise SystemExit(f"{doc}: no block <!-- generated:{name} -->")
        text = pattern.sub(lambda m, body=body: m.group(1) + body + m.group(2), text)
    doc.write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(REPO.parent / "shared" / "data"))
    parser.add_argument(
        "--metrics", nargs="+", default=["bleu", "chrf", "ter"], choices=list(METRIC_LABEL)
    )
    parser.add_argument("--bootstrap", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--figures", default=str(REPO / "docs" / "figures"))
    parser.add_argument(
        "--update-doc", action="store_true", help="rewrite docs/paper-replication.md blocks"
    )
    args = parser.parse_args(argv)
    root = Path(args.data) / "newstest2021"
    if not root.is_dir():
        raise SystemExit(
            f"no WMT21 data at {root}: put ../shared/data beside the repository or pass --data"
        )
    out = Path(args.figures)
    out.mkdir(parents=True, exist_ok=True)
    pairs = {name: Pair(root / name) for name in PAIRS}
    bootstrap = Bootstrap(args.bootstrap, args.seed)
    started = time.perf_counter()
    study = correlate(pairs, args.metrics, bootstrap)
    blocks = correlation_tables(study)
    figures = correlation_figures(study, args.metrics, out)
    blocks["block-test"] = block_tables(pairs, args.metrics, bootstrap)
    reference_tables, reference_figures = reference_study(pairs, args.metrics, args.seed, out)
    blocks.update(reference_tables)
    figures += reference_figures
    blocks["figures"] = "\n".join(f"![{name}](figures/{name})" for name in figures)
    blocks["run"] = (
        f"metrics: {', '.join(METRIC_LABEL[m] for m in args.metrics)}; bootstrap: "
        f"{args.bootstrap} resamples, seed {args.seed}"
    )
    print(f"run time {time.perf_counter() - started:.0f} s", file=sys.stderr)
    for name, body in blocks.items():
        print(f"## {name}\n\n{body}\n")
    if args.update_doc:
        update_doc(REPO / "docs" / "paper-replication.md", blocks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
