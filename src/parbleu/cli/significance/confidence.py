"""``-ci``: one system's score with its bootstrap estimate, ``(μ = mean ± ci)``, as sacreBLEU."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parbleu.cli.render import to_json
from parbleu.cli.requests import OutputRequest
from parbleu.metrics.base import AnyMetric
from parbleu.significance import ConfidenceInterval, confidence_interval
from parbleu.stats import Stats

__all__ = ["confidence_lines"]


def confidence_lines(
    output: OutputRequest,
    metrics: Sequence[AnyMetric],
    statistics: Sequence[dict[str, Stats]],
    *,
    n_samples: int,
    seed: int | None,
) -> list[str]:
    """The line (or JSON), as sacreBLEU's, of each metric's score with its bootstrap estimate."""
    width = output.width
    lines, dicts = [], []
    for metric, named in zip(metrics, statistics, strict=True):
        stats = next(iter(named.values()))
        interval = confidence_interval(metric, stats, n_samples=n_samples, seed=seed)
        score = metric.score_totals(stats.total(), interval.signature)
        estimate = interval.estimate
        mu = f"μ = {estimate.mean:.{width}f} ± {estimate.ci:.{width}f}"
        shown = f"{score.score:.{width}f}"
        if output.score_only:
            lines.append(f"{shown} ({mu})")
            continue
        line = score.format(width, signature=True, short=output.short)
        cut = line.index(" = ") + 3 + len(shown)
        lines.append(f"{line[:cut]} ({mu}){line[cut:]}")
        dicts.append(_confidence_dict(score.to_dict(width), interval, mu, width))
    if output.score_only:
        return lines
    if output.format == "json":
        return [to_json(dicts[0] if len(dicts) == 1 else dicts)]
    if len(lines) > 1:  # align on "=", as sacreBLEU does
        column = max(line.index(" = ") for line in lines)
        lines = [line.rjust(len(line) + column - line.index(" = ")) for line in lines]
    return lines


def _confidence_dict(
    fields: dict[str, Any], interval: ConfidenceInterval, mu: str, width: int
) -> dict[str, Any]:
    """The JSON of sacreBLEU (confidence keys after ``signature``) and the estimate."""
    estimate = interval.estimate
    out: dict[str, Any] = {}
    for key, value in fields.items():
        out[key] = value
        if key == "signature":
            out["confidence_mean"] = float(f"{estimate.mean:.{width}f}")
            out["confidence_var"] = float(f"{estimate.ci:.{width}f}")
            out["confidence"] = mu
    out["bootstrap"] = {
        "n_samples": interval.n_samples,
        "seed": interval.seed,
        "entropy": interval.entropy,
        "mean": estimate.mean,
        "ci": estimate.ci,
        "lower": estimate.lower,
        "upper": estimate.upper,
    }
    return out
