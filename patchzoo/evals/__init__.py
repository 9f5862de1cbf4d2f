"""Parity of zoo models against their stock twins, and the lm-eval harness."""
