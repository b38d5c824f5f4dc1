"""parbleu: BLEU and its family, exact and fast."""

from parbleu._version import __version__

__all__ = ["__version__"]
