"""``parbleu serve``: rewards and scores over HTTP for trainers elsewhere (docs/training.md).

`build_app` makes the aiohttp application (the ``serve`` extra: ``pip install
'parbleu[serve]'``), `ServeConfig` says how it runs, `load_datasets` preloads references by
dataset id. Endpoints: ``GET /health``, ``POST /v1/score`` (plain JSON batches of sentence
scores), ``POST /v1/reward`` (rewards in [0, 1]), ``POST /openrlhf`` and ``/get_reward``
(OpenRLHF's ``--remote_rm_url`` contract), ``POST /verl`` (verl's batch ``compute_score``).
"""

from parbleu.serve.app import ServeConfig, build_app
from parbleu.serve.datasets import Datasets, load_datasets

__all__ = ["Datasets", "ServeConfig", "build_app", "load_datasets"]
