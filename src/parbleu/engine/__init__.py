"""The vectorized engine: text to token ids, clipped n-gram counts over whole corpora."""
