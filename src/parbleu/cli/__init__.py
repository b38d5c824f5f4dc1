"""The ``parbleu`` command line."""
