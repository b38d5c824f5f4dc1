"""The version of parbleu, read by packaging and written into every signature."""

__version__ = "0.1.0"
