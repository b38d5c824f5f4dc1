"""Drop-ins for evaluation harnesses, in their own signatures (docs/training.md).

`parbleu.integrations.lm_eval` has lm-evaluation-harness's BLEU, chrF and TER aggregation
functions and a bootstrap standard error that affords 100,000 resamples;
`parbleu.integrations.lighteval` has lighteval's corpus-level translation metric. Neither
harness is imported: the functions take the values the harness passes.
"""
