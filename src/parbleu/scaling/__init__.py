"""Corpora of any size: chunks of segments, files read in chunks, worker processes."""
