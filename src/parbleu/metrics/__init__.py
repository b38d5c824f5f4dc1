"""The metrics (BLEU, chrF, TER, NIST).

Each one prepares references, counts per-segment statistics and scores their sums.
"""
