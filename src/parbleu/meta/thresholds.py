"""How often people agree with a metric difference of a given size (Kocmi et al. 2024).

Kocmi, Zouhar, Federmann and Post (2024, "Navigating the Metrics Maze: Reconciling Score
Magnitudes and Accuracies", ACL 2024, section 4 and appendix) fit, for each metric, the
accuracy with which the sign of a system-level score difference ``delta`` agrees with human
judgments (over thousands of system pairs of Microsoft's in-house human evaluation):

    accuracy(delta) = A / (1 + exp(-B |delta|))        (A in percent)

A difference of 0 is a coin toss (about A/2 %); BLEU needs about 1.4 points and chrF about
1.0 for 70%. The coefficients below are transcribed from the authors' release
(github.com/kocmitom/MT-Thresholds, ``python-tool/mt_thresholds.py``, identical in
``web-tool/src/thresholds.json``); they reproduce the paper's appendix table (BLEU: 0.27 for
50%, 1.39 for 70%; chrF: 1.00 for 70%) and the README's example (BLEU 1.0: 63.989%).

They were fitted on scores as each tool reports them (BLEU and chrF on 0-100, COMET-style
metrics multiplied by 100) with sacreBLEU's default settings and one reference; a model is
matched to a parbleu score by its signature (`agreement_model`), never by the metric's type:
BLEU with ``tok:13a``, ``spBLEU101``/``spBLEU200`` with ``tok:flores101``/``flores200``,
chrF with ``nc:6|nw:0`` (chrF2), all with ``case:mixed``, ``eff`` and ``smooth`` at their
defaults. Other settings (and TER, NIST, ROUGE, METEOR) have no published model.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from parbleu.errors import InputError
from parbleu.signature import Signature

__all__ = [
    "AGREEMENT_MODELS",
    "AgreementModel",
    "agreement_matrix",
    "agreement_model",
    "human_agreement",
]


@dataclass(frozen=True)
class AgreementModel:
    """Kocmi et al.'s logistic model of one metric: ``A / (1 + exp(-B |delta|))``."""

    metric: str
    scale: float  # A, in percent
    slope: float  # B

    def probability(self, delta: float) -> float:
        """The probability (0-1) that humans order two systems as a difference `delta` does."""
        return self.scale / 100 / (1 + math.exp(-self.slope * abs(delta)))

    def delta(self, probability: float) -> float:
        """The smallest difference reaching `probability` (NaN where the model never does)."""
        if not 0.5 <= probability <= 1:
            raise InputError(f"probability must be between 0.5 and 1; got {probability}")
        ratio = self.scale / (probability * 100) - 1
        return -math.log(ratio) / self.slope if ratio > 0 else float("nan")


#: The published coefficients (Kocmi et al. 2024; MT-Thresholds ``mt_thresholds.py``).
AGREEMENT_MODELS: dict[str, AgreementModel] = {
    model.metric: model
    for model in (
        AgreementModel("BLEU", 88.33333333333225, 0.9663926931178954),
        AgreementModel("chrF", 92.999999999972, 1.1142732157139852),
        AgreementModel("spBLEU101", 84.58445492823891, 1.262507595109315),
        AgreementModel("spBLEU200", 90.99999999998793, 0.8079046528617078),
        AgreementModel("BLEURT-default", 94.66666666666666, 0.4947232832741672),
        AgreementModel("BLEURT-20", 98.33333333332963, 1.3727206190931929),
        AgreementModel("COMET-20", 97.33333333332897, 0.7266990738678005),
        AgreementModel("COMET-22", 96.22374133884283, 2.8359194570556636),
        AgreementModel("COMET-21-QE", 93.7997435048193, 43.38413992717536),
        AgreementModel("CometKiwi-22", 98.88141616584615, 2.719280643871758),
        AgreementModel("xCOMET-XXL", 98.93432477039522, 1.1629533711748128),
        AgreementModel("xCOMET-XL", 96.56738237041118, 1.4535595865214588),
        AgreementModel("CometKiwi-XXL", 96.23167242471065, 1.2826577343149304),
        AgreementModel("BERTScore", 94.99999999999999, 2.6823162097239917),
        AgreementModel("CometKiwi-23-XL", 96.39080593943235, 1.8888877927713834),
        AgreementModel("MetricX-23-large", 93.60777624544488, 26.277850179370947),
        AgreementModel("MetricX-23-QE-large", 97.99999999782683, 15.541455989240491),
    )
}

#: Signature fields (beyond nrefs and version) of the scores each model was fitted on.
_FITTED: tuple[tuple[str, dict[str, str]], ...] = (
    ("BLEU", {"case": "mixed", "eff": "no", "tok": "13a", "smooth": "exp"}),
    ("spBLEU101", {"case": "mixed", "eff": "no", "tok": "flores101", "smooth": "exp"}),
    ("spBLEU200", {"case": "mixed", "eff": "no", "tok": "flores200", "smooth": "exp"}),
    ("chrF", {"case": "mixed", "eff": "yes", "nc": "6", "nw": "0", "space": "no"}),
)


def _fields(signature: Signature | str) -> dict[str, str]:
    if isinstance(signature, Signature):
        fields = signature.as_dict()
    else:
        fields = dict(part.split(":", 1) for part in signature.split("|") if ":" in part)
    return {k: v for k, v in fields.items() if k not in ("nrefs", "version", "bs", "ar", "seed")}


def agreement_model(signature: Signature | str) -> AgreementModel | None:
    """The published model for a score with this signature, if there is one."""
    fields = _fields(signature)
    for name, fitted in _FITTED:
        if fields == fitted:
            return AGREEMENT_MODELS[name]
    return None


def human_agreement(delta: float, signature: Signature | str) -> float | None:
    """P(humans agree with a difference `delta`) for this score's metric (None: no model)."""
    model = agreement_model(signature)
    return None if model is None or math.isnan(delta) else model.probability(delta)


def agreement_matrix(
    signature: Signature | str, scores: Sequence[float]
) -> list[list[float | None]] | None:
    """For every pair of systems, the probability for their difference (None: no model)."""
    model = agreement_model(signature)
    if model is None:
        return None
    return [
        [None if i == j else model.probability(a - b) for j, b in enumerate(scores)]
        for i, a in enumerate(scores)
    ]
