"""Unigram F-measure: a tiny parbleu metric plug-in (tests/plugins/test_plugin.py)."""
